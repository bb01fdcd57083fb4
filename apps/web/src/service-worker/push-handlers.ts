/**
 * What the service worker does with a push and a tap (decision 041), apart from the worker's
 * globals so that it can be tested. The worker (push-worker.ts) is built on its own and loaded by
 * Workbox's generated worker (vite.config.ts, `importScripts`): it must stay free of the app's
 * modules, so it reads the payload by hand rather than with the contract's zod schema.
 */

/** DECISIONS.md §5's `{ titulo, corpo, url }`, and the tag under which a newer push of a kind replaces the older. */
export interface PushMessage {
  titulo: string;
  corpo: string;
  url: string;
  tag: string;
}

/** The conversation with the team, which a team message opens. */
export const CHAT_PATH = '/chat';

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() !== '' ? value : fallback);

/** Reads a push's JSON liberally: a push the app cannot read still shows, as the app's name, opening the home. */
export function readPush(data: unknown): PushMessage {
  const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const url = text(fields.url, '/');
  return {
    titulo: text(fields.titulo, 'Acompanha'),
    corpo: text(fields.corpo, ''),
    // Only a path of this app: a push never sends the client elsewhere.
    url: url.startsWith('/') && !url.startsWith('//') ? url : '/',
    tag: text(fields.tag, url),
  };
}

/** A window of the app, as the worker sees it (WindowClient). */
export interface AppWindow {
  url: string;
  visibilityState: DocumentVisibilityState;
  focused: boolean;
}

const pathOf = (url: string) => new URL(url, 'https://acompanha.invalid').pathname;

/** A team message is not shown while the client has the conversation on screen: they are reading it. */
export function isOnScreen(message: PushMessage, windows: readonly AppWindow[]): boolean {
  return pathOf(message.url) === CHAT_PATH && windows.some((window) => window.visibilityState === 'visible' && pathOf(window.url) === CHAT_PATH);
}

/** The notification of a push: the app's icon, the monochrome badge Android shows in the status bar, and the screen to open. */
export function notificationOf(message: PushMessage): { title: string; options: NotificationOptions } {
  return {
    title: message.titulo,
    options: {
      body: message.corpo,
      icon: '/pwa-192x192.png',
      badge: '/badge-96x96.png',
      tag: message.tag,
      lang: 'pt-BR',
      data: { url: message.url },
    },
  };
}

/** The screen a tapped notification opens: its `url`, or the home. */
export function urlOfNotification(data: unknown): string {
  return readPush({ url: (data as { url?: unknown } | null)?.url }).url;
}

/**
 * Which open window a tap brings forward: one already showing the screen, else the focused one,
 * else any (it is then sent to the screen); none means a new window.
 */
export function windowForTap<T extends AppWindow>(windows: readonly T[], url: string): { window: T; navigate: boolean } | null {
  const showing = windows.find((window) => pathOf(window.url) === pathOf(url));
  if (showing) return { window: showing, navigate: false };
  const other = windows.find((window) => window.focused) ?? windows.find((window) => window.visibilityState === 'visible') ?? windows[0];
  return other ? { window: other, navigate: true } : null;
}
