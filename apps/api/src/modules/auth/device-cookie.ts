import { createHmac, timingSafeEqual } from 'node:crypto';

const NAME = 'acompanha-device';
/** A session lives at most 90 days, and retention keeps its rows 30 days after it ends (030). */
const MAX_AGE_SECONDS = 120 * 24 * 60 * 60;

const signature = (key: Buffer, familyId: string) => createHmac('sha256', key).update(familyId).digest('base64url');

/**
 * The cookie that tells a device which session it last signed in to: that session's family, signed.
 * Sent back only to sign-in (its path), to no other site (SameSite=Strict) and never to scripts
 * (HttpOnly). It is no credential: it opens nothing, it only lets its device's sign-ins go first.
 */
export function deviceCookie(key: Buffer, familyId: string, secure: boolean) {
  const attributes = [`Path=/api/v1/auth/login`, `Max-Age=${MAX_AGE_SECONDS}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  return [`${NAME}=${familyId}.${signature(key, familyId)}`, ...attributes].join('; ');
}

/** The session family a request's device cookie names, when this server signed it. */
export function deviceFamily(key: Buffer, cookieHeader: string | undefined): string | undefined {
  const value = cookieHeader
    ?.split(';')
    .map((cookie) => cookie.trim())
    .find((cookie) => cookie.startsWith(`${NAME}=`))
    ?.slice(NAME.length + 1);
  const dot = value?.lastIndexOf('.') ?? -1;
  if (!value || dot <= 0) return undefined;
  const familyId = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signature(key, familyId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? familyId : undefined;
}
