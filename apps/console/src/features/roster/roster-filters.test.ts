import { describe, expect, it } from 'vitest';
import type { RosterEntry } from '../../lib/roster';
import { filterClients } from './roster-filters';

let nextId = 1;
function buildClient(overrides: Partial<RosterEntry> = {}): RosterEntry {
  return {
    id: nextId++,
    nome: 'Cliente',
    email: `cliente${nextId}@exemplo.com`,
    plano: 'PRO',
    vencimento: '2027-01-31',
    ultimo_treino: '2026-11-23T12:00:00.000Z',
    treinos_7_dias: 3,
    dias_planejados: 4,
    nao_lidas: 0,
    aguardando_desde: null,
    ultima_mensagem: null,
    convite_pendente: false,
    responsaveis: { personal: null, nutricionista: null },
    ...overrides,
  };
}

// A local date-time, so that the calendar day is 2026-11-24 in any time zone.
const TODAY = new Date(2026, 10, 24, 15, 30);
const names = (clients: RosterEntry[]) => clients.map((client) => client.nome);

describe('filterClients: search', () => {
  const jose = buildClient({ nome: 'José Antônio', email: 'ze@exemplo.com' });
  const maria = buildClient({ nome: 'Maria Souza', email: 'maria.souza@corrida.com.br' });
  const clients = [jose, maria];

  it('finds a name whatever its case and accents', () => {
    expect(names(filterClients(clients, 'jose', [], TODAY))).toEqual(['José Antônio']);
    expect(names(filterClients(clients, 'ANTONIO', [], TODAY))).toEqual(['José Antônio']);
    expect(names(filterClients(clients, 'Antônio', [], TODAY))).toEqual(['José Antônio']);
  });

  it('finds an e-mail', () => {
    expect(names(filterClients(clients, 'corrida.com', [], TODAY))).toEqual(['Maria Souza']);
  });

  it('keeps everyone for an empty or blank search, and no one when nothing matches', () => {
    expect(names(filterClients(clients, '', [], TODAY))).toEqual(['José Antônio', 'Maria Souza']);
    expect(names(filterClients(clients, '   ', [], TODAY))).toEqual(['José Antônio', 'Maria Souza']);
    expect(filterClients(clients, 'pedro', [], TODAY)).toEqual([]);
  });
});

describe('filterClients: filters', () => {
  it("'vencendo' keeps plans ending today up to 10 days ahead", () => {
    const clients = [
      buildClient({ nome: 'Vencido ontem', vencimento: '2026-11-23' }),
      buildClient({ nome: 'Vence hoje', vencimento: '2026-11-24' }),
      buildClient({ nome: 'Vence em 10 dias', vencimento: '2026-12-04' }),
      buildClient({ nome: 'Vence em 11 dias', vencimento: '2026-12-05' }),
      buildClient({ nome: 'Sem plano', plano: null, vencimento: null }),
    ];

    expect(names(filterClients(clients, '', ['vencendo'], TODAY))).toEqual(['Vence hoje', 'Vence em 10 dias']);
  });

  it("'sem-treino' keeps clients with no session in the last 7 days", () => {
    const clients = [buildClient({ nome: 'Parado', treinos_7_dias: 0 }), buildClient({ nome: 'Ativo', treinos_7_dias: 1 })];

    expect(names(filterClients(clients, '', ['sem-treino'], TODAY))).toEqual(['Parado']);
  });

  it("'nao-lidas' keeps clients with unread messages", () => {
    const clients = [
      buildClient({ nome: 'Esperando', nao_lidas: 2, aguardando_desde: '2026-11-24T10:00:00.000Z' }),
      buildClient({ nome: 'Em dia', nao_lidas: 0 }),
    ];

    expect(names(filterClients(clients, '', ['nao-lidas'], TODAY))).toEqual(['Esperando']);
  });

  it('keeps only the clients that pass the search and every filter chosen', () => {
    const clients = [
      buildClient({ nome: 'Ana Parada', treinos_7_dias: 0, nao_lidas: 1 }),
      buildClient({ nome: 'Ana Ativa', treinos_7_dias: 2, nao_lidas: 1 }),
      buildClient({ nome: 'Ana Quieta', treinos_7_dias: 0, nao_lidas: 0 }),
      buildClient({ nome: 'Bruno Parado', treinos_7_dias: 0, nao_lidas: 1 }),
    ];

    expect(names(filterClients(clients, '', ['sem-treino', 'nao-lidas'], TODAY))).toEqual(['Ana Parada', 'Bruno Parado']);
    expect(names(filterClients(clients, 'ana', ['sem-treino', 'nao-lidas'], TODAY))).toEqual(['Ana Parada']);
  });
});
