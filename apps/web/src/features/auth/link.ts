import { LINK_ORIGINS, type LinkOrigin } from '@acompanha/contract';
import { STORAGE_KEYS, type TokenKey } from '../../lib/storage';

const LINK_TARGETS: Record<LinkOrigin, { tokenKey: TokenKey; next: string }> = {
  FORGOT_PASSWORD: { tokenKey: STORAGE_KEYS.forgotPasswordToken, next: '/reset-password' },
  FIRST_ACCESS: { tokenKey: STORAGE_KEYS.firstAccessToken, next: '/first-access' },
};

export type LinkLanding =
  | { kind: 'error'; to: string }
  | { kind: 'continue'; token: string; tokenKey: TokenKey; next: string };

const errorPage = (reason: string): LinkLanding => ({ kind: 'error', to: `/error?${new URLSearchParams({ reason })}` });

function isLinkOrigin(origin: string): origin is LinkOrigin {
  return (LINK_ORIGINS as readonly string[]).includes(origin);
}

/** Where an e-mailed link's landing goes, from its query (SPEC.md §2, /reset-password-fallback). */
export function resolveLinkLanding(params: URLSearchParams): LinkLanding {
  const token = params.get('token');
  const reason = params.get('reason');
  const origin = params.get('origin');
  const status = params.get('status');
  if (!token || !reason || !origin || !status) return errorPage('invalid-params');
  if (status !== 'success' || !isLinkOrigin(origin)) return errorPage(reason);
  return { kind: 'continue', token, ...LINK_TARGETS[origin] };
}
