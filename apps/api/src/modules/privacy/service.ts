import { CONSENT_PENDING_CODE, PRIVACY_VERSION, type ConsentRequest, type Privacy } from '@acompanha/contract';
import { inTransaction, type Db } from '../../db/database.js';
import { forbidden } from '../../errors.js';
import { currentConsents, hasConsent, insertConsent } from './repository.js';

/** What the client consented to, as `GET /api/v1/privacidade` answers it. */
export async function privacyOf(db: Db, userId: number): Promise<Privacy> {
  const given = await currentConsents(db, userId);
  return {
    termos: { versao: PRIVACY_VERSION, aceito_em: given.termos ?? null },
    consentimentos: { dados_de_saude: given.dados_de_saude ?? null, fotos: given.fotos ?? null },
  };
}

/** Gives a consent; one already given to this version stays as it was, with its first time. */
export async function giveConsent(db: Db, userId: number, { tipo, versao }: ConsentRequest, now = new Date()): Promise<Privacy> {
  await inTransaction(db, async (trx) => {
    if (!(await hasConsent(trx, userId, tipo))) await insertConsent(trx, userId, tipo, versao, now);
  });
  return privacyOf(db, userId);
}

/** Refuses what needs the client's consent to keep photos until they give it. */
export async function requirePhotoConsent(db: Db, userId: number) {
  if (!(await hasConsent(db, userId, 'fotos'))) {
    throw forbidden('Para enviar fotos, autorize antes que a equipe as guarde (Perfil › Privacidade).', CONSENT_PENDING_CODE);
  }
}
