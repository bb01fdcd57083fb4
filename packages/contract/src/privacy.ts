import { z } from 'zod/mini';

/**
 * The client's consents (DECISIONS.md §6, "Privacy"): the terms, the keeping of health data and the
 * keeping of photos of their body, each given to one version of the privacy notice and stored with
 * its time.
 */

/** The privacy notice's current version: a consent given to an older one is asked again. */
export const PRIVACY_VERSION = '2026-12-01';

export const CONSENT_KINDS = ['termos', 'dados_de_saude', 'fotos'] as const;
export const consentKindSchema = z.enum(CONSENT_KINDS);
export type ConsentKind = z.infer<typeof consentKindSchema>;

/** `GET /api/v1/privacidade`: each consent's time, null when not given to the current version. */
export const privacySchema = z.object({
  termos: z.object({ versao: z.string(), aceito_em: z.nullable(z.string()) }),
  consentimentos: z.object({ dados_de_saude: z.nullable(z.string()), fotos: z.nullable(z.string()) }),
});
export type Privacy = z.infer<typeof privacySchema>;

/** `POST /api/v1/privacidade/consentimentos`: a consent given to the version the client read. */
export const consentRequestSchema = z.strictObject({
  tipo: consentKindSchema,
  versao: z.string().check(z.refine((versao) => versao === PRIVACY_VERSION, `deve ser a versão atual (${PRIVACY_VERSION}).`)),
});
export type ConsentRequest = z.infer<typeof consentRequestSchema>;

/** The code of a 403 for a consent the client has not given yet: the app asks for it. */
export const CONSENT_PENDING_CODE = 'ConsentimentoPendente';
