import { z } from 'zod/mini';
import type { LibraryActivity } from './activities.js';
import { roleSchema, tokenPairSchema, type AccessClaims, type Me, type TokenPair } from './auth.js';
import type { Client } from './clients.js';
import { isoDateSchema, timeOfDaySchema, type Paged } from './common.js';
import type { Diet, Group, Meal, MealOption } from './diets.js';
import { measurementsSchema, planSchema, type Evaluation } from './evaluations.js';
import { messageAuthorRoleSchema, messageAuthorSchema, UNNAMED_STAFF, type Message, type MessagePage } from './messages.js';
import { parseDecimal } from './number.js';
import type { HistoryEntry, Session } from './sessions.js';
import { ROSTER_FILTERS, type ConversationPage, type RosterEntry, type RosterFilterCounts, type RosterPage, type TeamSession } from './team.js';
import { weekdaySchema, type Exercise, type Workout } from './workouts.js';

/**
 * Reading schemas: how the web app reads the API's answers (DECISIONS.md §2, "reads every answer
 * liberally"). The strict schemas describe what the API itself sends; a backend that writes a
 * number as text, or leaves out a note, must not blank a screen. So each reader outputs the
 * contract's own type (`satisfies` checks it at compile time) and:
 * - coerces what has an obvious reading (numeric text, 0/1 booleans, `HH:mm:ss`, any-case days);
 * - turns a missing or unreadable optional field into null;
 * - drops a list item it cannot read (no usable id, title or other required field) rather than
 *   failing the list; the list itself must still be a list;
 * - strips unknown fields (zod's default).
 */

/** A number, or its text with a dot or a comma (`parseDecimal`, signed): '30' -> 30, '30,5' -> 30.5. */
const readNumber = z.union([
  z.number(),
  z.pipe(
    z.string(),
    z.transform((text, ctx) => {
      const value = parseDecimal(text, { signed: true });
      if (value === null) {
        ctx.issues.push({ code: 'custom', message: 'not a decimal number', input: text });
        return z.NEVER;
      }
      return value;
    }),
  ),
]);

const readId = z.pipe(readNumber, z.number().check(z.int()));

/** How many of something: a whole number, at least 0. */
const readCount = z.pipe(readNumber, z.number().check(z.int(), z.gte(0)));

/** Free text, also when a backend sent it as a number: 12 -> '12'. */
const readText = z.union([z.string(), z.pipe(z.number(), z.transform(String))]);

/** What names an item on screen: without it the item cannot be shown. */
const readTitle = z.pipe(readText, z.string().check(z.trim(), z.minLength(1)));

/** true/false, 0/1, or their text ('true', 'false', '1', '0'). */
const readBoolean = z.union([z.boolean(), z.pipe(z.literal([0, 1]), z.transform<0 | 1, boolean>(Boolean)), z.stringbool()]);

/** `HH:mm`, also with seconds (`HH:mm:ss`, as SQL and Java times print), cut to `HH:mm`. */
const readTime = z.pipe(
  z.pipe(
    z.string().check(z.regex(/^\d\d:\d\d(?::\d\d(?:\.\d+)?)?$/)),
    z.transform((time) => time.slice(0, 5)),
  ),
  timeOfDaySchema,
);

/** A field the screen can do without: missing or unreadable reads as null. */
function readOptional<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.nullable(schema), null);
}

/** A list whose unreadable items are dropped; anything but an array is still an error. */
function readList<T extends z.ZodMiniType>(item: T) {
  return z.pipe(
    z.array(z.unknown()),
    z.transform((values) =>
      values.flatMap((value) => {
        const read = item.safeParse(value);
        return read.success ? [read.data] : [];
      }),
    ),
  );
}

function readResults<T extends z.ZodMiniType>(item: T) {
  return z.object({ results: readList(item) });
}

// Two opaque strings: the strict shape is already as liberal as a reading can be.
export const tokenPairReadSchema = tokenPairSchema satisfies z.ZodMiniType<TokenPair>;

// The app reads who is signed in, nothing else: a token it cannot check (its session, its expiry) is the server's to refuse.
export const accessClaimsReadSchema = z.object({ sub: z.string(), user_id: readId }) satisfies z.ZodMiniType<
  Pick<AccessClaims, 'sub' | 'user_id'>
>;

export const meReadSchema = z.object({
  id: readId,
  email: z.string(),
  // A role this app does not know is no reason to refuse a sign-in; the staff check reads the known ones.
  roles: readList(roleSchema),
}) satisfies z.ZodMiniType<Me>;

export const clientReadSchema = z.object({
  id: readId,
  nome: z.string(),
  email: z.string(),
  data_nascimento: readOptional(isoDateSchema),
}) satisfies z.ZodMiniType<Client>;

const readMeasurement = readOptional(readNumber);
const measurementReaders = Object.fromEntries(
  Object.keys(measurementsSchema.shape).map((field) => [field, readMeasurement]),
) as Record<keyof typeof measurementsSchema.shape, typeof readMeasurement>;

export const evaluationReadSchema = z.object({
  id: readId,
  plano: planSchema,
  vencimento: isoDateSchema,
  created_at: z.iso.datetime({ offset: true, local: true }),
  peso: readNumber,
  altura: readNumber,
  objetivo: z.string(),
  consumo_ideal_agua: readOptional(readNumber),
  // Blank notes are none, as the team's editor stores them.
  observacoes: readOptional(z.string().check(z.trim(), z.minLength(1))),
  // Without a readable name and role the notes are shown unsigned.
  profissional: readOptional(
    z.object({ nome: readTitle, papel: messageAuthorRoleSchema, registro: readOptional(z.string().check(z.trim(), z.minLength(1))) }),
  ),
  ...measurementReaders,
}) satisfies z.ZodMiniType<Evaluation>;

// Not readList: the first evaluation decides the plan and the access, so dropping an unreadable
// latest one would put an older plan on screen, or even sign the client out as expired.
export const evaluationListReadSchema = z.object({ results: z.array(evaluationReadSchema) });

export const workoutReadSchema = z.object({
  id: readId,
  titulo: readTitle,
  dias: readList(weekdaySchema),
  observacao: readOptional(z.string()),
}) satisfies z.ZodMiniType<Workout>;
export const workoutPageReadSchema = readResults(workoutReadSchema);

export const exerciseReadSchema = z.object({
  id: readId,
  series: readNumber,
  repeticoes: readText,
  carga: readOptional(readNumber),
  tempo_descanso: readNumber,
  observacao: readOptional(z.string()),
  atividade: z.object({
    titulo: readTitle,
    // Typed as text by the contract, so "none" is the empty text; the panel shows '-' for it.
    grupo_muscular: z.catch(z.string(), ''),
    video: readOptional(z.string()),
  }),
}) satisfies z.ZodMiniType<Exercise>;
export const exercisePageReadSchema = readResults(exerciseReadSchema);

/** The activity library (train mode's swaps); an activity without a readable id or title is left out. */
export const activityListReadSchema = readResults(
  z.object({ id: readId, titulo: readTitle, grupo_muscular: z.catch(z.string(), ''), video: readOptional(z.string()) }) satisfies z.ZodMiniType<LibraryActivity>,
);

export const dietReadSchema = z.object({
  id: readId,
  titulo: readTitle,
  is_dia_de_treino: readBoolean,
}) satisfies z.ZodMiniType<Diet>;
export const dietPageReadSchema = readResults(dietReadSchema);

const groupReadSchema = z.object({ id: readId, descricao: readTitle }) satisfies z.ZodMiniType<Group>;
const mealOptionReadSchema = z.object({ id: readId, grupos: readList(groupReadSchema) }) satisfies z.ZodMiniType<MealOption>;

export const mealReadSchema = z.object({
  id: readId,
  titulo: readTitle,
  posicao: readNumber,
  is_horario_customizado: readBoolean,
  horario_customizado: readOptional(readTime),
  horario_inicio: readOptional(readTime),
  horario_fim: readOptional(readTime),
  opcoes: readList(mealOptionReadSchema),
}) satisfies z.ZodMiniType<Meal>;
export const mealListReadSchema = readList(mealReadSchema);

/** An exercise's best set of one past session; one whose numbers cannot be read is left out of the chart. */
export const historyEntryReadSchema = z.object({
  sessao_id: readText,
  data: z.string().check(z.refine((text) => !Number.isNaN(Date.parse(text)))),
  carga: readNumber,
  repeticoes: z.pipe(readNumber, z.number().check(z.int())),
  series: z.pipe(readNumber, z.number().check(z.int())),
  rm_estimado: readNumber,
}) satisfies z.ZodMiniType<HistoryEntry>;
export const exerciseHistoryReadSchema = readList(historyEntryReadSchema);

const dateTimeText = z.string().check(z.refine((text) => !Number.isNaN(Date.parse(text))));

const sessionSetReadSchema = z.object({
  exercicio_id: readId,
  numero: readId,
  carga: readNumber,
  repeticoes: readId,
  feito_em: dateTimeText,
});

/** A swap of a session; one that cannot be read is left out (its sets then read as the planned exercise's). */
const sessionSwapReadSchema = z.object({ exercicio_id: readId, atividade_id: readOptional(readId), nome: readTitle });

/** 'Como foi?': without a readable effort there is none; where it hurt and the note, when readable. */
const sessionFeedbackReadSchema = z.object({
  esforco: z.pipe(readId, z.number().check(z.gte(1), z.lte(5))),
  dor: z.catch(readBoolean, false),
  dor_local: readOptional(readTitle),
  nota: readOptional(readTitle),
});

/** A logged session; a set that cannot be read is left out, a session without a readable start is. */
export const sessionReadSchema = z.object({
  id: readText,
  treino_id: readId,
  iniciado_em: dateTimeText,
  concluido_em: dateTimeText,
  series: readList(sessionSetReadSchema),
  // Servers from before swaps send none.
  trocas: z.catch(readList(sessionSwapReadSchema), []),
  // Servers from before 'Como foi?' send none.
  como_foi: readOptional(sessionFeedbackReadSchema),
}) satisfies z.ZodMiniType<Session>;
export const sessionPageReadSchema = readResults(sessionReadSchema);

/** A session with its workout's title and its sets named: a title or a name that cannot be read shows as 'Treino' or 'Exercício'. */
export const namedSessionReadSchema = z.extend(sessionReadSchema, {
  treino_titulo: z.catch(readTitle, 'Treino'),
  series: readList(z.extend(sessionSetReadSchema, { atividade_nome: z.catch(readTitle, 'Exercício'), troca_de: readOptional(readTitle), carga_suspeita: z.catch(readBoolean, false) })),
  incompleta: z.catch(readBoolean, false),
}) satisfies z.ZodMiniType<TeamSession>;

/** A page of them. `total` tells whether there is more to load; without a readable one, a full page may have more. */
export const namedSessionPageReadSchema = z.object({
  results: readList(namedSessionReadSchema),
  total: readOptional(readCount),
}) satisfies z.ZodMiniType<Pick<Paged<TeamSession>, 'results'> & { total: number | null }>;

/** A message of the chat; one without a readable id, author or time is left out of the thread. */
export const messageReadSchema = z.object({
  id: readText,
  autor: messageAuthorSchema,
  // The thread names only the team's messages: a name it cannot read shows as the team's.
  autor_nome: z.catch(z.string(), UNNAMED_STAFF),
  autor_papel: readOptional(messageAuthorRoleSchema),
  texto: z.string(),
  // A photo without a readable id or size is left out; a message without photos has none.
  midias: z.catch(readList(z.object({ id: readText, largura: readCount, altura: readCount })), []),
  enviada_em: dateTimeText,
  lida_em: readOptional(dateTimeText),
}) satisfies z.ZodMiniType<Message>;

export const messagePageReadSchema = z.object({
  results: readList(messageReadSchema),
  // The badge does without a count it cannot read.
  nao_lidas: z.catch(readCount, 0),
}) satisfies z.ZodMiniType<MessagePage>;

/** A client on the team's list; one without a readable id or name is left out. */
export const rosterEntryReadSchema = z.object({
  id: readId,
  nome: readTitle,
  email: z.string(),
  plano: readOptional(planSchema),
  vencimento: readOptional(isoDateSchema),
  ultimo_treino: readOptional(dateTimeText),
  treinos_7_dias: z.catch(readCount, 0),
  dias_planejados: z.catch(readCount, 0),
  nao_lidas: z.catch(readCount, 0),
  aguardando_desde: readOptional(dateTimeText),
  // The inbox does without a preview it cannot read.
  ultima_mensagem: readOptional(z.object({ autor: messageAuthorSchema, texto: readText, enviada_em: dateTimeText })),
  // A mark it cannot read is left off: the list does without 'Convite pendente'.
  convite_pendente: z.catch(readBoolean, false),
  // Who looks after the client is left unnamed when it cannot be read.
  responsaveis: z.catch(z.object({ personal: readOptional(z.object({ id: readId, nome: z.string() })), nutricionista: readOptional(z.object({ id: readId, nome: z.string() })) }), {
    personal: null,
    nutricionista: null,
  }),
}) satisfies z.ZodMiniType<RosterEntry>;

/** A page of the roster: without a readable total, the page's own rows; without a filter's count, none shows. */
export const rosterPageReadSchema = z.object({
  results: readList(rosterEntryReadSchema),
  total: readOptional(readCount),
  filtros: z.catch(z.partialRecord(z.enum(ROSTER_FILTERS), z.catch(readCount, 0)), {}),
}) satisfies z.ZodMiniType<Pick<RosterPage, 'results'> & { total: number | null; filtros: Partial<RosterFilterCounts> }>;

/** A page of the inbox's conversations. */
export const conversationPageReadSchema = z.object({
  results: readList(rosterEntryReadSchema),
  total: readOptional(readCount),
}) satisfies z.ZodMiniType<Pick<ConversationPage, 'results'> & { total: number | null }>;
