import { z } from 'zod/mini';
import { isoDateSchema, pagedSchema, resultsSchema } from './common.js';
import { planSchema } from './evaluations.js';
import { messageSchema } from './messages.js';
import { historyEntrySchema, sessionSchema } from './sessions.js';

/**
 * The team console's reading of its clients (DECISIONS.md §5): the list, and a client's page with
 * their sessions, progress per exercise and evaluations. Staff tokens only.
 */

/** A conversation's newest message, as the team's inbox previews it: the whole text (the console truncates it). */
export const lastMessageSchema = z.pick(messageSchema, { autor: true, texto: true, enviada_em: true });
export type LastMessage = z.infer<typeof lastMessageSchema>;

/** A client on the team's list, with what the team follows them by. */
export const rosterEntrySchema = z.object({
  id: z.number().check(z.int()),
  nome: z.string(),
  email: z.string(),
  /** Of the latest evaluation; null for a client without one. */
  plano: z.nullable(planSchema),
  vencimento: z.nullable(isoDateSchema),
  /** When the latest train-mode session started (ISO date-time). */
  ultimo_treino: z.nullable(z.string()),
  /** Sessions started in the last 7 days (168 hours). */
  treinos_7_dias: z.number().check(z.int()),
  /** The weekdays the current plan's workouts cover (0 to 7): what `treinos_7_dias` is measured against. */
  dias_planejados: z.number().check(z.int()),
  /** The client's messages the team has not read. */
  nao_lidas: z.number().check(z.int()),
  /** When the oldest of those was sent (ISO date-time): how long the client has waited; null when the team has read them all. */
  aguardando_desde: z.nullable(z.string()),
  /** The conversation's newest message, from either side; null before the first. */
  ultima_mensagem: z.nullable(lastMessageSchema),
  /** The client has not set a password with their first-access link yet ('Convite pendente'). */
  convite_pendente: z.boolean(),
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;
export const rosterSchema = resultsSchema(rosterEntrySchema);

/** The head of a client's page (`GET /api/v1/equipe/clientes/{id}`): their roster entry, with their profile and latest evaluation. */
export const clientHeaderSchema = z.extend(rosterEntrySchema, {
  data_nascimento: z.nullable(isoDateSchema),
  /** Of the latest evaluation, like `plano`; null for a client without one. */
  objetivo: z.nullable(z.string()),
  peso: z.nullable(z.number()),
  altura: z.nullable(z.number()),
});
export type ClientHeader = z.infer<typeof clientHeaderSchema>;

/**
 * A set of a client's session, with the name of the activity done: the exercise's, or the one it
 * was swapped for that day, and then `troca_de` names the exercise's.
 */
export const teamSessionSetSchema = z.extend(sessionSchema.shape.series._zod.def.element, { atividade_nome: z.string(), troca_de: z.nullable(z.string()) });
export type TeamSessionSet = z.infer<typeof teamSessionSetSchema>;

/**
 * A client's session as the team reads it (`GET /api/v1/equipe/clientes/{id}/sessoes`), and as the
 * client reads their own history (`GET /api/v1/sessoes`): with its workout's title and its sets named.
 */
export const teamSessionSchema = z.extend(sessionSchema, {
  treino_titulo: z.string(),
  series: z.array(teamSessionSetSchema),
});
export type TeamSession = z.infer<typeof teamSessionSchema>;
export const teamSessionPageSchema = pagedSchema(teamSessionSchema);

/** An exercise's sets within a session, as both apps list them; `trocaDe` names the planned activity when it was swapped. */
export interface ExerciseSets {
  exercicioId: number;
  nome: string;
  trocaDe: string | null;
  sets: TeamSessionSet[];
}

/** A session's sets by exercise, in the order the client first did each, each exercise's sets by number. */
export function setsByExercise(sets: readonly TeamSessionSet[]): ExerciseSets[] {
  const groups = new Map<number, ExerciseSets>();
  for (const set of sets) {
    const group = groups.get(set.exercicio_id);
    if (group) group.sets.push(set);
    else groups.set(set.exercicio_id, { exercicioId: set.exercicio_id, nome: set.atividade_nome, trocaDe: set.troca_de, sets: [set] });
  }
  return [...groups.values()].map((group) => ({ ...group, sets: [...group.sets].sort((a, b) => a.numero - b.numero) }));
}

/** The sessions of the pages loaded, each once: a session sent while paging moves the later ones a page down. */
export function sessionsOf(pages: readonly { results: readonly TeamSession[] }[]): TeamSession[] {
  const byId = new Map<string, TeamSession>();
  for (const session of pages.flatMap((page) => page.results)) if (!byId.has(session.id)) byId.set(session.id, session);
  return [...byId.values()];
}


/**
 * One activity's progress across every plan of the client (a new plan makes new exercises of the
 * same activities): the best set of each session, oldest first.
 */
export const activityProgressSchema = z.object({
  atividade_id: z.number().check(z.int()),
  nome: z.string(),
  pontos: z.array(historyEntrySchema),
});
export type ActivityProgress = z.infer<typeof activityProgressSchema>;
/** `GET /api/v1/equipe/clientes/{id}/progresso`: the activities by name. */
export const clientProgressSchema = resultsSchema(activityProgressSchema);
export type ClientProgress = z.infer<typeof clientProgressSchema>;
