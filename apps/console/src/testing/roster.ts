import type { ClientHeader, RosterEntry, RosterFilterCounts } from '@acompanha/contract';

let nextId = 100;

/** A client as the roster answers them: no plan, no session, no message, unless told. */
export function buildClient(overrides: Partial<RosterEntry> = {}): RosterEntry {
  const id = overrides.id ?? nextId++;
  return {
    id,
    nome: `Cliente ${id}`,
    email: `cliente${id}@exemplo.com`,
    plano: null,
    vencimento: null,
    ultimo_treino: null,
    treinos_7_dias: 0,
    dias_planejados: 0,
    nao_lidas: 0,
    aguardando_desde: null,
    ultima_mensagem: null,
    convite_pendente: false,
    responsaveis: { personal: null, nutricionista: null },
    ...overrides,
  };
}

/** The head of a client's page (`GET /api/v1/equipe/clientes/{id}`) over their roster entry. */
export const headerOf = (client: RosterEntry, overrides: Partial<ClientHeader> = {}): ClientHeader => ({
  ...client,
  data_nascimento: '1990-04-02',
  objetivo: null,
  peso: null,
  altura: null,
  ...overrides,
});

const NO_COUNTS: RosterFilterCounts = { vencendo: 0, sem_treino: 0, nao_lidas: 0, convite_pendente: 0, meus: 0, checkin_pendente: 0 };

/** `GET /api/v1/equipe/clientes`'s answer: a page of `results` among `total`, with the filters' counts. */
export function rosterAnswer(results: RosterEntry[], { page = 0, size = 50, total = results.length, filtros = {} }: { page?: number; size?: number; total?: number; filtros?: Partial<RosterFilterCounts> } = {}) {
  return { results, page, size, total, filtros: { ...NO_COUNTS, ...filtros } };
}
