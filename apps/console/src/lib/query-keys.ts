/** The console's cache keys: the list, and everything of one client under that client's prefix. */
export const teamKeys = {
  roster: ['equipe', 'lista'] as const,
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
