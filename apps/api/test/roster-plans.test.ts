import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '../src/db/database.js';
import { fillBusiness } from './fill-business.js';
import { call, type TestContext, useTestApp } from './helper.js';
import { signInStaff } from './staff.js';

/**
 * The team's reads at a few thousand rows, by their query plans (decision 068): none reads a whole
 * table of sessions, sets or messages, or the whole roster, where an index would find its rows.
 * A missing index shows here as a full scan, whatever the machine's speed.
 */

/** The tables a read must never scan whole: they grow with every client's history. */
const GROWING = ['workout_sessions', 'session_sets', 'messages', 'roster', 'evaluations', 'clients'];

/** The tables each statement of these queries scans whole, by the database's own plan. */
async function fullScans(ctx: TestContext, queries: TestContext['queries']): Promise<string[]> {
  const scans: string[] = [];
  for (const query of queries.filter((one) => /^\s*select/i.test(one.sql))) {
    if (isPostgres(ctx.db)) {
      // At a few thousand rows PostgreSQL may rightly prefer reading a small table whole: with sequential
      // scans priced out, it still reads one whole only where no index can find the rows.
      const rows = await ctx.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return (await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${sql.raw(inline(query))}`.execute(trx)).rows;
      });
      const walk = (node: { 'Node Type'?: string; 'Relation Name'?: string; Plans?: unknown[] }) => {
        if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) scans.push(node['Relation Name']);
        for (const child of node.Plans ?? []) walk(child as typeof node);
      };
      walk((rows[0]!['QUERY PLAN'] as { Plan: Parameters<typeof walk>[0] }[])[0]!.Plan);
    } else {
      const { rows } = await sql<{ detail: string }>`explain query plan ${sql.raw(inline(query))}`.execute(ctx.db);
      // 'SCAN t' without an index is the whole table; 'SCAN t USING ... INDEX' reads an index in order.
      for (const { detail } of rows) {
        const match = /^SCAN (\w+)(?: AS \w+)?$/.exec(detail);
        if (match) scans.push(match[1]!);
      }
    }
  }
  return scans.filter((table) => GROWING.includes(table));
}

/** The statement with its parameters written in, for EXPLAIN (which takes none on PostgreSQL). */
function inline({ sql: text, parameters }: TestContext['queries'][number]) {
  const literal = (value: unknown) => (value === null ? 'null' : typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`);
  let next = 0;
  // SQLite's placeholders are `?` in order, PostgreSQL's `$1`, `$2`...
  return text.replace(/\$(\d+)|\?/g, (_placeholder, index: string | undefined) => literal(parameters[index === undefined ? next++ : Number(index) - 1]));
}

describe("the team's reads use an index at a real size", () => {
  const ctx = useTestApp();
  let token: string;
  let clientId: number;
  beforeAll(async () => {
    const { clients } = await fillBusiness(ctx.db, { clients: 300, sessionsEach: 10, messagesEach: 6 });
    clientId = clients[150]!;
    // Fresh statistics, as a database that has run a while has them.
    await sql`analyze`.execute(ctx.db);
    token = (await signInStaff(ctx)).token;
  });

  it.each([
    ['the roster by name', '/api/v1/equipe/clientes'],
    ['a search', '/api/v1/equipe/clientes?busca=joao'],
    ['vencendo', '/api/v1/equipe/clientes?filtro=vencendo'],
    ['sem_treino', '/api/v1/equipe/clientes?filtro=sem_treino'],
    ['nao_lidas', '/api/v1/equipe/clientes?filtro=nao_lidas'],
    ['convite_pendente', '/api/v1/equipe/clientes?filtro=convite_pendente'],
    ['meus', '/api/v1/equipe/clientes?filtro=meus'],
    ['checkin_pendente', '/api/v1/equipe/clientes?filtro=checkin_pendente'],
    ["the team's check-ins", '/api/v1/equipe/checkins'],
    ["a client's check-ins", '/api/v1/equipe/clientes/{id}/checkins'],
    ['by expiry', '/api/v1/equipe/clientes?ordem=vencimento'],
    ['by last session', '/api/v1/equipe/clientes?ordem=ultimo_treino&page=3'],
    ['waiting longest', '/api/v1/equipe/clientes?ordem=aguardando&page=2'],
    ['the conversations', '/api/v1/equipe/conversas?page=1'],
    ["a client's page head", '/api/v1/equipe/clientes/{id}'],
    ["a client's sessions", '/api/v1/equipe/clientes/{id}/sessoes'],
    ["a client's progress", '/api/v1/equipe/clientes/{id}/progresso'],
    ["a client's evaluations", '/api/v1/equipe/clientes/{id}/avaliacoes'],
    ["a client's conversation", '/api/v1/equipe/clientes/{id}/mensagens'],
  ])('%s scans no growing table whole', async (_name, url) => {
    ctx.queries.length = 0;
    const response = await call(ctx.app, 'GET', url.replace('{id}', String(clientId)), { token });
    expect(response.statusCode, response.body).toBe(200);
    expect(await fullScans(ctx, [...ctx.queries])).toEqual([]);
  });
});
