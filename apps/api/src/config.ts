import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod/mini';
import { DEFAULT_SCRYPT_COST } from './modules/auth/passwords.js';

// zod/mini registers no locale (classic zod made English the default on building its first schema): English
// messages unless a locale was configured already (app.ts configures Portuguese, which wins either way).
if (!z.config().localeError) z.config(z.locales.en());

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.pipe(z.transform(emptyAsUndefined), z.optional(z.string()));

/** Names that Fastify's `trustProxy` (proxy-addr) takes for whole ranges. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

const isProxyAddress = (entry: string) => {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
};

/**
 * Whose X-Forwarded-For to believe, as Fastify's `trustProxy`: nobody (the default: a client could
 * forge its address), the proxies' addresses, a number of proxies in front, or everyone (`true`).
 */
const trustProxySchema = z.pipe(optionalString, z.transform((value, context) => {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    // Fastify 5.12 ignores a bare hop count, since a client that reaches the server directly could
    // forge the hops; setting one declares that only the proxies can, as `true` does.
    const hops = Number(value);
    return (_address: string, hop: number) => hop < hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) {
    // A mini transform's context has no addIssue: the issue goes straight into its list, as addIssue put it.
    context.issues.push({
      code: 'custom',
      message: `must be a number of proxies, or proxy addresses or CIDR ranges separated by commas; not ${wrong.join(', ')}`,
      input: value,
    });
    return z.NEVER;
  }
  return entries;
}));

/** Base64url text of exactly `bytes` bytes. */
const base64urlKey = (bytes: number, what: string) =>
  z.string().check(z.refine((text) => /^[A-Za-z0-9_-]+$/.test(text) && Buffer.from(text, 'base64url').length === bytes, `must be ${what}, base64url (${bytes} bytes)`));

const envSchema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'development'),
  HOST: z._default(z.string(), '0.0.0.0'),
  PORT: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(65535)), 8080),
  TRUST_PROXY: trustProxySchema,
  /**
   * How long a client may take to send a whole request (its headers within the lesser of this and
   * 10 s): a client that trickles bytes holds a connection no longer. Answers are not bounded by it.
   */
  REQUEST_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.gte(100), z.lte(300_000)), 30_000),
  /** Connections one instance holds at most; beyond it new ones are closed at once (a proxy tries another instance). */
  MAX_CONNECTIONS: z._default(z.coerce.number().check(z.int(), z.positive()), 1000),
  /**
   * Connections one caller address (IPv6: its /64) holds at most, a trusted proxy's not counted: one
   * address's slow connections cannot take all of MAX_CONNECTIONS. A browser holds up to six; a gym's
   * Wi-Fi or a carrier's shared address, a few people's.
   */
  MAX_CONNECTIONS_PER_ADDRESS: z._default(z.coerce.number().check(z.int(), z.positive()), 50),
  /** How often a live event stream sends a comment line, so that no proxy finds it idle (nginx closes after 60 s). */
  LIVE_HEARTBEAT_MS: z._default(z.coerce.number().check(z.int(), z.gte(10), z.lte(25_000)), 25_000),
  /** Event streams one account may hold on an instance (a phone's tabs, a console or two); a new one ends the oldest. */
  LIVE_STREAMS_PER_ACCOUNT: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 3),
  /**
   * On PostgreSQL, the longest a statement may run (decision 069): past it the server cancels it and
   * the request answers 503. A read of the console at 10,000 clients takes milliseconds.
   */
  STATEMENT_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.gte(100), z.lte(600_000)), 5000),
  DATA_DIR: z._default(z.string(), './data'),
  DATABASE_URL: optionalString,
  /** Shared rate limits and sign-in throttling for several instances; without it, each counts alone. */
  REDIS_URL: optionalString,
  /** Where the embedded default keeps photos (DATA_DIR/media unless set), private to the server's user like DATA_DIR. */
  MEDIA_DIR: optionalString,
  /**
   * Photos in an S3-compatible bucket that every instance shares, instead of MEDIA_DIR: the server's
   * URL when it is not AWS S3 (MinIO, Cloudflare R2), the bucket, its region and an access key pair.
   */
  S3_ENDPOINT: z.pipe(z.transform(emptyAsUndefined), z.optional(z.url({ protocol: /^https?$/, message: 'must be an http or https URL' }))),
  S3_BUCKET: optionalString,
  S3_REGION: z.pipe(z.transform(emptyAsUndefined), z._default(z.string(), 'us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  JWT_SECRET: z.pipe(z.transform(emptyAsUndefined), z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters')))),
  // A session's end reaches its access tokens at once (decision 029); the cap bounds what a leaked one is worth all the same.
  ACCESS_TOKEN_TTL: z._default(z.coerce.number().check(z.int(), z.positive(), z.lte(3600, 'must be at most 3600 seconds (an hour)')), 15 * 60),
  // A session (refresh family) lives at most 90 days (DECISIONS.md §2): no token of it may live longer.
  REFRESH_TOKEN_TTL: z._default(
    z.coerce.number().check(z.int(), z.positive(), z.lte(90 * 24 * 60 * 60, 'must be at most 7776000 seconds (90 days)')),
    30 * 24 * 60 * 60,
  ),
  SMTP_URL: optionalString,
  MAIL_FROM: z._default(z.string(), 'Acompanha <nao-responda@acompanha.app>'),
  APP_URL: optionalString,
  CONTACT_EMAIL: z._default(z.email(), 'equipe@acompanha.app'),
  SUPPORT_EMAIL: z._default(z.email(), 'suporte@acompanha.app'),
  /** The VAPID key pair that signs push notifications (base64url, as `web-push generate-vapid-keys` prints it); generated in DATA_DIR when absent. */
  VAPID_PUBLIC_KEY: z.pipe(z.transform(emptyAsUndefined), z.optional(base64urlKey(65, 'an uncompressed P-256 public key'))),
  VAPID_PRIVATE_KEY: z.pipe(z.transform(emptyAsUndefined), z.optional(base64urlKey(32, 'a P-256 private key'))),
  /** Who push services may contact about this server's pushes: `mailto:` or `https:`; CONTACT_EMAIL by default. */
  VAPID_SUBJECT: z.pipe(
    z.transform(emptyAsUndefined),
    z.optional(z.string().check(z.regex(/^(mailto:.+@.+|https:\/\/.+)$/, 'must be a mailto: or https: URL'))),
  ),
  WEB_DIST: optionalString,
  CONSOLE_DIST: optionalString,
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  // Lower than the default only to make tests fast: each step down halves a hash's time and memory.
  SCRYPT_COST: z._default(z.coerce.number().check(z.int(), z.gte(10), z.lte(20)), DEFAULT_SCRYPT_COST),
  DEMO_DATA: z.pipe(
    z.pipe(z.transform(emptyAsUndefined), z.optional(z.enum(['0', '1'], { message: 'must be 0 or 1' }))),
    z.transform((value) => value === '1'),
  ),
  /** Outside production, the day (YYYY-MM-DD) the demo data is dated from: end-to-end runs pin their calendar with it. */
  DEMO_TODAY: z.pipe(z.transform(emptyAsUndefined), z.optional(z.iso.date({ message: 'must be a date, YYYY-MM-DD' }))),
  /** Outside production, `off` counts each account's writes but never refuses one: `npm run bench:api` writes thousands a second as one client. */
  WRITE_LIMITS: z._default(z.enum(['on', 'off'], { message: 'must be on or off' }), 'on'),
  /**
   * Outside production, `on` lets a push subscription name a push service on loopback (http or
   * https): the test harnesses' stand-in push service. Off, a client cannot make the server post to
   * a port of its own machine.
   */
  PUSH_LOOPBACK: z._default(z.enum(['on', 'off'], { message: 'must be on or off' }), 'off'),
}).check(z.superRefine((env, context) => {
  if (env.NODE_ENV === 'production' && env.DEMO_TODAY) {
    context.addIssue({ code: 'custom', path: ['DEMO_TODAY'], message: 'is for tests only: production dates its demo data from the real day' });
  }
  if (env.NODE_ENV === 'production' && env.PUSH_LOOPBACK === 'on') {
    context.addIssue({ code: 'custom', path: ['PUSH_LOOPBACK'], message: 'is for tests only: production posts pushes to public push services only' });
  }
  if (env.NODE_ENV === 'production' && env.WRITE_LIMITS === 'off') {
    context.addIssue({ code: 'custom', path: ['WRITE_LIMITS'], message: 'is for benchmarks only: production limits every account' });
  }
  // A secret generated into one instance's DATA_DIR would make every other instance refuse its tokens.
  if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.JWT_SECRET) {
    context.addIssue({
      code: 'custom',
      path: ['JWT_SECRET'],
      message: 'required in production with DATABASE_URL: every instance must sign with the same secret',
    });
  }
  // Likewise the push key pair: a subscription made with one instance's key refuses the others' pushes.
  for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const) {
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env[name]) {
      context.addIssue({ code: 'custom', path: [name], message: 'required in production with DATABASE_URL: every instance must sign pushes with the same key pair' });
    }
  }
  if (env.S3_BUCKET) {
    for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'required with S3_BUCKET: the bucket is reached with its own access key pair' });
    }
  } else {
    // Settings for a bucket without the bucket would keep photos on this disk unnoticed.
    const given = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => env[name]);
    if (given.length > 0) {
      context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `required with ${given.join(' and ')}: without a bucket, photos are kept in MEDIA_DIR` });
    }
    // A photo written to one instance's MEDIA_DIR would be missing on every other instance.
    if (env.NODE_ENV === 'production' && env.DATABASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: "required in production with DATABASE_URL: one instance's disk is not another's, so every instance must keep photos in the same bucket",
      });
    }
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    const missing = env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    context.addIssue({ code: 'custom', path: [missing], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: give both, or neither' });
  }
}));

export type Config = Omit<z.infer<typeof envSchema>, 'APP_URL' | 'WEB_DIST' | 'CONSOLE_DIST' | 'VAPID_SUBJECT' | 'MEDIA_DIR'> & {
  APP_URL: string;
  /** An absolute path. */
  MEDIA_DIR: string;
  VAPID_SUBJECT: string;
  /** Folder of the built web app, or null when it should not be served. */
  WEB_DIST: string | null;
  /** Folder of the built team console, served at /equipe beside the web app. */
  CONSOLE_DIST: string;
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parses the environment once; a bad value stops start-up with a list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const config = parsed.data;
  return {
    ...config,
    DATA_DIR: path.resolve(config.DATA_DIR),
    MEDIA_DIR: path.resolve(config.MEDIA_DIR ?? path.join(config.DATA_DIR, 'media')),
    APP_URL: (config.APP_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    VAPID_SUBJECT: config.VAPID_SUBJECT ?? `mailto:${config.CONTACT_EMAIL}`,
    WEB_DIST: config.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
    CONSOLE_DIST: config.CONSOLE_DIST ?? path.join(repoRoot, 'apps/console/dist'),
  };
}
