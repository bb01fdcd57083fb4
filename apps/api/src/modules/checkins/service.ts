import {
  CHECKIN_POSES,
  DEFAULT_CHECKIN_QUESTIONS,
  mondayOf,
  readAnswer,
  weekdayOfDate,
  type Checkin,
  type CheckinAnswer,
  type CheckinSettings,
  type CurrentCheckin,
  type ParsedCheckinRequest,
  UNNAMED_STAFF,
} from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { addDays, daysFromToday } from '../../dates.js';
import { badField, clientNotFound, conflict, fieldConflict, notFound } from '../../errors.js';
import { consultationDay } from '../evaluations/repository.js';
import { ownedMedia } from '../media/repository.js';
import { isClient } from '../messages/repository.js';
import { sendTeamMessage, type Chat } from '../messages/service.js';
import { findCheckin, findSettings, findWeekCheckin, insertCheckin, latestEvaluationDate, reviewCheckin, saveSettings, staffName, toCheckin, type CheckinRow } from './repository.js';

const checkinNotFound = () => notFound('Check-in não encontrado.');

/** A client's check-in day and questions: the team's, else the defaults on the weekday of their latest evaluation (Monday without one). */
export async function settingsOf(db: Db, clientId: number): Promise<CheckinSettings> {
  const set = await findSettings(db, clientId);
  if (set) return set;
  const evaluated = await latestEvaluationDate(db, clientId);
  return { dia: evaluated ? weekdayOfDate(consultationDay(evaluated)) : 'SEGUNDA', perguntas: [...DEFAULT_CHECKIN_QUESTIONS] };
}

/** `GET /api/v1/checkins/atual`: this week (its Monday), the client's day and questions, and the week's check-in if sent. */
export async function currentCheckin(db: Db, clientId: number, today = daysFromToday(0)): Promise<CurrentCheckin> {
  const semana = mondayOf(today);
  const { dia, perguntas } = await settingsOf(db, clientId);
  const row = await findWeekCheckin(db, clientId, semana);
  return { semana, dia, perguntas, checkin: row ? toCheckin(row) : null };
}

/** The answers checked against the client's questions, each kept with its question as it reads now. */
function readAnswers(settings: CheckinSettings, respostas: ParsedCheckinRequest['respostas']): CheckinAnswer[] {
  const questions = new Map(settings.perguntas.map((question) => [question.id, question]));
  const answered = new Map<string, CheckinAnswer>();
  respostas.forEach((answer, index) => {
    const question = questions.get(answer.pergunta_id);
    if (!question) throw badField(`respostas.${index}.pergunta_id`, 'não é uma pergunta do seu check-in.');
    if (answered.has(question.id)) throw badField(`respostas.${index}.pergunta_id`, 'esta pergunta já foi respondida.');
    const read = readAnswer(question.tipo, answer.valor);
    if ('error' in read) throw badField(`respostas.${index}.valor`, read.error);
    if (read.value !== null) answered.set(question.id, { pergunta_id: question.id, texto: question.texto, tipo: question.tipo, valor: read.value });
  });
  const missing = settings.perguntas.find((question) => question.obrigatoria && !answered.has(question.id));
  if (missing) throw badField('respostas', `responda “${missing.texto}”.`);
  // In the questions' order.
  return settings.perguntas.flatMap((question) => answered.get(question.id) ?? []);
}

/**
 * Stores the client's check-in of a week: this one, or the week before (sent late, offline). One a
 * week: the same id again answers the stored one; another id for a week already sent is a
 * conflict. The photos must be the client's own.
 */
export async function submitCheckin(db: Db, clientId: number, request: ParsedCheckinRequest, now = new Date(), today = daysFromToday(0)): Promise<{ created: boolean; checkin: Checkin }> {
  const stored = async () => {
    const existing = await findCheckin(db, request.id);
    if (!existing) return undefined;
    if (existing.client_id !== clientId) throw fieldConflict('id', 'já existe outro check-in com este id.');
    return { created: false, checkin: toCheckin(existing) };
  };
  const replayed = await stored();
  if (replayed) return replayed;

  const thisWeek = mondayOf(today);
  if (mondayOf(request.semana) !== request.semana) throw badField('semana', 'deve ser a segunda-feira da semana.');
  if (request.semana > thisWeek || request.semana < addDays(thisWeek, -7)) throw badField('semana', `deve ser esta semana (${thisWeek}) ou a anterior.`);
  if (await findWeekCheckin(db, clientId, request.semana)) throw fieldConflict('semana', 'o check-in desta semana já foi enviado.');

  const respostas = readAnswers(await settingsOf(db, clientId), request.respostas);
  const photoIds = CHECKIN_POSES.flatMap((pose) => request.fotos[pose] ?? []);
  const own = new Set(photoIds.length === 0 ? [] : (await ownedMedia(db, clientId, photoIds)).map((row) => row.id));
  for (const pose of CHECKIN_POSES) {
    const id = request.fotos[pose];
    if (id && !own.has(id)) throw badField(`fotos.${pose}`, 'a foto não foi enviada por você.');
  }
  const medidas = Object.fromEntries(Object.entries(request.medidas).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  const row: CheckinRow = {
    id: request.id,
    client_id: clientId,
    semana: request.semana,
    peso: request.peso,
    medidas: JSON.stringify(medidas),
    respostas: JSON.stringify(respostas),
    foto_frente: request.fotos.frente,
    foto_lado: request.fotos.lado,
    foto_costas: request.fotos.costas,
    enviado_em: now.toISOString(),
    revisao_texto: null,
    revisao_autor_id: null,
    revisao_autor_nome: null,
    revisado_em: null,
  };
  if (await insertCheckin(db, row)) return { created: true, checkin: toCheckin(row) };
  // The same check-in sent twice at once, or another for the same week meanwhile.
  const raced = await stored();
  if (raced) return raced;
  throw fieldConflict('semana', 'o check-in desta semana já foi enviado.');
}

/** `dd/MM` of a `YYYY-MM-DD` date. */
const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/**
 * The team's review of a check-in: it is marked reviewed, and the same text reaches the client's
 * chat as a team message that names the week (with its push). Reviewed once.
 */
export async function reviewClientCheckin(chat: Chat, staffId: number, id: string, texto: string, now = new Date()): Promise<Checkin> {
  const row = await findCheckin(chat.db, id);
  if (!row) throw checkinNotFound();
  const autorNome = (await staffName(chat.db, staffId)) ?? UNNAMED_STAFF;
  if (!(await reviewCheckin(chat.db, id, { clientId: row.client_id, texto, autorId: staffId, autorNome, at: now }))) throw conflict('Este check-in já foi revisado.');
  await sendTeamMessage(chat, row.client_id, staffId, { texto: `Revisão do check-in da semana de ${dayMonth(row.semana)}:\n\n${texto}`, midias: [] }, now);
  return toCheckin((await findCheckin(chat.db, id))!);
}

/** Sets a client's check-in day and questions. */
export async function setClientSettings(db: Db, clientId: number, settings: CheckinSettings, now = new Date()) {
  if (!(await isClient(db, clientId))) throw clientNotFound();
  await saveSettings(db, clientId, settings, now);
  return settingsOf(db, clientId);
}

/** A client's check-in settings for the team; 404 for an id that is not a client's. */
export async function clientSettings(db: Db, clientId: number) {
  if (!(await isClient(db, clientId))) throw clientNotFound();
  return settingsOf(db, clientId);
}
