import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as roster from '../src/db/migrations/018-roster.js';
import { createClient, createSession, createUser, createWorkout, daysFromToday, insertMessage, sampleWorkout, TEST_SCRYPT_COST, useTestApp } from './helper.js';

describe('migration 018 fills the roster from what is stored', () => {
  const ctx = useTestApp();

  it("gives every client the row the writes would have kept, on both databases", async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema as it was before the migration
    const db = ctx.db as unknown as Kysely<any>;
    const ana = await createClient(ctx.db, { nome: 'Ána Migrada', evaluation: { vencimento: daysFromToday(7) } });
    const workoutId = await createWorkout(ctx.db, ana.evaluationId!, sampleWorkout('Migração'));
    await createSession(ctx.db, ana.id, workoutId, { id: randomUUID(), iniciado_em: '2026-11-20T10:00:00.000Z', concluido_em: '2026-11-20T11:00:00.000Z', series: [] });
    await insertMessage(ctx.db, { id: randomUUID(), clientId: ana.id, authorId: ana.id, autor: 'CLIENTE', texto: 'Oi', enviadaEm: new Date('2026-11-21T10:00:00.000Z') });
    await createClient(ctx.db, { nome: 'Bruno Sem Nada', evaluation: null });
    await createUser(ctx.db, { email: 'convidada@exemplo.com', scryptCost: TEST_SCRYPT_COST, client: { nome: 'Convidada' } });
    // The columns migration 018 made (021 added checkin_pendente, which its own down and up leave out).
    const rows = () =>
      db.selectFrom('roster').select(['client_id', 'nome_chave', 'vencimento', 'ultimo_treino', 'aguardando_desde', 'ultima_mensagem_em', 'convite_pendente']).orderBy('client_id').execute();
    const kept = await rows();
    expect(kept).toHaveLength(3);
    const terms = () => db.selectFrom('roster_terms').selectAll().orderBy('client_id').orderBy('term').execute();
    const keptTerms = await terms();

    await roster.down(db);
    await roster.up(db);

    expect(await rows()).toEqual(kept);
    expect(await terms()).toEqual(keptTerms);
    expect(keptTerms.filter((row) => row.client_id === ana.id).map((row) => row.term)).toEqual(expect.arrayContaining(['ana migrada', 'migrada']));
    expect(kept.find((row) => row.client_id === ana.id)).toMatchObject({
      nome_chave: 'ana migrada',
      vencimento: daysFromToday(7),
      ultimo_treino: '2026-11-20T10:00:00.000Z',
      aguardando_desde: '2026-11-21T10:00:00.000Z',
      ultima_mensagem_em: '2026-11-21T10:00:00.000Z',
      convite_pendente: 0,
    });
    expect(await db.selectFrom('clients').select(['personal_id', 'nutricionista_id']).where('user_id', '=', ana.id).executeTakeFirst()).toEqual({ personal_id: null, nutricionista_id: null });
  });
});
