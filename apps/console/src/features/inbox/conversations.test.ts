import { describe, expect, it } from 'vitest';
import type { RosterEntry } from '../../lib/roster';
import { inboxOrder } from './conversations';

let nextId = 1;
function buildClient(overrides: Partial<RosterEntry> = {}): RosterEntry {
  const id = nextId++;
  return {
    id,
    nome: `Cliente ${id}`,
    email: `cliente${id}@exemplo.com`,
    plano: 'PRO',
    vencimento: '2027-01-31',
    ultimo_treino: null,
    treinos_7_dias: 0,
    dias_planejados: 3,
    nao_lidas: 0,
    aguardando_desde: null,
    ultima_mensagem: null,
    convite_pendente: false,
    responsaveis: { personal: null, nutricionista: null },
    ...overrides,
  };
}

/** A client whose last `count` messages wait for the team, the oldest sent at `since`. */
const waiting = (nome: string, since: string, lastAt: string, count = 1) =>
  buildClient({ nome, nao_lidas: count, aguardando_desde: since, ultima_mensagem: { autor: 'CLIENTE', texto: 'Oi?', enviada_em: lastAt } });

/** A client whose conversation the team has read, its newest message sent at `at`. */
const read = (nome: string, at: string, autor: 'CLIENTE' | 'EQUIPE' = 'EQUIPE') =>
  buildClient({ nome, ultima_mensagem: { autor, texto: 'Combinado.', enviada_em: at } });

const names = (clients: RosterEntry[]) => clients.map((client) => client.nome);

describe('inboxOrder', () => {
  it('puts unread conversations first, the longest waiting on top, then the rest by their newest message', () => {
    const clients = [
      read('Lido antigo', '2026-11-20T09:00:00.000Z'),
      waiting('Esperando há pouco', '2026-11-24T11:00:00.000Z', '2026-11-24T11:00:00.000Z'),
      read('Lido recente', '2026-11-24T12:00:00.000Z', 'CLIENTE'),
      waiting('Esperando há mais tempo', '2026-11-22T08:00:00.000Z', '2026-11-24T11:30:00.000Z', 3),
      read('Lido ontem', '2026-11-23T18:00:00.000Z'),
    ];

    expect(names(inboxOrder(clients))).toEqual(['Esperando há mais tempo', 'Esperando há pouco', 'Lido recente', 'Lido ontem', 'Lido antigo']);
  });

  it('ranks by waiting time, not by the newest message, among unread conversations', () => {
    // The one who wrote last has been waiting longest.
    const clients = [
      waiting('Escreveu uma vez', '2026-11-24T10:00:00.000Z', '2026-11-24T10:00:00.000Z'),
      waiting('Insistiu', '2026-11-23T10:00:00.000Z', '2026-11-24T12:00:00.000Z', 4),
    ];

    expect(names(inboxOrder(clients))).toEqual(['Insistiu', 'Escreveu uma vez']);
  });

  it('leaves out clients with no message, and does not change the list it is given', () => {
    const clients = [buildClient({ nome: 'Sem conversa' }), read('Lido', '2026-11-24T12:00:00.000Z'), buildClient({ nome: 'Também sem conversa' })];
    const before = names(clients);

    expect(names(inboxOrder(clients))).toEqual(['Lido']);
    expect(names(clients)).toEqual(before);
    expect(inboxOrder([])).toEqual([]);
  });
});
