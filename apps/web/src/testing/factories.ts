import type { AccessClaims, Client, Diet, Evaluation, Exercise, Meal, Message, TeamSession, Workout } from '@acompanha/contract';
import { format, addDays } from 'date-fns';

function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An unsigned JWT with the API's claims: enough for the app, which only reads them. */
export function fakeJwt(claims: Partial<AccessClaims> & { jti?: string } = {}): string {
  const payload: AccessClaims = { sub: 'ana@demo.fit', user_id: 1, exp: 4_102_444_800, sid: 'sessao-1', ...claims };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

export function buildClient(overrides: Partial<Client> = {}): Client {
  return { id: 1, nome: 'Ana Paula Souza', email: 'ana@demo.fit', data_nascimento: '1994-03-15', ...overrides };
}

/** `YYYY-MM-DD` of the day so many days from today on the local calendar. */
export function localDateIn(days: number): string {
  return format(addDays(new Date(), days), 'yyyy-MM-dd');
}

/** An evaluation as the app reads it: a measurement not taken is null. */
export function buildEvaluation(overrides: Partial<Evaluation> = {}): Evaluation {
  return {
    id: 1,
    plano: 'ULTIMATE',
    vencimento: localDateIn(50),
    created_at: '2026-03-15T10:00:00.000Z',
    peso: 62.5,
    altura: 165,
    objetivo: 'Hipertrofia',
    consumo_ideal_agua: 2500,
    observacoes: null,
    profissional: null,
    percentual_gordura: null,
    massa_magra: null,
    circunferencia_cintura: null,
    circunferencia_quadril: null,
    circunferencia_braco: null,
    circunferencia_coxa: null,
    circunferencia_peito: null,
    dobra_triceps: null,
    dobra_subescapular: null,
    dobra_suprailiaca: null,
    dobra_abdominal: null,
    dobra_coxa: null,
    dobra_peitoral: null,
    dobra_axilar_media: null,
    ...overrides,
  };
}

export function buildWorkout(overrides: Partial<Workout> = {}): Workout {
  return { id: 1, titulo: 'Treino A - Inferiores', dias: ['SEGUNDA', 'QUINTA'], observacao: null, ...overrides };
}

export function buildExercise(overrides: Partial<Exercise> = {}): Exercise {
  return {
    id: 1,
    series: 4,
    repeticoes: '10-12',
    carga: 30,
    tempo_descanso: 90,
    observacao: null,
    atividade: { titulo: 'Agachamento livre', grupo_muscular: 'Quadríceps', video: null },
    ...overrides,
  };
}

export function buildDiet(overrides: Partial<Diet> = {}): Diet {
  return { id: 1, titulo: 'Plano de 1.800 kcal', is_dia_de_treino: true, ...overrides };
}

export function buildMeal(overrides: Partial<Meal> = {}): Meal {
  return {
    id: 1,
    titulo: 'Café da manhã',
    posicao: 1,
    is_horario_customizado: false,
    horario_customizado: null,
    horario_inicio: '07:00',
    horario_fim: '08:00',
    opcoes: [{ id: 1, grupos: [{ id: 1, descricao: '2 ovos mexidos' }] }],
    ...overrides,
  };
}

/** A paged list as the API answers it. */
export function paged<T>(results: T[]) {
  return { results, page: 0, size: 50, total: results.length };
}

/** A message of the chat: by default Marina's answer, read by nobody yet. */
export function buildMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: '6f1c2d3e-4b5a-4c6d-8e7f-001122334455',
    autor: 'EQUIPE',
    autor_nome: 'Marina Alves',
    autor_papel: 'ROLE_NUTRICIONISTA',
    texto: 'Pode trocar o arroz por batata-doce.',
    midias: [],
    enviada_em: '2026-11-25T13:00:00.000Z',
    lida_em: null,
    ...overrides,
  };
}

/**
 * A train-mode session as the history reads it: 45 minutes of Treino A from 18:30 on Tuesday
 * 24/11/2026 (local time), with three sets of squats at 30 kg × 10.
 */
export function buildNamedSession(overrides: Partial<TeamSession> = {}): TeamSession {
  const start = new Date(2026, 10, 24, 18, 30);
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000).toISOString();
  return {
    id: 'b6f0c1a2-3d4e-4f50-8a6b-7c8d9e0f1a2b',
    treino_id: 1,
    treino_titulo: 'Treino A - Inferiores',
    iniciado_em: at(0),
    concluido_em: at(45),
    series: [1, 2, 3].map((numero) => ({ exercicio_id: 1, atividade_nome: 'Agachamento livre', troca_de: null, numero, carga: 30, repeticoes: 10, feito_em: at(numero * 3), carga_suspeita: false })),
    trocas: [],
    como_foi: null,
    incompleta: false,
    ...overrides,
  };
}
