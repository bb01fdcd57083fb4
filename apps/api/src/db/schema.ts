import type { ConsentKind, StaffChangeType } from '@acompanha/contract';
import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Portable column types: dates are `YYYY-MM-DD` text, timestamps ISO text, booleans 0/1 integers
 * (mapped at the repository edge), numbers double precision.
 */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  /** null until the person sets a password through a first-access link. */
  password_hash: string | null;
  /** Comma-separated role codes. */
  roles: string;
  created_at: string;
  /** A staff member's name, signing their messages; null for clients (their name is clients.nome). */
  nome: string | null;
  /** When an administrator disabled the account: it can no longer sign in (decision 040). */
  disabled_at: string | null;
  /** A staff member's professional registration (CREF, CRN), signing the evaluations they publish (decision 043). */
  registro: string | null;
}

export interface ClientsTable {
  user_id: number;
  nome: string;
  data_nascimento: string | null;
  /** The staff members who look after the client (DECISIONS.md §6): a ROLE_PERSONAL's and a ROLE_NUTRICIONISTA's id, or null. */
  personal_id: number | null;
  nutricionista_id: number | null;
}

/** Per client, what the team's list filters and orders by, kept by the writes that change it (modules/roster, decision 068). */
export interface RosterTable {
  client_id: number;
  /** The name's search key (lower case, no accents): the order by name. */
  nome_chave: string;
  /** The latest evaluation's expiry, null without one. */
  vencimento: string | null;
  /** When the latest session started, null before the first. */
  ultimo_treino: string | null;
  /** When the oldest client message the team has not read was sent, null when none waits. */
  aguardando_desde: string | null;
  /** When the newest message of the conversation was sent, from either side, null before the first. */
  ultima_mensagem_em: string | null;
  /** 1 while the client has set no password. */
  convite_pendente: Generated<number>;
  /** 1 while a check-in of the client waits for the team's review. */
  checkin_pendente: Generated<number>;
}

/** What the roster's search finds a client by: each suffix of their name's and e-mail's search key that starts a word. */
export interface RosterTermsTable {
  term: string;
  client_id: number;
}

export interface EvaluationsTable {
  id: Generated<number>;
  client_id: number;
  plano: string;
  vencimento: string;
  created_at: string;
  peso: number;
  altura: number;
  objetivo: string;
  consumo_ideal_agua: number | null;
  percentual_gordura: number | null;
  massa_magra: number | null;
  circunferencia_cintura: number | null;
  circunferencia_quadril: number | null;
  circunferencia_braco: number | null;
  circunferencia_coxa: number | null;
  circunferencia_peito: number | null;
  /** Skinfolds, in millimetres (migration 014). */
  dobra_triceps: number | null;
  dobra_subescapular: number | null;
  dobra_suprailiaca: number | null;
  dobra_abdominal: number | null;
  dobra_coxa: number | null;
  dobra_peitoral: number | null;
  dobra_axilar_media: number | null;
  /** Notes for the client; null when none. */
  observacoes: string | null;
  /** The team member who published it from the console; null for imports and demo data. */
  published_by: number | null;
  /** When it was published (the console or plan:import); null for evaluations stored before decision 040. */
  published_at: string | null;
  /**
   * Who signs it, copied from the publisher's account when it was published (decision 055): their
   * name, first professional role and registration then. All null without a publisher.
   */
  publisher_nome: string | null;
  publisher_papel: string | null;
  publisher_registro: string | null;
}

export interface DietsTable {
  id: Generated<number>;
  evaluation_id: number;
  titulo: string;
  is_dia_de_treino: number;
  posicao: number;
}

export interface MealsTable {
  id: Generated<number>;
  diet_id: number;
  titulo: string;
  posicao: number;
  is_horario_customizado: number;
  horario_customizado: string | null;
  horario_inicio: string | null;
  horario_fim: string | null;
}

export interface MealOptionsTable {
  id: Generated<number>;
  meal_id: number;
  posicao: number;
}

export interface MealGroupsTable {
  id: Generated<number>;
  option_id: number;
  descricao: string;
  posicao: number;
}

export interface WorkoutsTable {
  id: Generated<number>;
  evaluation_id: number;
  titulo: string;
  /** Comma-separated weekday codes. */
  dias: string;
  observacao: string | null;
  posicao: number;
}

export interface ActivitiesTable {
  id: Generated<number>;
  titulo: string;
  grupo_muscular: string;
  video: string | null;
  /** searchKey(titulo) and searchKey(grupo_muscular): what the library is searched and ordered by (migration 015). */
  titulo_chave: string;
  grupo_chave: string;
  /** When the team retired it: kept for the plans that name it, out of the library's lists; null while in the library. */
  retired_at: string | null;
}

export interface ExercisesTable {
  id: Generated<number>;
  workout_id: number;
  activity_id: number;
  posicao: number;
  series: number;
  repeticoes: string;
  carga: number | null;
  tempo_descanso: number;
  observacao: string | null;
  /** The activity as it was when the plan was published (decision 055): the library's may change since. */
  atividade_titulo: string;
  atividade_grupo_muscular: string;
  atividade_video: string | null;
}

/**
 * One row per refresh token; a family is every token rotated from one sign-in. A token's successor
 * is derived from the token itself (auth/tokens.ts), so no column links the two.
 */
export interface RefreshTokensTable {
  token_hash: string;
  family_id: string;
  user_id: number;
  expires_at: string;
  /** The family's end, its sign-in plus REFRESH_FAMILY_MAX_AGE_SECONDS: no rotation outlives it. */
  family_expires_at: string;
  /** When it was rotated; presenting it again answers its successor for a short while after. */
  spent_at: string | null;
  revoked_at: string | null;
}

export interface LinkTokensTable {
  token_hash: string;
  user_id: number;
  origin: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A staff account's TOTP secret, encrypted, and what keeps its codes single-use and few (decision 056). */
export interface SecondFactorsTable {
  user_id: number;
  secret: string;
  created_at: string;
  /** null while enrolling: sign-in asks for no code until a first one confirmed the secret. */
  confirmed_at: string | null;
  /** The latest TOTP time step a code was accepted for: a code of it or an earlier one is refused. */
  last_step: Generated<number>;
  /** Wrong codes since `failures_since`. */
  failures: Generated<number>;
  failures_since: string | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface OutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  /** Holds LINK_MARKER (email/mailer.ts) where the e-mail had its password link: never a token. */
  body: string;
  created_at: string;
  sent_at: string | null;
  last_error: string | null;
  /** The e-mail's password link while it can still be used and has not been relayed; then null. */
  link: string | null;
  /** The link's token hash (link_tokens.token_hash), to tell when it is used or expired. */
  link_token_hash: string | null;
  /** Relays tried so far (email/outbox.ts). */
  attempts: Generated<number>;
  /** When the next relay is due; null once sent or given up, and while no SMTP relay is configured. */
  next_attempt_at: string | null;
  reply_to: string | null;
}

/** A train-mode session: its id is the UUID the phone made, so a session sent again is the same one. */
export interface WorkoutSessionsTable {
  id: string;
  client_id: number;
  workout_id: number;
  iniciado_em: string;
  concluido_em: string;
  created_at: string;
  /** 'Como foi?' (decision 071): the effort 1 to 5, null when the client skipped it; then whether it hurt (0/1), where, and a note. */
  esforco: number | null;
  dor: number | null;
  dor_local: string | null;
  nota: string | null;
}

/** A set done in a session; (session, exercise, numero) names it. */
export interface SessionSetsTable {
  session_id: string;
  exercise_id: number;
  numero: number;
  carga: number;
  repeticoes: number;
  feito_em: string;
  /** 0/1: the load was far above that activity's history when logged (decision 072), possibly mistyped. */
  carga_suspeita: Generated<number>;
}

/** An exercise a session did as another activity: a library one (activity_id) or a name the client wrote (nome), never both. */
export interface SessionSwapsTable {
  session_id: string;
  exercise_id: number;
  activity_id: number | null;
  nome: string | null;
}

/** A job that runs once a day across instances (modules/retention) and when it is next due. */
export interface ScheduledJobsTable {
  name: string;
  next_run_at: string;
}

/**
 * A message of a client's conversation with the team. `author_id` is the client or the team member
 * who wrote it; `lida_em` is when the other side first read it.
 */
export interface MessagesTable {
  id: string;
  client_id: number;
  author_id: number;
  autor: 'CLIENTE' | 'EQUIPE';
  texto: string;
  enviada_em: string;
  lida_em: string | null;
}

/** The live stream's log (migration 009): `id` is the stream's cursor. */
export interface ConversationEventsTable {
  id: Generated<number>;
  client_id: number;
  tipo: 'mensagem' | 'leitura';
  /** The new message, for `mensagem`. */
  message_id: string | null;
  /** Which side read, and when, for `leitura`. */
  leitor: 'CLIENTE' | 'EQUIPE' | null;
  lida_em: string | null;
}

/** A client's plan as the team's editor last saved it (decision 040): one per client, unchecked. */
export interface PlanDraftsTable {
  client_id: number;
  /** JSON text of the plan file's shape, possibly incomplete. */
  plano: string;
  /** The evaluation the editor started from; null when the client had none. */
  avaliacao_base: number | null;
  updated_by: number;
  updated_at: string;
}

/** A device's push subscription (migration 013): the endpoint and keys its browser made, for the client who stored it. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  client_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** A client's notification settings (0/1 switches, `HH:mm` times read in `fuso_horario`) and their next reminder. */
export interface PushPreferencesTable {
  client_id: number;
  mensagens: number;
  treino: number;
  treino_horario: string;
  agua: number;
  agua_a_cada_horas: number;
  agua_inicio: string;
  agua_fim: string;
  fuso_horario: string | null;
  atualizado_em: string;
  /** When the next reminder is due; null when none is on. */
  proximo_lembrete_em: string | null;
  /** Until when an instance that claimed the due reminder holds it. */
  reservado_ate: string | null;
}

/** A reminder slot already sent to a client (`treino:2026-11-26`, `agua:2026-11-26T10:00`). */
export interface PushRemindersTable {
  client_id: number;
  slot: string;
  sent_at: string;
}

/** A push waiting to be sent to one device, claimed like the outbox (modules/push/queue.ts). */
export interface PushMessagesTable {
  id: Generated<number>;
  subscription_id: number;
  /** The JSON inside the encryption (the contract's PushPayload). */
  payload: string;
  /** The push service's Topic: a newer push of the same kind replaces one still undelivered. */
  topic: string;
  created_at: string;
  /** After it the push is stale and given up. */
  expires_at: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
}

/** A client's glasses of water on a local calendar day: a JSON array of ISO times, and the day's last 'Recomeçar'. */
export interface WaterDaysTable {
  client_id: number;
  data: string;
  registros: string;
  recomecado_em: string | null;
  atualizado_em: string;
}

/** When the team was last e-mailed about a client's unread messages, and the send time of the newest message it told of. */
export interface MessageAlertsTable {
  client_id: number;
  avisado_em: string;
  coberta_ate: string;
}

/** A staff change (decision 055): what was changed, by whom (null: an operator's command) and when. */
export interface StaffChangesTable {
  id: Generated<number>;
  tipo: StaffChangeType;
  actor_id: number | null;
  /** The activity's id for ATIVIDADE_*, the staff account's for the others. */
  target_id: number;
  /** JSON text of the changed fields before and after; null where there is no before or nothing to show. */
  antes: string | null;
  depois: string | null;
  created_at: string;
}

/** A photo (migration 019): its display copy and thumbnail are in the media storage, keyed by owner and id. */
export interface MediaTable {
  id: string;
  owner_id: number;
  /** Whose data it is: the client who sent it, or the client whose conversation a team member's photo went to; null until then. */
  client_id: number | null;
  largura: number;
  altura: number;
  /** The display copy's size and strong ETag (a hash of its bytes). */
  bytes: number;
  etag: string;
  miniatura_bytes: number;
  miniatura_etag: string;
  criada_em: string;
}

/** A photo of a message, at its place among the message's photos. */
export interface MessageMediaTable {
  message_id: string;
  posicao: number;
  media_id: string;
}

/** A consent a client gave to one version of the privacy notice, and when they withdrew it. */
export interface ConsentsTable {
  id: Generated<number>;
  user_id: number;
  tipo: ConsentKind;
  versao: string;
  aceito_em: string;
  retirado_em: string | null;
}

export interface Database {
  users: UsersTable;
  clients: ClientsTable;
  roster: RosterTable;
  roster_terms: RosterTermsTable;
  evaluations: EvaluationsTable;
  diets: DietsTable;
  meals: MealsTable;
  meal_options: MealOptionsTable;
  meal_groups: MealGroupsTable;
  workouts: WorkoutsTable;
  activities: ActivitiesTable;
  exercises: ExercisesTable;
  refresh_tokens: RefreshTokensTable;
  link_tokens: LinkTokensTable;
  second_factors: SecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
  outbox: OutboxTable;
  workout_sessions: WorkoutSessionsTable;
  session_sets: SessionSetsTable;
  session_swaps: SessionSwapsTable;
  scheduled_jobs: ScheduledJobsTable;
  messages: MessagesTable;
  conversation_events: ConversationEventsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_preferences: PushPreferencesTable;
  push_reminders: PushRemindersTable;
  push_messages: PushMessagesTable;
  water_days: WaterDaysTable;
  message_alerts: MessageAlertsTable;
  plan_drafts: PlanDraftsTable;
  staff_changes: StaffChangesTable;
  media: MediaTable;
  message_media: MessageMediaTable;
  checkin_settings: CheckinSettingsTable;
  checkins: CheckinsTable;
  consents: ConsentsTable;
}

export type UserRow = Selectable<UsersTable>;
export type EvaluationRow = Selectable<EvaluationsTable>;
export type NewEvaluation = Insertable<EvaluationsTable>;

/** A client's check-in day (a weekday code) and questions (JSON), once the team set them. */
export interface CheckinSettingsTable {
  client_id: number;
  dia: string;
  perguntas: string;
  updated_at: string;
}

/** A client's check-in of a week (its Monday); `medidas` and `respostas` are JSON; reviewed once `revisado_em` is set. */
export interface CheckinsTable {
  id: string;
  client_id: number;
  semana: string;
  peso: number | null;
  medidas: string;
  respostas: string;
  foto_frente: string | null;
  foto_lado: string | null;
  foto_costas: string | null;
  enviado_em: string;
  revisao_texto: string | null;
  revisao_autor_id: number | null;
  revisao_autor_nome: string | null;
  revisado_em: string | null;
}
