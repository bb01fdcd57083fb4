/**
 * Every path of the API the apps call, in one module without zod: both apps' fetchers, index.html's
 * start script (which must stay a few KB) and the API's tests build their calls from it. Pages and
 * filters go in the call's query (packages/client's `params`), sized by pages.ts.
 */
export const paths = {
  login: '/v1/auth/login',
  refresh: '/v1/auth/refresh',
  logout: '/v1/auth/logout',
  me: '/v1/users/me',
  changePassword: '/v1/users/change-password',
  resetPasswordEmail: '/token/generate/reset-password',

  client: (userId: number) => `/v2/clientes/${userId}`,
  evaluations: (userId: number) => `/v1/clientes/${userId}/avaliacoes`,
  /** Home's first reads in one (decision 050). */
  home: (userId: number) => `/v1/clientes/${userId}/inicio`,
  workouts: (evaluationId: number) => `/v1/avaliacoes/${evaluationId}/treinos`,
  diets: (evaluationId: number) => `/v1/avaliacoes/${evaluationId}/dietas`,
  workout: (workoutId: number) => `/v1/treinos/${workoutId}`,
  exercises: (workoutId: number) => `/v1/treinos/${workoutId}/exercicios`,
  workoutSessions: (workoutId: number) => `/v1/treinos/${workoutId}/sessoes`,
  exercise: (exerciseId: number) => `/v1/exercicios/${exerciseId}`,
  exerciseHistory: (exerciseId: number) => `/v1/exercicios/${exerciseId}/historico`,
  diet: (dietId: number) => `/v1/dietas/${dietId}`,
  meals: (dietId: number) => `/v1/dietas/${dietId}/refeicoes`,
  sessions: '/v1/sessoes',
  /** A session's 'Como foi?', sent after the session itself. */
  session: (sessionId: string) => `/v1/sessoes/${sessionId}`,
  activities: '/v1/atividades',
  water: (date: string) => `/v1/agua/${date}`,
  messages: '/v1/mensagens',
  messagesRead: '/v1/mensagens/lidas',
  messageEvents: '/v1/mensagens/eventos',
  /** Photos (DECISIONS.md §6): uploaded here, then named by a message. */
  media: '/v1/midias',
  medium: (mediaId: string) => `/v1/midias/${mediaId}`,
  mediumThumbnail: (mediaId: string) => `/v1/midias/${mediaId}/miniatura`,
  privacy: '/v1/privacidade',
  consents: '/v1/privacidade/consentimentos',
  consent: (kind: string) => `/v1/privacidade/consentimentos/${kind}`,
  pushKey: '/v1/push/chave',
  pushSubscriptions: '/v1/push/assinaturas',
  pushTest: '/v1/push/teste',
  pushPreferences: '/v1/push/preferencias',
} as const;

/** The team console's paths (DECISIONS.md §5), apart, so that none of them is in the client app's bundle. */
export const teamPaths = {
  clients: '/v1/equipe/clientes',
  client: (clientId: number) => `/v1/equipe/clientes/${clientId}`,
  clientEvaluations: (clientId: number) => `/v1/equipe/clientes/${clientId}/avaliacoes`,
  clientSessions: (clientId: number) => `/v1/equipe/clientes/${clientId}/sessoes`,
  clientProgress: (clientId: number) => `/v1/equipe/clientes/${clientId}/progresso`,
  clientInvite: (clientId: number) => `/v1/equipe/clientes/${clientId}/convite`,
  clientMessages: (clientId: number) => `/v1/equipe/clientes/${clientId}/mensagens`,
  clientMessagesRead: (clientId: number) => `/v1/equipe/clientes/${clientId}/mensagens/lidas`,
  plans: (clientId: number) => `/v1/equipe/clientes/${clientId}/planos`,
  plan: (clientId: number, evaluationId: number) => `/v1/equipe/clientes/${clientId}/planos/${evaluationId}`,
  draft: (clientId: number) => `/v1/equipe/clientes/${clientId}/rascunho`,
  /** Who looks after the client (DECISIONS.md §6). */
  clientResponsibles: (clientId: number) => `/v1/equipe/clientes/${clientId}/responsaveis`,
  /** The enabled trainers and nutritionists a client can be given to (decision 068). */
  professionals: '/v1/equipe/profissionais',
  conversations: '/v1/equipe/conversas',
  events: '/v1/equipe/eventos',
  activities: '/v1/equipe/atividades',
  activity: (activityId: number) => `/v1/equipe/atividades/${activityId}`,
  activityMerge: (activityId: number) => `/v1/equipe/atividades/${activityId}/mesclar`,
  members: '/v1/equipe/membros',
  member: (memberId: number) => `/v1/equipe/membros/${memberId}`,
  memberDisable: (memberId: number) => `/v1/equipe/membros/${memberId}/desativar`,
  memberEnable: (memberId: number) => `/v1/equipe/membros/${memberId}/reativar`,
  staffChanges: '/v1/equipe/auditoria',
  secondFactor: '/v1/equipe/verificacao',
  /** A step of the second factor: `confirmar` the enrolment, `desativar` it, `codigos-recuperacao` for new codes. */
  secondFactorStep: (step: string) => `/v1/equipe/verificacao/${step}`,
} as const;
