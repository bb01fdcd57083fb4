import type { RosterEntry } from '../../lib/roster';

/**
 * The inbox's order: conversations with unread client messages first, the one waiting longest on
 * top; then the others, the latest message first. Clients who never wrote and were never written to
 * have no conversation to show.
 */
export function inboxOrder(clients: readonly RosterEntry[]): RosterEntry[] {
  const waiting = clients.filter((client) => client.nao_lidas > 0 && client.aguardando_desde !== null);
  const answered = clients.filter((client) => !waiting.includes(client) && client.ultima_mensagem !== null);
  waiting.sort((a, b) => a.aguardando_desde!.localeCompare(b.aguardando_desde!));
  answered.sort((a, b) => b.ultima_mensagem!.enviada_em.localeCompare(a.ultima_mensagem!.enviada_em));
  return [...waiting, ...answered];
}
