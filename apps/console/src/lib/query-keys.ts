/** The console's cache keys: the lists (each page under its list's prefix), and everything of one client under that client's prefix. */
export const teamKeys = {
  /** Every page of the roster (the Clientes screen's, the navigation's counts, the plan editor's search). */
  roster: ['equipe', 'lista'] as const,
  /** The inbox's pages of conversations. */
  inbox: ['equipe', 'conversas'] as const,
  professionals: ['equipe', 'profissionais'] as const,
  client: (id: number) => ['equipe', 'cliente', id] as const,
  header: (id: number) => ['equipe', 'cliente', id, 'ficha'] as const,
  conversation: (id: number) => ['equipe', 'cliente', id, 'conversa'] as const,
  sessions: (id: number) => ['equipe', 'cliente', id, 'sessoes'] as const,
  progress: (id: number) => ['equipe', 'cliente', id, 'progresso'] as const,
  evaluations: (id: number) => ['equipe', 'cliente', id, 'avaliacoes'] as const,
  plans: (id: number) => ['equipe', 'cliente', id, 'planos'] as const,
  plan: (id: number, evaluationId: number) => ['equipe', 'cliente', id, 'planos', evaluationId] as const,
  draft: (id: number) => ['equipe', 'cliente', id, 'rascunho'] as const,
  activities: ['equipe', 'atividades'] as const,
  staff: ['equipe', 'membros'] as const,
  secondFactor: ['equipe', 'verificacao'] as const,
  staffChanges: ['equipe', 'auditoria'] as const,
};
