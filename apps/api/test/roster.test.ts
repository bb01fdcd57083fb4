import { randomUUID } from 'node:crypto';
import type { ConversationPage, Professionals, RosterEntry, RosterPage } from '@acompanha/contract';
import { describe, expect, it } from 'vitest';
import { setPasswordHash } from '../src/modules/auth/repository.js';
import { rebuildRoster, searchTerms } from '../src/modules/roster/repository.js';
import { runOnAFixedDay } from './fixed-day.js';
import {
  call,
  createClient,
  createEvaluation,
  createSession,
  createUser,
  createWorkout,
  daysFromToday,
  expectBadField,
  expectError,
  insertMessage,
  sampleWorkout,
  signIn,
  TEST_SCRYPT_COST,
  useTestApp,
  type TestContext,
} from './helper.js';
import { signInStaff } from './staff.js';

// 'vencendo' counts days from today; the sessions and messages are placed around it.
runOnAFixedDay();

const CLIENTS = '/api/v1/equipe/clientes';
const CONVERSATIONS = '/api/v1/equipe/conversas';
const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS);

async function read<T>(ctx: TestContext, token: string, url: string) {
  const response = await call(ctx.app, 'GET', url, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

const names = (page: { results: RosterEntry[] }) => page.results.map((entry) => entry.nome);

/**
 * A small business: eight clients whose names sort apart from accents and case, each with one
 * thing the filters and orders tell apart. Rafael looks after three of them, Marina after one.
 */
async function fillBusiness(ctx: TestContext) {
  const rafael = await signInStaff(ctx, ['ROLE_PERSONAL'], 'Rafael Costa');
  const marina = await signInStaff(ctx, ['ROLE_NUTRICIONISTA'], 'Marina Alves');
  const client = (nome: string, email: string, evaluation: NonNullable<Parameters<typeof createClient>[1]>['evaluation'] = {}) => createClient(ctx.db, { nome, email, evaluation });
  const joao = await client('João Álvares', 'joao@exemplo.com', { vencimento: daysFromToday(5) });
  const beatriz = await client('beatriz Lima', 'bia@exemplo.com', { vencimento: daysFromToday(40) });
  const caio = await client('Caio Érico', 'caio@exemplo.com', { vencimento: daysFromToday(10) });
  const debora = await client('Débora Nunes', 'debora.joaquina@exemplo.com', { vencimento: daysFromToday(-3) });
  const edu = await client('Eduardo Souza', 'edu@exemplo.com', null);
  const fabi = await client('Fabiana Reis', 'fabi@exemplo.com', { vencimento: daysFromToday(30) });
  const gil = await client('Gil Prado', 'gil@exemplo.com', { vencimento: daysFromToday(11) });
  // Without a password: 'convite pendente'.
  const helena = await createUser(ctx.db, { email: 'helena@exemplo.com', scryptCost: TEST_SCRYPT_COST, client: { nome: 'Helena Dias' } });

  // Sessions: beatriz and fabi trained this week, joão 9 days ago, the others never.
  const session = async (clientId: number, evaluationId: number, daysAgo: number) => {
    const workoutId = await createWorkout(ctx.db, evaluationId, sampleWorkout(`T${clientId}-${daysAgo}`));
    await createSession(ctx.db, clientId, workoutId, { id: randomUUID(), iniciado_em: ago(daysAgo).toISOString(), concluido_em: ago(daysAgo - 0.02).toISOString(), series: [] });
  };
  await session(beatriz.id, beatriz.evaluationId!, 2);
  await session(fabi.id, fabi.evaluationId!, 1);
  await session(joao.id, joao.evaluationId!, 9);

  // Messages: caio waits since 3 days, gil since 1 day; fabi's were read and answered; debora only heard from the team.
  const message = (clientId: number, autor: 'CLIENTE' | 'EQUIPE', daysAgo: number, read = false) =>
    insertMessage(ctx.db, { id: randomUUID(), clientId, authorId: autor === 'CLIENTE' ? clientId : rafael.id, autor, texto: `${autor} ${daysAgo}`, enviadaEm: ago(daysAgo), lidaEm: read ? ago(daysAgo - 0.01) : null });
  await message(caio.id, 'CLIENTE', 3);
  await message(caio.id, 'CLIENTE', 2);
  await message(gil.id, 'CLIENTE', 1);
  await message(fabi.id, 'CLIENTE', 5, true);
  await message(fabi.id, 'EQUIPE', 0.5);
  await message(debora.id, 'EQUIPE', 4);

  const assign = async (clientId: number, personal_id: number | null, nutricionista_id: number | null) =>
    expect((await call(ctx.app, 'PUT', `${CLIENTS}/${clientId}/responsaveis`, { token: rafael.token, payload: { personal_id, nutricionista_id } })).statusCode).toBe(200);
  await assign(joao.id, rafael.id, marina.id);
  await assign(edu.id, rafael.id, null);
  await assign(gil.id, rafael.id, null);

  return { rafael, marina, joao, beatriz, caio, debora, edu, fabi, gil, helena };
}

describe("the team's roster, paged, searched, filtered and ordered by the server", () => {
  const ctx = useTestApp();
  let business: Awaited<ReturnType<typeof fillBusiness>>;
  const page = (query: string, token = business.rafael.token) => read<RosterPage>(ctx, token, `${CLIENTS}?${query}`);

  it('answers the first page by name, ignoring accents and case, with the total and every filter’s count', async () => {
    business = await fillBusiness(ctx);
    const first = await page('');
    expect(names(first)).toEqual(['beatriz Lima', 'Caio Érico', 'Débora Nunes', 'Eduardo Souza', 'Fabiana Reis', 'Gil Prado', 'Helena Dias', 'João Álvares']);
    expect(first).toMatchObject({ page: 0, size: 50, total: 8 });
    expect(first.filtros).toEqual({ vencendo: 2, sem_treino: 6, nao_lidas: 2, convite_pendente: 1, meus: 3, checkin_pendente: 0 });
    // Marina's own clients are hers: 'meus' counts for whoever reads.
    expect((await page('', business.marina.token)).filtros.meus).toBe(1);
  });

  it('pages with page and size, the total telling how many there are', async () => {
    const pages = await Promise.all([0, 1, 2].map((n) => page(`page=${n}&size=3`)));
    expect(pages.map(names)).toEqual([
      ['beatriz Lima', 'Caio Érico', 'Débora Nunes'],
      ['Eduardo Souza', 'Fabiana Reis', 'Gil Prado'],
      ['Helena Dias', 'João Álvares'],
    ]);
    expect(pages.map((one) => [one.page, one.size, one.total])).toEqual([
      [0, 3, 8],
      [1, 3, 8],
      [2, 3, 8],
    ]);
    expect(names(await page('page=5&size=3'))).toEqual([]);
  });

  it.each([
    ['vencendo', ['Caio Érico', 'João Álvares']],
    ['sem_treino', ['Caio Érico', 'Débora Nunes', 'Eduardo Souza', 'Gil Prado', 'Helena Dias', 'João Álvares']],
    ['nao_lidas', ['Caio Érico', 'Gil Prado']],
    ['convite_pendente', ['Helena Dias']],
    ['meus', ['Eduardo Souza', 'Gil Prado', 'João Álvares']],
  ])('filters %s, its total the filter’s count', async (filtro, expected) => {
    const filtered = await page(`filtro=${filtro}`);
    expect(names(filtered)).toEqual(expected);
    expect(filtered.total).toBe(expected.length);
  });

  it.each([
    // No plan first, then the soonest expiry (an expired plan before a running one).
    ['vencimento', ['Eduardo Souza', 'Helena Dias', 'Débora Nunes', 'João Álvares', 'Caio Érico', 'Gil Prado', 'Fabiana Reis', 'beatriz Lima']],
    // Never trained first (by name), then the longest since the last session.
    ['ultimo_treino', ['Caio Érico', 'Débora Nunes', 'Eduardo Souza', 'Gil Prado', 'Helena Dias', 'João Álvares', 'beatriz Lima', 'Fabiana Reis']],
    // Those waiting for an answer first, the longest on top; then the rest by name.
    ['aguardando', ['Caio Érico', 'Gil Prado', 'beatriz Lima', 'Débora Nunes', 'Eduardo Souza', 'Fabiana Reis', 'Helena Dias', 'João Álvares']],
  ])('orders by %s', async (ordem, expected) => {
    expect(names(await page(`ordem=${ordem}`))).toEqual(expected);
  });

  it('keeps an order across pages: the waiting part and the rest meet where a page splits them', async () => {
    const pages = await Promise.all([0, 1, 2].map((n) => page(`ordem=aguardando&page=${n}&size=3`)));
    expect(pages.flatMap(names)).toEqual(['Caio Érico', 'Gil Prado', 'beatriz Lima', 'Débora Nunes', 'Eduardo Souza', 'Fabiana Reis', 'Helena Dias', 'João Álvares']);
  });

  it('finds a client by the start of any word of the name or the e-mail', () => {
    expect(searchTerms('João Álvares', 'joao.alvares@exemplo.com')).toEqual(['joao alvares', 'alvares', 'joao.alvares@exemplo.com', 'alvares@exemplo.com', 'exemplo.com', 'com']);
  });

  it.each([
    ['joao', ['João Álvares']],
    ['JOÃO', ['João Álvares']],
    ['álvares', ['João Álvares']],
    ['erico', ['Caio Érico']],
    // The e-mail too: débora's address holds 'joaquina'.
    ['joa', ['Débora Nunes', 'João Álvares']],
    ['EXEMPLO.COM', ['beatriz Lima', 'Caio Érico', 'Débora Nunes', 'Eduardo Souza', 'Fabiana Reis', 'Gil Prado', 'Helena Dias', 'João Álvares']],
    // Every word must be found: 'gil prado', not 'gil' or 'prado' alone.
    ['  gil   prado ', ['Gil Prado']],
    ['gil nunes', []],
    // Within a word is not a word's start; a wildcard is a character like any other.
    ['lvares', []],
    ['%', []],
    ['_', []],
  ])('searches %j in names and e-mails without regard to case or accents', async (busca, expected) => {
    const searched = await page(`busca=${encodeURIComponent(busca)}`);
    expect(names(searched)).toEqual(expected);
    expect(searched.total).toBe(expected.length);
  });

  it('counts each filter within the search, and combines a search with a filter and an order', async () => {
    const searched = await page(`busca=joa`);
    expect(searched.filtros).toEqual({ vencendo: 1, sem_treino: 2, nao_lidas: 0, convite_pendente: 0, meus: 1, checkin_pendente: 0 });
    expect(names(await page(`busca=exemplo&filtro=sem_treino&ordem=vencimento&size=2`))).toEqual(['Eduardo Souza', 'Helena Dias']);
  });

  it('reads an empty parameter as none, as the address writes it', async () => {
    expect(names(await page('busca=&filtro=&ordem='))).toEqual(names(await page('')));
  });

  it.each([
    ['filtro=todos', 'filtro'],
    ['ordem=idade', 'ordem'],
    ['page=-1', 'page'],
    ['page=um', 'page'],
    ['size=0', 'size'],
    ['size=101', 'size'],
    [`busca=${'a'.repeat(101)}`, 'busca'],
  ])('answers 400 naming the parameter for %s', async (query, field) => {
    expectBadField(await call(ctx.app, 'GET', `${CLIENTS}?${query}`, { token: business.rafael.token }), field);
  });

  it('is the team’s: a client token gets 403', async () => {
    const client = await signIn(ctx);
    expectError(await call(ctx.app, 'GET', CLIENTS, { token: client.token }), 403);
    expectError(await call(ctx.app, 'GET', CONVERSATIONS, { token: client.token }), 403);
    expectError(await call(ctx.app, 'PUT', `${CLIENTS}/${client.id}/responsaveis`, { token: client.token, payload: { personal_id: null, nutricionista_id: null } }), 403);
  });

  it('lists the conversations: those waiting first, the longest on top, then by latest message; clients who never wrote nor were written to are left out', async () => {
    const conversations = await read<ConversationPage>(ctx, business.rafael.token, CONVERSATIONS);
    expect(names(conversations)).toEqual(['Caio Érico', 'Gil Prado', 'Fabiana Reis', 'Débora Nunes']);
    expect(conversations.total).toBe(4);
    const paged = await Promise.all([0, 1].map((n) => read<ConversationPage>(ctx, business.rafael.token, `${CONVERSATIONS}?page=${n}&size=3`)));
    expect(paged.map(names)).toEqual([['Caio Érico', 'Gil Prado', 'Fabiana Reis'], ['Débora Nunes']]);
    expectBadField(await call(ctx.app, 'GET', `${CONVERSATIONS}?size=500`, { token: business.rafael.token }), 'size');
  });

  it('follows each write: a session, a message, a reading, a new plan and a first password change the row they concern', async () => {
    const { caio, helena } = business;
    // The team reads caio's messages: he waits no more.
    expect((await call(ctx.app, 'POST', `${CLIENTS}/${caio.id}/mensagens/lidas`, { token: business.rafael.token })).statusCode).toBe(204);
    expect(names(await page('filtro=nao_lidas'))).toEqual(['Gil Prado']);
    // A new plan of 60 days: no longer 'vencendo'.
    const evaluationId = await createEvaluation(ctx.db, caio.id, { plano: 'PRO', data_consulta: daysFromToday(0), vencimento: daysFromToday(60), peso: 70, altura: 170, objetivo: 'Saúde' });
    expect(names(await page('filtro=vencendo'))).toEqual(['João Álvares']);
    // A session today: no longer 'sem treino'.
    const workoutId = await createWorkout(ctx.db, evaluationId, sampleWorkout('Hoje'));
    await createSession(ctx.db, caio.id, workoutId, { id: randomUUID(), iniciado_em: ago(0.1).toISOString(), concluido_em: ago(0.05).toISOString(), series: [] });
    expect(names(await page('filtro=sem_treino'))).not.toContain('Caio Érico');
    // helena sets her first password: her invitation is no longer pending.
    await setPasswordHash(ctx.db, helena.id, 'hash');
    expect((await page('')).filtros.convite_pendente).toBe(0);
    // Whatever the writes did, the rows are what a rebuild from the stored data makes.
    const stored = async () => ({
      rows: await ctx.db.selectFrom('roster').selectAll().orderBy('client_id').execute(),
      terms: await ctx.db.selectFrom('roster_terms').selectAll().orderBy('client_id').orderBy('term').execute(),
    });
    const kept = await stored();
    await rebuildRoster(ctx.db);
    expect(await stored()).toEqual(kept);
  });
});

describe('who looks after whom', () => {
  const ctx = useTestApp();
  const responsibles = (clientId: number) => `${CLIENTS}/${clientId}/responsaveis`;

  it('sets and clears a responsible trainer and nutritionist; any staff member may; the entry answers them by name', async () => {
    const rafael = await signInStaff(ctx, ['ROLE_PERSONAL'], 'Rafael Costa');
    const marina = await signInStaff(ctx, ['ROLE_NUTRICIONISTA'], 'Marina Alves');
    const client = await createClient(ctx.db, { nome: 'Ana Assis' });

    const set = await call(ctx.app, 'PUT', responsibles(client.id), { token: marina.token, payload: { personal_id: rafael.id, nutricionista_id: marina.id } });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as RosterEntry).responsaveis).toEqual({ personal: { id: rafael.id, nome: 'Rafael Costa' }, nutricionista: { id: marina.id, nome: 'Marina Alves' } });
    const header = await read<RosterEntry>(ctx, rafael.token, `${CLIENTS}/${client.id}`);
    expect(header.responsaveis).toEqual({ personal: { id: rafael.id, nome: 'Rafael Costa' }, nutricionista: { id: marina.id, nome: 'Marina Alves' } });

    const cleared = await call(ctx.app, 'PUT', responsibles(client.id), { token: rafael.token, payload: { personal_id: null, nutricionista_id: marina.id } });
    expect((cleared.json() as RosterEntry).responsaveis).toEqual({ personal: null, nutricionista: { id: marina.id, nome: 'Marina Alves' } });
  });

  it('answers 400 naming the field for a staff id of the wrong role, a disabled account, a client or nobody; 404 for a client that is not one', async () => {
    const rafael = await signInStaff(ctx, ['ROLE_PERSONAL'], 'Rafael Costa');
    const marina = await signInStaff(ctx, ['ROLE_NUTRICIONISTA'], 'Marina Alves');
    const client = await createClient(ctx.db);
    const other = await createClient(ctx.db);
    const put = (payload: unknown, clientId = client.id) => call(ctx.app, 'PUT', responsibles(clientId), { token: rafael.token, payload: payload as object });

    expectBadField(await put({ personal_id: marina.id, nutricionista_id: null }), 'personal_id');
    expectBadField(await put({ personal_id: null, nutricionista_id: rafael.id }), 'nutricionista_id');
    expectBadField(await put({ personal_id: other.id, nutricionista_id: null }), 'personal_id');
    expectBadField(await put({ personal_id: 999_999, nutricionista_id: null }), 'personal_id');
    expectBadField(await put({ personal_id: 'rafael', nutricionista_id: null }), 'personal_id');
    expectBadField(await put({ personal_id: null }), 'nutricionista_id');
    await ctx.db.updateTable('users').set({ disabled_at: new Date().toISOString() }).where('id', '=', marina.id).execute();
    expectBadField(await put({ personal_id: null, nutricionista_id: marina.id }), 'nutricionista_id');
    expectError(await put({ personal_id: rafael.id, nutricionista_id: null }, rafael.id), 404);
    expect((await read<RosterEntry>(ctx, rafael.token, `${CLIENTS}/${client.id}`)).responsaveis).toEqual({ personal: null, nutricionista: null });
  });

  it('lists the enabled trainers and nutritionists by name, for any staff member', async () => {
    const bruno = await signInStaff(ctx, ['ROLE_PERSONAL'], 'Bruno Personal');
    const both = await signInStaff(ctx, ['ROLE_PERSONAL', 'ROLE_NUTRICIONISTA'], 'Ambos Papéis');
    const gone = await signInStaff(ctx, ['ROLE_NUTRICIONISTA'], 'Desativada');
    await ctx.db.updateTable('users').set({ disabled_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    const listed = await read<Professionals>(ctx, bruno.token, '/api/v1/equipe/profissionais');
    expect(listed.personal.map((member) => member.nome)).toEqual(expect.arrayContaining(['Ambos Papéis', 'Bruno Personal']));
    expect(listed.nutricionista).toContainEqual({ id: both.id, nome: 'Ambos Papéis' });
    expect([...listed.personal, ...listed.nutricionista].map((member) => member.id)).not.toContain(gone.id);
    expect(listed.personal.map((member) => member.nome)).toEqual([...listed.personal.map((member) => member.nome)].sort());
  });

  it('sets them with a new client, after checking them: a wrong one creates nothing', async () => {
    const rafael = await signInStaff(ctx, ['ROLE_PERSONAL'], 'Rafael Costa');
    const created = await call(ctx.app, 'POST', CLIENTS, {
      token: rafael.token,
      payload: { nome: 'Nova Cliente', email: 'nova@exemplo.com', data_nascimento: '1990-01-01', personal_id: rafael.id, nutricionista_id: null },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as RosterEntry).responsaveis).toEqual({ personal: { id: rafael.id, nome: 'Rafael Costa' }, nutricionista: null });

    expectBadField(
      await call(ctx.app, 'POST', CLIENTS, { token: rafael.token, payload: { nome: 'Outra', email: 'outra@exemplo.com', data_nascimento: '1990-01-01', nutricionista_id: rafael.id } }),
      'nutricionista_id',
    );
    expect(await ctx.db.selectFrom('users').select('id').where('email', '=', 'outra@exemplo.com').executeTakeFirst()).toBeUndefined();
  });
});
