import { accessClaimsReadSchema, tokenPairReadSchema, type TokenPair } from '@acompanha/contract';
import { jwtDecode } from 'jwt-decode';

/**
 * Where a session's token pair is kept in local storage: the client app's two plain keys (SPEC.md §3),
 * or the console's one key holding the pair as JSON, so that a client and a team member signed in on
 * the same browser never share a session.
 */
export type TokenKeys = { access: string; refresh: string } | { pair: string };

/** A session's token pair as the device keeps it, and who it names. */
export interface TokenStore {
  /** The key (or keys) it keeps, for the cross-tab refresh lock's name and for clearing. */
  readonly keys: readonly string[];
  read(): TokenPair | null;
  accessToken(): string | null;
  refreshToken(): string | null;
  store(pair: TokenPair): void;
  clear(): void;
  /** The user the stored access token names, or null for none or one that cannot be read. */
  userId(): number | null;
  /** Calls `listener` when this tab or another one stores or clears the pair; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

// The last token read and the user it names: stores bound to the user ask on each render (a set's
// tick reads the session several times), and decoding a token each time cost more than the render
// itself on a slow phone. A token's text never changes what it names.
let lastRead: { token: string; userId: number | null } | null = null;

/** The user an access token names (its `user_id` claim, SPEC.md §3), or null for no token or one that cannot be read. */
export function userIdOfToken(token: string | null): number | null {
  if (!token) return null;
  if (lastRead?.token === token) return lastRead.userId;
  let userId: number | null;
  try {
    userId = accessClaimsReadSchema.parse(jwtDecode(token)).user_id;
  } catch {
    userId = null;
  }
  lastRead = { token, userId };
  return userId;
}

export function tokenStore(keys: TokenKeys): TokenStore {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const read = (): TokenPair | null => {
    if ('pair' in keys) {
      try {
        return tokenPairReadSchema.safeParse(JSON.parse(localStorage.getItem(keys.pair) ?? 'null')).data ?? null;
      } catch {
        return null;
      }
    }
    const token = localStorage.getItem(keys.access);
    const refresh = localStorage.getItem(keys.refresh);
    return token !== null && refresh !== null ? { token, refresh_token: refresh } : null;
  };
  const stored = 'pair' in keys ? [keys.pair] : [keys.access, keys.refresh];
  return {
    keys: stored,
    read,
    // Tokens are kept as plain strings, without JSON quoting (DECISIONS.md §3).
    accessToken: () => ('pair' in keys ? (read()?.token ?? null) : localStorage.getItem(keys.access)),
    refreshToken: () => ('pair' in keys ? (read()?.refresh_token ?? null) : localStorage.getItem(keys.refresh)),
    store(pair) {
      if ('pair' in keys) localStorage.setItem(keys.pair, JSON.stringify(pair));
      else {
        localStorage.setItem(keys.access, pair.token);
        localStorage.setItem(keys.refresh, pair.refresh_token);
      }
      notify();
    },
    clear() {
      for (const key of stored) localStorage.removeItem(key);
      notify();
    },
    userId() {
      return userIdOfToken(this.accessToken());
    },
    subscribe(listener) {
      listeners.add(listener);
      // Another tab signing in or out changes this one too.
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || stored.includes(event.key)) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}
