import { z } from 'zod/mini';
import { timeOfDaySchema } from './common.js';

/**
 * Push notifications (DECISIONS.md §5, docs/decisions/041-push-notifications.md): the server's VAPID
 * key, a device's subscription, the account's reminder settings, and what a push carries.
 */

/** `GET /api/v1/push/chave`: the VAPID public key, base64url, for `pushManager.subscribe`. */
export const pushKeySchema = z.object({ chave_publica: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

/** The longest endpoint stored: push services' URLs are a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 2048;

/** Base64url text that decodes to exactly `bytes` bytes (with or without padding). */
const base64urlOf = (bytes: number, what: string) =>
  z
    .string()
    .check(
      z.regex(/^[A-Za-z0-9_-]+={0,2}$/, `deve ser ${what} em base64url.`),
      z.refine((text) => Math.floor((text.replace(/=+$/, '').length * 3) / 4) === bytes, `deve ter ${bytes} bytes.`),
    );

/**
 * `POST /api/v1/push/assinaturas`: a PushSubscription's JSON as the browser makes it
 * (`subscription.toJSON()`). `p256dh` is the device's P-256 public key (65 bytes, uncompressed),
 * `auth` its 16-byte secret (RFC 8291).
 */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'deve ser um endereço http(s).' }).check(z.maxLength(PUSH_ENDPOINT_MAX)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    p256dh: base64urlOf(65, 'uma chave pública P-256'),
    auth: base64urlOf(16, 'um segredo de 16 bytes'),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

/** `DELETE /api/v1/push/assinaturas` and `POST /api/v1/push/teste`: the device's endpoint. */
export const pushEndpointRequestSchema = z.strictObject({ endpoint: z.string().check(z.minLength(1), z.maxLength(PUSH_ENDPOINT_MAX)) });
export type PushEndpointRequest = z.infer<typeof pushEndpointRequestSchema>;

/**
 * What a push carries, encrypted (RFC 8291): DECISIONS.md §5's `{ titulo, corpo, url }` (`url` is
 * the screen a tap opens), and a `tag` under which a newer push of the same kind replaces the
 * older one on the device.
 */
export const pushPayloadSchema = z.object({
  titulo: z.string(),
  corpo: z.string(),
  url: z.string().check(z.startsWith('/')),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** The kinds of push, as their tags: a team message, the two reminders, and the settings' test. */
export const PUSH_TAGS = { mensagens: 'mensagens', treino: 'treino', agua: 'agua', teste: 'teste' } as const;

/** A team message's body on the lock screen holds at most this many characters (its ending cut with '…'). */
export const PUSH_BODY_MAX = 120;

/** Cuts `text` to `max` characters (whole code points), ending with '…' when it was longer. */
export function truncateText(text: string, max = PUSH_BODY_MAX): string {
  const characters = Array.from(text.trim());
  if (characters.length <= max) return characters.join('');
  return `${characters.slice(0, max - 1).join('').trimEnd()}…`;
}

/** Whether `zone` is an IANA time zone this runtime knows ('America/Sao_Paulo'). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(64), z.refine(isTimeZone, 'deve ser um fuso horário IANA (America/Sao_Paulo).'));

/** Water reminders come every 1 to 6 hours. */
export const WATER_REMINDER_HOURS = [1, 2, 3, 4, 6] as const;

const waterReminderSchema = z
  .strictObject({
    ativo: z.boolean(),
    a_cada_horas: z
      .number()
      .check(
        z.int(),
        z.refine((hours) => (WATER_REMINDER_HOURS as readonly number[]).includes(hours), `deve ser ${WATER_REMINDER_HOURS.join(', ')}.`),
      ),
    inicio: timeOfDaySchema,
    fim: timeOfDaySchema,
  })
  .check(z.refine(({ inicio, fim }) => inicio < fim, { message: 'deve começar antes de terminar.', path: ['fim'] }));

/**
 * The account's notification settings (`GET`/`PUT /api/v1/push/preferencias`): team messages,
 * the workout-day reminder at a time, water every N hours between two times. Times are read in
 * `fuso_horario`, the time zone of the device that saved them.
 */
export const pushPreferencesRequestSchema = z.strictObject({
  mensagens: z.boolean(),
  treino: z.strictObject({ ativo: z.boolean(), horario: timeOfDaySchema }),
  agua: waterReminderSchema,
  fuso_horario: timeZoneSchema,
});
export type PushPreferencesRequest = z.infer<typeof pushPreferencesRequestSchema>;

/** As stored; `fuso_horario` is null until a device saved them. */
export const pushPreferencesSchema = z.extend(pushPreferencesRequestSchema, { fuso_horario: z.nullable(z.string()) });
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

/** What an account has before it changes anything: team messages and the 07:00 workout reminder on, water off. */
export const DEFAULT_PUSH_PREFERENCES: PushPreferences = {
  mensagens: true,
  treino: { ativo: true, horario: '07:00' },
  agua: { ativo: false, a_cada_horas: 2, inicio: '08:00', fim: '20:00' },
  fuso_horario: null,
};

/** How the web app reads the settings: what it cannot read falls back to the defaults. */
export const pushPreferencesReadSchema = z.object({
  mensagens: z.catch(z.boolean(), DEFAULT_PUSH_PREFERENCES.mensagens),
  treino: z.catch(z.object({ ativo: z.boolean(), horario: timeOfDaySchema }), DEFAULT_PUSH_PREFERENCES.treino),
  agua: z.catch(
    z.object({ ativo: z.boolean(), a_cada_horas: z.number().check(z.int(), z.gte(1), z.lte(6)), inicio: timeOfDaySchema, fim: timeOfDaySchema }),
    DEFAULT_PUSH_PREFERENCES.agua,
  ),
  fuso_horario: z.catch(z.nullable(z.string()), null),
}) satisfies z.ZodMiniType<PushPreferences>;
