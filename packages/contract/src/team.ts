import { z } from 'zod/mini';
import { isoDateSchema, pageQuerySchema, pagedSchema, resultsSchema } from './common.js';
import { planSchema } from './evaluations.js';
import { messageSchema } from './messages.js';
import { staffRefSchema } from './plan-editor.js';
import { historyEntrySchema, sessionSchema } from './sessions.js';

/**
 * The team console's reading of its clients (DECISIONS.md §5): the list, and a client's page with
 * their sessions, progress per exercise and evaluations. Staff tokens only.
 */

/** A conversation's newest message, as the team's inbox previews it: the whole text (the console truncates it). */
export const lastMessageSchema = z.pick(messageSchema, { autor: true, texto: true, enviada_em: true });
export type LastMessage = z.infer<typeof lastMessageSchema>;

/** Who looks after the client (DECISIONS.md §6): at most one trainer and one nutritionist. */
export const responsiblesSchema = z.object({ personal: z.nullable(staffRefSchema), nutricionista: z.nullable(staffRefSchema) });
export type Responsibles = z.infer<typeof responsiblesSchema>;

/** `PUT /api/v1/equipe/clientes/{id}/responsaveis`: a ROLE_PERSONAL's and a ROLE_NUTRICIONISTA's ids, or null for none. */
export const responsiblesRequestSchema = z.object({
  personal_id: z.nullable(z.number().check(z.int(), z.positive())),
  nutricionista_id: z.nullable(z.number().check(z.int(), z.positive())),
});
export type ResponsiblesRequest = z.infer<typeof responsiblesRequestSchema>;

/**
 * `GET /api/v1/equipe/profissionais`: the enabled staff a client can be given to, by name: the
 * trainers (ROLE_PERSONAL) and the nutritionists (ROLE_NUTRICIONISTA). Any staff member reads it.
 */
export const professionalsSchema = z.object({ personal: z.array(staffRefSchema), nutricionista: z.array(staffRefSchema) });
export type Professionals = z.infer<typeof professionalsSchema>;

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
  responsaveis: responsiblesSchema,
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

/**
 * The roster's filters (DECISIONS.md §6), by their name in the query: expiring in 10 days, no
 * session in 7 days, unread messages, invitation pending, the signed-in member's own clients.
 */
export const ROSTER_FILTERS = ['vencendo', 'sem_treino', 'nao_lidas', 'convite_pendente', 'meus', 'checkin_pendente'] as const;
export type RosterFilter = (typeof ROSTER_FILTERS)[number];
/** The roster's orders: by name, by days left (no plan first), by last session (the longest without one first), longest waiting first. */
export const ROSTER_ORDERS = ['nome', 'vencimento', 'ultimo_treino', 'aguardando'] as const;
export type RosterOrder = (typeof ROSTER_ORDERS)[number];
/** The longest search the roster takes. */
export const ROSTER_SEARCH_MAX = 100;

/** An empty parameter (`filtro=`) is the same as none. */
const unlessEmpty = <T extends z.ZodMiniType>(schema: T) => z.pipe(z.transform((value: unknown) => (value === '' ? undefined : value)), z.optional(schema));

/** `GET /api/v1/equipe/clientes?page&size&busca&filtro&ordem`: a page of the roster, searched, filtered and ordered by the server. */
export const rosterQuerySchema = z.extend(pageQuerySchema, {
  busca: unlessEmpty(z.string().check(z.maxLength(ROSTER_SEARCH_MAX))),
  filtro: unlessEmpty(z.enum(ROSTER_FILTERS)),
  ordem: z.pipe(z.transform((value: unknown) => (value === '' || value === undefined ? 'nome' : value)), z.enum(ROSTER_ORDERS)),
});
export type RosterQuery = z.infer<typeof rosterQuerySchema>;

/** How many clients each filter shows, within the search: the chips' counts. */
export const rosterFilterCountsSchema = z.object(
  Object.fromEntries(ROSTER_FILTERS.map((filter) => [filter, z.number().check(z.int())])) as Record<RosterFilter, z.ZodMiniNumber<number>>,
);
export type RosterFilterCounts = z.infer<typeof rosterFilterCountsSchema>;

export const rosterPageSchema = z.extend(pagedSchema(rosterEntrySchema), { filtros: rosterFilterCountsSchema });
export type RosterPage = z.infer<typeof rosterPageSchema>;

/** `GET /api/v1/equipe/conversas?page&size`: the clients with a conversation, those waiting first (the longest on top), then by latest message. */
export const conversationPageSchema = pagedSchema(rosterEntrySchema);
export type ConversationPage = z.infer<typeof conversationPageSchema>;

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
export const teamSessionSetSchema = z.extend(sessionSchema.shape.series._zod.def.element, {
  atividade_nome: z.string(),
  troca_de: z.nullable(z.string()),
  /** Far above that activity's history when it was logged (`isSuspectLoad`): possibly mistyped. */
  carga_suspeita: z.boolean(),
});
export type TeamSessionSet = z.infer<typeof teamSessionSetSchema>;

/**
 * A client's session as the team reads it (`GET /api/v1/equipe/clientes/{id}/sessoes`), and as the
 * client reads their own history (`GET /api/v1/sessoes`): with its workout's title, its sets named,
 * and whether it left an exercise undone.
 */
export const teamSessionSchema = z.extend(sessionSchema, {
  treino_titulo: z.string(),
  series: z.array(teamSessionSetSchema),
  /** An exercise of the workout has no set in it: the client stopped before the end, or left one out. */
  incompleta: z.boolean(),
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
