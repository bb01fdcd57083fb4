import { randomUUID } from 'node:crypto';
import { DEFAULT_CHECKIN_QUESTIONS, type Checkin, type CheckinRequest, type CurrentCheckin, type MessagePage, type Paged, type TeamCheckin } from '@acompanha/contract';
import { describe, expect, it, vi } from 'vitest';
import { runOnAFixedDay } from './fixed-day.js';
import { call, expectBadField, expectError, signIn, useTestApp, type TestContext } from './helper.js';
import { signInStaff } from './staff.js';

// Thursday 26/11/2026: this week's Monday is 23/11.
runOnAFixedDay();
const THIS_WEEK = '2026-11-23';
const LAST_WEEK = '2026-11-16';

/** A photo row the client owns, as an upload leaves it (the bytes are not read here). */
async function ownPhoto(ctx: TestContext, ownerId: number) {
  const id = randomUUID();
  await ctx.db
    .insertInto('media')
    .values({ id, owner_id: ownerId, client_id: ownerId, largura: 640, altura: 480, bytes: 1, etag: '"x"', miniatura_bytes: 1, miniatura_etag: '"y"', criada_em: new Date().toISOString() })
    .execute();
  return id;
}

/** Answers to the default questions: every required one. */
const answers = () => [
  { pergunta_id: 'sono', valor: 4 },
  { pergunta_id: 'energia', valor: 3 },
  { pergunta_id: 'fome', valor: 2 },
  { pergunta_id: 'estresse', valor: 3 },
  { pergunta_id: 'dieta', valor: 80 },
  { pergunta_id: 'treino', valor: 100 },
];

const checkinOf = (overrides: Partial<CheckinRequest> = {}): CheckinRequest => ({ id: randomUUID(), semana: THIS_WEEK, peso: 72.4, medidas: { cintura: 78 }, respostas: answers(), ...overrides });

describe('the weekly check-in', () => {
  const ctx = useTestApp();
  const post = (token: string, payload: object) => call(ctx.app, 'POST', '/api/v1/checkins', { token, payload });
  const current = async (token: string) => (await call(ctx.app, 'GET', '/api/v1/checkins/atual', { token })).json() as CurrentCheckin;

  it('starts with the default questions on the weekday of the latest evaluation, and no check-in this week', async () => {
    // The evaluation was 5 days before Thursday: a Saturday.
    const ana = await signIn(ctx);
    expect(await current(ana.token)).toEqual({ semana: THIS_WEEK, dia: 'SABADO', perguntas: DEFAULT_CHECKIN_QUESTIONS, checkin: null });
    const never = await signIn(ctx, { evaluation: null });
    expect((await current(never.token)).dia).toBe('SEGUNDA');
  });

  it('stores the week’s check-in with its photos and each answer’s question; the same id again is the same one, another id that week a conflict', async () => {
    const ana = await signIn(ctx);
    const frente = await ownPhoto(ctx, ana.id);
    const request = checkinOf({ peso: '72,4' as unknown as number, respostas: [...answers(), { pergunta_id: 'semana', valor: '  Semana puxada, mas cumpri tudo.  ' }], fotos: { frente, lado: null, costas: null } });
    const sent = await post(ana.token, request);
    expect(sent.statusCode, sent.body).toBe(201);
    const checkin = sent.json() as Checkin;
    expect(checkin).toEqual({
      id: request.id,
      semana: THIS_WEEK,
      peso: 72.4,
      medidas: { cintura: 78 },
      respostas: [
        ...answers().map(({ pergunta_id, valor }) => {
          const question = DEFAULT_CHECKIN_QUESTIONS.find((one) => one.id === pergunta_id)!;
          return { pergunta_id, texto: question.texto, tipo: question.tipo, valor };
        }),
        { pergunta_id: 'semana', texto: 'Como foi a sua semana?', tipo: 'texto', valor: 'Semana puxada, mas cumpri tudo.' },
      ],
      fotos: { frente, lado: null, costas: null },
      estado: 'enviado',
      enviado_em: expect.any(String),
      revisao: null,
    });
    expect((await current(ana.token)).checkin).toEqual(checkin);

    const again = await post(ana.token, { ...request, peso: 90 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(checkin);
    expect(expectError(await post(ana.token, checkinOf()), 409).field).toBe('semana');
    // Sent late, offline, last week's still goes.
    expect((await post(ana.token, checkinOf({ semana: LAST_WEEK }))).statusCode).toBe(201);
    const bruno = await signIn(ctx);
    expect(expectError(await post(bruno.token, { ...checkinOf(), id: request.id }), 409).field).toBe('id');
  });

  it('validates each kind of answer, the required ones, the week, the weight and the photos: 400 naming the field, nothing stored', async () => {
    const ana = await signIn(ctx);
    const bruno = await signIn(ctx);
    const brunos = await ownPhoto(ctx, bruno.id);
    const with_ = (index: number, valor: unknown) => checkinOf({ respostas: answers().map((answer, at) => (at === index ? { ...answer, valor } : answer)) as CheckinRequest['respostas'] });
    expectBadField(await post(ana.token, with_(0, 6)), 'respostas.0.valor');
    expectBadField(await post(ana.token, with_(0, 2.5)), 'respostas.0.valor');
    expectBadField(await post(ana.token, with_(4, 101)), 'respostas.4.valor');
    expectBadField(await post(ana.token, with_(4, '80')), 'respostas.4.valor');
    expectBadField(await post(ana.token, checkinOf({ respostas: [...answers(), { pergunta_id: 'semana', valor: 3 }] })), 'respostas.6.valor');
    expectBadField(await post(ana.token, checkinOf({ respostas: [...answers(), { pergunta_id: 'humor', valor: 3 }] })), 'respostas.6.pergunta_id');
    expectBadField(await post(ana.token, checkinOf({ respostas: [...answers(), { pergunta_id: 'sono', valor: 3 }] })), 'respostas.6.pergunta_id');
    expect(expectBadField(await post(ana.token, checkinOf({ respostas: answers().slice(1) })), 'respostas').message).toContain('Como foi o seu sono?');
    expectBadField(await post(ana.token, checkinOf({ semana: '2026-11-24' })), 'semana');
    expectBadField(await post(ana.token, checkinOf({ semana: '2026-11-30' })), 'semana');
    expectBadField(await post(ana.token, checkinOf({ semana: '2026-11-09' })), 'semana');
    expectBadField(await post(ana.token, checkinOf({ peso: 500 })), 'peso');
    expectBadField(await post(ana.token, checkinOf({ peso: 'muito' as unknown as number })), 'peso');
    expectBadField(await post(ana.token, checkinOf({ medidas: { cintura: 5 } })), 'medidas.cintura');
    expectBadField(await post(ana.token, checkinOf({ fotos: { frente: null, lado: brunos, costas: null } })), 'fotos.lado');
    expectBadField(await post(ana.token, checkinOf({ fotos: { frente: randomUUID(), lado: null, costas: null } })), 'fotos.frente');
    expect(await ctx.db.selectFrom('checkins').select('id').where('client_id', '=', ana.id).execute()).toEqual([]);
  });

  it('the team reviews it: marked reviewed, signed, and the same words reach the client’s chat naming the week; once only', async () => {
    const ana = await signIn(ctx);
    const staff = await signInStaff(ctx);
    const request = checkinOf();
    expect((await post(ana.token, request)).statusCode).toBe(201);
    const review = (token: string, id: string, texto: string) => call(ctx.app, 'POST', `/api/v1/equipe/checkins/${id}/revisao`, { token, payload: { texto } });

    expectBadField(await review(staff.token, request.id, '   '), 'texto');
    // Waiting, the client is among the roster's 'checkin_pendente', counted.
    const roster = (await call(ctx.app, 'GET', '/api/v1/equipe/clientes?filtro=checkin_pendente&size=100', { token: staff.token })).json() as { results: { id: number }[]; total: number; filtros: { checkin_pendente: number } };
    expect(roster.results.map((client) => client.id)).toContain(ana.id);
    expect(roster.filtros.checkin_pendente).toBe(roster.total);
    const reviewed = await review(staff.token, request.id, 'Ótima semana! Vamos subir a carga do agachamento.');
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json()).toMatchObject({ estado: 'revisado', revisao: { texto: 'Ótima semana! Vamos subir a carga do agachamento.', autor_nome: 'Rafael Costa', revisado_em: expect.any(String) } });
    expect((await current(ana.token)).checkin?.estado).toBe('revisado');
    const chat = (await call(ctx.app, 'GET', '/api/v1/mensagens', { token: ana.token })).json() as MessagePage;
    expect(chat.results[0]).toMatchObject({ autor: 'EQUIPE', autor_nome: 'Rafael Costa', texto: 'Revisão do check-in da semana de 23/11:\n\nÓtima semana! Vamos subir a carga do agachamento.' });

    expectError(await review(staff.token, request.id, 'De novo'), 409);
    const pending = (await call(ctx.app, 'GET', '/api/v1/equipe/clientes?filtro=checkin_pendente&size=100', { token: staff.token })).json() as { results: { id: number }[] };
    expect(pending.results.map((client) => client.id)).not.toContain(ana.id);
    expectError(await review(staff.token, randomUUID(), 'Quem?'), 404);
    expectError(await review(ana.token, request.id, 'Eu mesma'), 403);
  });

  it('queues the team’s check-ins the longest waiting first; a reviewed one leaves the queue; a client sees only their own', async () => {
    const staff = await signInStaff(ctx);
    const queue = async (estado = 'enviado') => ((await call(ctx.app, 'GET', `/api/v1/equipe/checkins?estado=${estado}&size=100`, { token: staff.token })).json() as Paged<TeamCheckin>).results;
    const waitingBefore = (await queue()).map((checkin) => checkin.id);
    const carla = await signIn(ctx, { nome: 'Carla Queue' });
    const davi = await signIn(ctx, { nome: 'Davi Queue' });
    const first = checkinOf();
    expect((await post(carla.token, first)).statusCode).toBe(201);
    // A minute later.
    vi.setSystemTime(Date.now() + 60_000);
    const second = checkinOf();
    expect((await post(davi.token, second)).statusCode).toBe(201);

    const waiting = (await queue()).filter((checkin) => !waitingBefore.includes(checkin.id));
    expect(waiting.map((checkin) => [checkin.id, checkin.cliente.nome])).toEqual([
      [first.id, 'Carla Queue'],
      [second.id, 'Davi Queue'],
    ]);
    expect((await call(ctx.app, 'POST', `/api/v1/equipe/checkins/${first.id}/revisao`, { token: staff.token, payload: { texto: 'Bom!' } })).statusCode).toBe(200);
    expect((await queue()).map((checkin) => checkin.id)).not.toContain(first.id);
    expect((await queue('revisado')).map((checkin) => checkin.id)).toContain(first.id);
    expectBadField(await call(ctx.app, 'GET', '/api/v1/equipe/checkins?estado=talvez', { token: staff.token }), 'estado');

    const own = (await call(ctx.app, 'GET', '/api/v1/checkins', { token: davi.token })).json() as Paged<Checkin>;
    expect(own).toMatchObject({ page: 0, size: 20, total: 1 });
    expect(own.results.map((checkin) => checkin.id)).toEqual([second.id]);
    const team = (await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${carla.id}/checkins`, { token: staff.token })).json() as Paged<Checkin>;
    expect(team.results.map((checkin) => checkin.id)).toEqual([first.id]);
    expectError(await call(ctx.app, 'GET', '/api/v1/equipe/checkins', { token: carla.token }), 403);
    expectError(await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${davi.id}/checkins`, { token: carla.token }), 403);
    expectError(await call(ctx.app, 'GET', '/api/v1/checkins/atual', { token: staff.token }), 403);
    expectError(await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${staff.id}/checkins`, { token: staff.token }), 404);
  });

  it('takes the team’s day and questions for a client: added, reordered, removed, required or not; the past check-ins keep their questions', async () => {
    const ana = await signIn(ctx);
    const staff = await signInStaff(ctx);
    const url = `/api/v1/equipe/clientes/${ana.id}/checkins/configuracao`;
    expect((await call(ctx.app, 'GET', url, { token: staff.token })).json()).toEqual({ dia: 'SABADO', perguntas: DEFAULT_CHECKIN_QUESTIONS });
    const answered = checkinOf({ semana: LAST_WEEK });
    expect((await post(ana.token, answered)).statusCode).toBe(201);

    const perguntas = [
      { id: 'passos', texto: 'Quantos passos por dia, em média?', tipo: 'numero', obrigatoria: true },
      { id: 'sono', texto: 'Dormiu bem?', tipo: 'sim_nao', obrigatoria: false },
    ];
    const saved = await call(ctx.app, 'PUT', url, { token: staff.token, payload: { dia: 'SEGUNDA', perguntas } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await current(ana.token)).toMatchObject({ dia: 'SEGUNDA', perguntas });
    expectBadField(await post(ana.token, checkinOf({ respostas: [] })), 'respostas');
    const sent = await post(ana.token, checkinOf({ respostas: [{ pergunta_id: 'sono', valor: true }, { pergunta_id: 'passos', valor: '8.500,5' as unknown as number }] }));
    expect(sent.statusCode, sent.body).toBe(400);
    const ok = await post(ana.token, checkinOf({ respostas: [{ pergunta_id: 'sono', valor: true }, { pergunta_id: 'passos', valor: 8500 }] }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect((ok.json() as Checkin).respostas.map((answer) => answer.pergunta_id)).toEqual(['passos', 'sono']);
    const history = ((await call(ctx.app, 'GET', '/api/v1/checkins', { token: ana.token })).json() as Paged<Checkin>).results;
    expect(history.find((checkin) => checkin.id === answered.id)!.respostas[0]).toMatchObject({ pergunta_id: 'sono', texto: 'Como foi o seu sono?', tipo: 'escala' });

    expectBadField(await call(ctx.app, 'PUT', url, { token: staff.token, payload: { dia: 'SEGUNDA', perguntas: [perguntas[0], { ...perguntas[1], id: 'passos' }] } }), 'perguntas.1.id');
    expectBadField(await call(ctx.app, 'PUT', url, { token: staff.token, payload: { dia: 'SEGUNDA', perguntas: [{ ...perguntas[0], tipo: 'cor' }] } }), 'perguntas.0.tipo');
    expectBadField(await call(ctx.app, 'PUT', url, { token: staff.token, payload: { dia: 'FERIADO', perguntas } }), 'dia');
    expectBadField(await call(ctx.app, 'PUT', url, { token: staff.token, payload: { dia: 'SEGUNDA', perguntas: [] } }), 'perguntas');
    expectError(await call(ctx.app, 'PUT', `/api/v1/equipe/clientes/${staff.id}/checkins/configuracao`, { token: staff.token, payload: { dia: 'SEGUNDA', perguntas } }), 404);
  });
});
