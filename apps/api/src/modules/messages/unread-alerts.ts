import { truncateText } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../email/mailer.js';
import { responsibleEmails } from '../roster/repository.js';
import { createWorker, type Worker, type WorkerLog } from '../../workers/worker.js';

/**
 * DECISIONS.md §5 and §6: an e-mail tells of a client's message nobody on the team has read in 30
 * minutes, at most one an hour per conversation. It goes to the staff who look after the client
 * (one e-mail each), and to the team's address (CONTACT_EMAIL) when nobody does. Each e-mail
 * tells of the messages waiting up to then; the next one needs a newer message still unread.
 * Every instance looks each minute; one conditional upsert per conversation decides which instance
 * sends (PostgreSQL's ON CONFLICT locks the row, and the loser finds its condition false).
 */

export const UNREAD_AFTER_MS = 30 * 60_000;
export const ALERT_INTERVAL_MS = 60 * 60_000;

interface Waiting {
  clientId: number;
  nome: string;
  /** The oldest unread message not told of yet, and the newest that is 30 minutes old. */
  first: { texto: string; enviada_em: string };
  newest: string;
  count: number;
}

/** Conversations with a client's message unread for 30 minutes that no e-mail told of, and no e-mail in the last hour. */
async function waitingConversations(db: Db, now: Date): Promise<Waiting[]> {
  const unreadSince = new Date(now.getTime() - UNREAD_AFTER_MS).toISOString();
  const alertedBefore = new Date(now.getTime() - ALERT_INTERVAL_MS).toISOString();
  // Read from the roster's waiting clients (by roster_aguardando_idx), not from every client of the business.
  const rows = await db
    .selectFrom('roster')
    .innerJoin('messages', 'messages.client_id', 'roster.client_id')
    .innerJoin('clients', 'clients.user_id', 'messages.client_id')
    .leftJoin('message_alerts', 'message_alerts.client_id', 'messages.client_id')
    .select((eb) => [
      'messages.client_id',
      'clients.nome',
      eb.fn.min('messages.enviada_em').as('oldest'),
      eb.fn.max('messages.enviada_em').as('newest'),
      eb.fn.countAll<number | string>().as('count'),
    ])
    .where('roster.aguardando_desde', '<=', unreadSince)
    .where('messages.autor', '=', 'CLIENTE')
    .where('messages.lida_em', 'is', null)
    .where('messages.enviada_em', '<=', unreadSince)
    .where((eb) => eb.or([eb('message_alerts.coberta_ate', 'is', null), eb('messages.enviada_em', '>', eb.ref('message_alerts.coberta_ate'))]))
    .where((eb) => eb.or([eb('message_alerts.avisado_em', 'is', null), eb('message_alerts.avisado_em', '<=', alertedBefore)]))
    .groupBy(['messages.client_id', 'clients.nome'])
    .limit(100)
    .execute();
  const waiting: Waiting[] = [];
  for (const row of rows) {
    const first = await db
      .selectFrom('messages')
      .select(['texto', 'enviada_em'])
      .where('client_id', '=', row.client_id)
      .where('autor', '=', 'CLIENTE')
      .where('lida_em', 'is', null)
      .where('enviada_em', '=', String(row.oldest))
      .executeTakeFirst();
    if (first) waiting.push({ clientId: row.client_id, nome: row.nome, first, newest: String(row.newest), count: Number(row.count) });
  }
  return waiting;
}

/** Takes the conversation's e-mail for this instance: false when another sent one within the hour (or is sending it). */
async function claimAlert(db: Db, clientId: number, newest: string, now: Date): Promise<boolean> {
  const alertedBefore = new Date(now.getTime() - ALERT_INTERVAL_MS).toISOString();
  const claimed = await db
    .insertInto('message_alerts')
    .values({ client_id: clientId, avisado_em: now.toISOString(), coberta_ate: newest })
    .onConflict((conflict) =>
      conflict
        .column('client_id')
        .doUpdateSet({ avisado_em: now.toISOString(), coberta_ate: newest })
        .where('message_alerts.avisado_em', '<=', alertedBefore),
    )
    .executeTakeFirst();
  return Number(claimed.numInsertedOrUpdatedRows ?? 0) > 0;
}

export interface UnreadAlertOptions {
  mailer: Pick<Mailer, 'send'>;
  contactEmail: string;
  /** The console's address, for the link to the conversation. */
  appUrl: string;
}

/** E-mails the team about each conversation waiting at `now`; returns the clients told of. */
export async function sendUnreadAlerts(db: Db, now: Date, { mailer, contactEmail, appUrl }: UnreadAlertOptions): Promise<number[]> {
  const told: number[] = [];
  for (const conversation of await waitingConversations(db, now)) {
    if (!(await claimAlert(db, conversation.clientId, conversation.newest, now))) continue;
    const minutes = Math.floor((now.getTime() - Date.parse(conversation.first.enviada_em)) / 60_000);
    const messages = conversation.count === 1 ? 'uma mensagem' : `${conversation.count} mensagens`;
    const responsibles = await responsibleEmails(db, conversation.clientId);
    for (const to of responsibles.length > 0 ? responsibles : [contactEmail]) {
      await mailer.send({
        to,
        subject: `Acompanha: ${conversation.nome} espera resposta há ${minutes} minutos`,
        text: [
          `${conversation.nome} enviou ${messages} que ninguém da equipe leu ainda. A primeira, há ${minutes} minutos:`,
          '',
          `"${truncateText(conversation.first.texto, 300)}"`,
          '',
          `Responda pelo console: ${appUrl}/equipe/clientes/${conversation.clientId}`,
        ].join('\n'),
      });
    }
    told.push(conversation.clientId);
  }
  return told;
}

/** Every instance looks each `pollMs` (a minute); the claim keeps each alert to one of them. */
export function createUnreadAlerts(db: Db, options: UnreadAlertOptions & { log: WorkerLog; now?: () => Date; pollMs?: number }): Worker {
  const { log, now = () => new Date(), pollMs = 60_000 } = options;
  return createWorker({
    name: 'unread alerts',
    intervalMs: pollMs,
    pass: async () => {
      await sendUnreadAlerts(db, now(), options);
    },
    log,
    failure: 'unread-message e-mails paused',
  });
}
