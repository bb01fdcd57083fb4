import { createHmac } from 'node:crypto';
import { tokenPairSchema, type TokenPair } from '@acompanha/contract';
import { expect, type Page } from '@playwright/test';

/**
 * One sign-in per account and worker, shared by the plan specs: every spec file signing in through
 * the form would run into the API's login limits (10 per account in 5 minutes, 30 a minute per
 * address). A pair is used while its access token has minutes left (it lives 15), so the app never
 * refreshes it: the app would spend the shared refresh token, and the next test replaying it more
 * than 30 s later would have the session revoked as a stolen token's (a slow CI run did). Past
 * that, the account signs in again, on a new session.
 */
const sessions = new Map<string, TokenPair>();
const SPARE_MS = 5 * 60_000;

function expiresAt(token: string): number {
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
  return claims.exp * 1000;
}

async function tokensFor(page: Page, email: string): Promise<TokenPair> {
  const cached = sessions.get(email);
  if (cached && expiresAt(cached.token) - Date.now() > SPARE_MS) return cached;
  const response = await page.request.post('/api/v1/auth/login', { data: { email, password: 'Treino2026' } });
  if (!response.ok()) throw new Error(`${email} could not sign in: ${response.status()}`);
  const tokens = tokenPairSchema.parse(await response.json());
  sessions.set(email, tokens);
  return tokens;
}

/** Opens `path` signed in as a demo account, as if it had signed in through /login before. */
export async function openSignedIn(page: Page, email: string, path = '/') {
  const tokens = await tokensFor(page, email);
  await page.addInitScript(({ token, refresh_token }) => {
    if (localStorage.getItem('refresh-token') === null) {
      localStorage.setItem('access-token', token);
      localStorage.setItem('refresh-token', refresh_token);
    }
  }, tokens);
  await page.goto(path);
  // The banner of the app itself, not of index.html's shell, which the app replaces as it renders.
  await expect(page.locator('[data-signed-in-shell]')).toHaveCount(0);
  await expect(page.getByRole('banner')).toBeVisible();
}

/** Signs in through /login as a demo account, as a client does; spare the API's login limits by using it only where the form itself matters. */
export async function signInThroughForm(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('Treino2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('banner')).toBeVisible();
}

/** The saved query cache as IndexedDB holds it (lib/query-persistence.ts), as JSON text; '' when there is none. */
export function savedQueryCache(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onsuccess = () => {
          const read = open.result.transaction('keyval').objectStore('keyval').get('acompanha-query-cache');
          read.onsuccess = () => resolve(JSON.stringify(read.result ?? ''));
          read.onerror = () => resolve('');
        };
        open.onerror = () => resolve('');
      }),
  );
}

/** The demo's second factors, published in the README (decision 056): admin@demo.fit's authenticator secret. */
const DEMO_TOTP_SECRETS: Record<string, string> = { 'admin@demo.fit': 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };

const TOTP_PERIOD_MS = 30_000;
const currentStep = () => Math.floor(Date.now() / TOTP_PERIOD_MS);

function base32Bytes(secret: string) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret].map((char) => alphabet.indexOf(char).toString(2).padStart(5, '0')).join('');
  return Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
}

/** RFC 6238's code of `step` (SHA-1, 6 digits), as an authenticator app shows it. */
function totpCode(secret: string, step: number) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * The server accepts each time step's code once, and the next step's a little early: a second
 * sign-in within one step (a repeated test) uses the next, and one more waits for the clock itself.
 */
const lastSteps = new Map<string, number>();
async function nextCode(email: string, secret: string) {
  const step = Math.max(currentStep(), (lastSteps.get(email) ?? 0) + 1);
  await expect.poll(currentStep, { timeout: 2 * TOTP_PERIOD_MS }).toBeGreaterThanOrEqual(step - 1);
  lastSteps.set(email, step);
  return totpCode(secret, step);
}

/** Signs a team member in to the console at /equipe/login, through its form (and the second factor's step, for the demo administrator). */
export async function signInToConsole(page: Page, email: string) {
  await page.goto('/equipe/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('Treino2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  const secret = DEMO_TOTP_SECRETS[email];
  if (secret) {
    await page.getByLabel('Código de verificação').fill(await nextCode(email, secret));
    await page.getByRole('button', { name: 'Verificar' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
}
