import { randomUUID } from 'node:crypto';
import { CONSENT_KINDS, PRIVACY_VERSION, type PlanDiet } from '@acompanha/contract';
import type { Config } from '../config.js';
import { createSecondFactorService } from '../modules/second-factor/service.js';
import type { Db } from './database.js';
import { daysFromToday } from '../dates.js';
import { createUser } from '../modules/accounts/repository.js';
import { createDiet } from '../modules/diets/repository.js';
import { createEvaluation, signatureOf } from '../modules/evaluations/repository.js';
import { insertMessage } from '../modules/messages/repository.js';
import { insertConsent } from '../modules/privacy/repository.js';
import { setResponsibles } from '../modules/roster/repository.js';
import { createSession } from '../modules/workout-sessions/repository.js';
import { createWorkout, type WorkoutInput } from '../modules/workouts/repository.js';

/** Password of every demo account (DECISIONS.md §4). */
export const DEMO_PASSWORD = 'Treino2026';
/**
 * The demo administrator's second factor (decision 056), published in the README like the
 * password: an authenticator app given it shows admin@demo.fit's codes.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/**
 * Demo values only: placeholder YouTube ids in the right shape, so the workout screen shows its
 * video placeholder. The team replaces them with the trainer's own videos.
 */
const DEMO_VIDEOS: Record<string, string> = {
  'Agachamento livre': 'https://www.youtube.com/watch?v=DEMOagacha1',
  'Leg press 45°': 'https://www.youtube.com/watch?v=DEMOlegpre1',
  'Elevação pélvica': 'https://www.youtube.com/watch?v=DEMOelevpe1',
  'Supino reto com halteres': 'https://www.youtube.com/watch?v=DEMOsupino1',
  'Puxada frontal': 'https://www.youtube.com/watch?v=DEMOpuxada1',
  'Afundo com halteres': 'https://www.youtube.com/watch?v=DEMOafundo1',
};

const ex = (titulo: string, grupo_muscular: string, series: number, repeticoes: string, tempo_descanso: number, carga: number | null = null, observacao: string | null = null) => ({
  atividade: { titulo, grupo_muscular, video: DEMO_VIDEOS[titulo] ?? null },
  series,
  repeticoes,
  tempo_descanso,
  carga,
  observacao,
});

const anaWorkouts: WorkoutInput[] = [
  {
    titulo: 'Treino A - Inferiores',
    dias: ['SEGUNDA', 'QUINTA'],
    observacao: 'Aqueça 10 minutos na bicicleta antes de começar.',
    exercises: [
      ex('Agachamento livre', 'Quadríceps', 4, '10-12', 90, 30, 'Desça até as coxas ficarem paralelas ao chão.'),
      ex('Leg press 45°', 'Quadríceps', 4, '12', 90, 120),
      ex('Cadeira extensora', 'Quadríceps', 3, '15', 60, 35, 'Segure 2 segundos no topo.'),
      ex('Stiff com halteres', 'Posteriores de coxa', 3, '12', 75, 16),
      ex('Mesa flexora', 'Posteriores de coxa', 3, '12', 60, 30),
      ex('Elevação pélvica', 'Glúteos', 4, '12', 75, 40),
      ex('Panturrilha em pé', 'Panturrilhas', 4, '15-20', 45),
    ],
  },
  {
    titulo: 'Treino B - Superiores',
    dias: ['TERCA', 'SEXTA'],
    observacao: null,
    exercises: [
      ex('Supino reto com halteres', 'Peitoral', 4, '10', 90, 12),
      ex('Puxada frontal', 'Dorsais', 4, '12', 75, 35),
      ex('Remada baixa', 'Dorsais', 3, '12', 75, 30),
      ex('Desenvolvimento com halteres', 'Ombros', 3, '10-12', 60, 8),
      ex('Elevação lateral', 'Ombros', 3, '15', 45, 4, 'Suba até a altura dos ombros, sem balançar o tronco.'),
      ex('Rosca direta', 'Bíceps', 3, '12', 45, 10),
      ex('Tríceps na polia', 'Tríceps', 3, '12', 45, 20),
      ex('Prancha abdominal', 'Abdômen', 3, '40 s', 30, null, 'Mantenha o quadril alinhado.'),
    ],
  },
  {
    titulo: 'Treino C - Glúteos e core',
    dias: ['QUARTA', 'SABADO'],
    observacao: 'Use o método rest-pause na última série da elevação pélvica.',
    exercises: [
      ex('Afundo com halteres', 'Glúteos', 3, '10 cada perna', 60, 8),
      ex('Cadeira abdutora', 'Glúteos', 4, '15', 45, 40),
      ex('Elevação pélvica', 'Glúteos', 4, '10', 90, 50),
      ex('Coice na polia', 'Glúteos', 3, '12 cada perna', 45, 10),
      ex('Abdominal infra', 'Abdômen', 3, '15', 30),
      ex('Prancha lateral', 'Abdômen', 3, '30 s', 30),
    ],
  },
];

const trainingDay: PlanDiet = {
  titulo: 'Plano de 1.800 kcal',
  is_dia_de_treino: true,
  meals: [
    { titulo: 'Café da manhã', horario_inicio: '07:00', horario_fim: '08:00', opcoes: [['2 ovos mexidos', '2 fatias de pão integral', '1 banana'], ['Iogurte natural 170 g', '30 g de aveia', 'Morangos']] },
    { titulo: 'Lanche da manhã', horario_inicio: '10:00', horario_fim: '10:30', opcoes: [['1 maçã', '10 castanhas-de-caju']] },
    { titulo: 'Almoço', horario_inicio: '12:00', horario_fim: '13:00', opcoes: [['120 g de arroz integral', '1 concha de feijão', '130 g de frango grelhado', 'Salada de folhas à vontade'], ['150 g de batata-doce', '130 g de patinho moído', 'Brócolis no vapor']] },
    { titulo: 'Pré-treino', horario_customizado: '16:30', opcoes: [['1 tapioca de 40 g', '2 fatias de queijo branco', 'Café sem açúcar']] },
    { titulo: 'Pós-treino', horario_inicio: '19:00', horario_fim: '19:30', opcoes: [['1 dose de whey protein', '1 banana', '200 ml de leite desnatado']] },
    { titulo: 'Jantar', horario_inicio: '20:30', horario_fim: '21:30', opcoes: [['Omelete de 3 ovos com espinafre', 'Salada de tomate e pepino'], ['130 g de tilápia', 'Legumes assados']] },
  ],
};

const restDay: PlanDiet = {
  titulo: 'Plano de 1.550 kcal',
  is_dia_de_treino: false,
  meals: [
    { titulo: 'Café da manhã', horario_inicio: '08:00', horario_fim: '09:00', opcoes: [['Iogurte natural 170 g', '20 g de granola', 'Mamão papaia']] },
    { titulo: 'Almoço', horario_inicio: '12:00', horario_fim: '13:00', opcoes: [['100 g de arroz integral', '1 concha de lentilha', '130 g de carne moída', 'Salada de folhas à vontade']] },
    { titulo: 'Lanche da tarde', horario_inicio: '16:00', horario_fim: '16:30', opcoes: [['1 pera', '1 colher de pasta de amendoim']] },
    { titulo: 'Jantar', horario_inicio: '19:30', horario_fim: '20:30', opcoes: [['Sopa de legumes com frango desfiado'], ['Wrap integral com atum e folhas']] },
    { titulo: 'Ceia', horario_customizado: '22:00', opcoes: [['Chá de camomila', '1 fatia de queijo minas']] },
  ],
};

const WEEKDAY_OF_DAY = ['DOMINGO', 'SEGUNDA', 'TERCA', 'QUARTA', 'QUINTA', 'SEXTA', 'SABADO'];
const DEMO_WEEKS = 4;

/**
 * Four weeks of train-mode sessions before today, on each workout's days: the loads climb from 85 %
 * of the plan's to the plan's own yesterday, the reps from the bottom of their range to the top, so
 * that charts and records show on first start. Every exercise is logged, as train mode logs it:
 * without a load at 0 kg, a plank of '40 s' as 40. Sessions start at 18:30 in Brasília (21:30 UTC).
 */
async function createDemoSessions(db: Db, clientId: number, workouts: { id: number; input: WorkoutInput }[], today: Date) {
  const pastDays = Array.from({ length: DEMO_WEEKS * 7 }, (_, index) => daysFromToday(index - DEMO_WEEKS * 7, today));
  for (const workout of workouts) {
    // Loads climb session by session, so each workout's last session, whatever weekday it fell
    // on, reaches the plan's own load.
    const days = pastDays.filter((day) => (workout.input.dias as string[]).includes(WEEKDAY_OF_DAY[new Date(`${day}T12:00:00Z`).getUTCDay()]!));
    const exercises = await db.selectFrom('exercises').select(['id', 'posicao']).where('workout_id', '=', workout.id).orderBy('posicao').execute();
    for (const [sessionIndex, day] of days.entries()) {
      const progress = days.length > 1 ? sessionIndex / (days.length - 1) : 1;
      const start = new Date(`${day}T18:30:00`).getTime();
      const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
      const series = exercises.flatMap(({ id }, index) => {
        const planned = workout.input.exercises[index]!;
        // As train mode logs it: '10-12' climbs through its range; '40 s' or '10 cada perna' is its number.
        const range = /^(\d+)(?:-(\d+))?/.exec(planned.repeticoes);
        if (!range) return [];
        const [low, high] = [Number(range[1]), Number(range[2] ?? range[1])];
        const carga = planned.carga == null ? 0 : Math.round(planned.carga * (0.85 + 0.15 * progress) * 2) / 2;
        const repeticoes = Math.round(low + (high - low) * progress);
        return Array.from({ length: planned.series }, (_, set) => ({
          exercicio_id: id,
          numero: set + 1,
          carga,
          // The last set of a hard exercise falls a rep short.
          repeticoes: set === planned.series - 1 && repeticoes > low ? repeticoes - 1 : repeticoes,
          feito_em: at(index * 8 + set * 2 + 2),
        }));
      });
      await createSession(db, clientId, workout.id, { id: randomUUID(), iniciado_em: at(0), concluido_em: at(exercises.length * 8 + 5), series });
    }
  }
}

/**
 * ana's conversation with the team over the last week (DECISIONS.md §4), at local times of days
 * before today, so every message is in the past whatever the hour of seeding: the team read both
 * of her questions and she read Rafael's answer, not yet Marina's.
 */
async function createDemoConversation(db: Db, ana: number, staff: { rafael: number; marina: number }, today: Date) {
  const at = (days: number, time: string) => new Date(`${daysFromToday(days, today)}T${time}:00`);
  const messages = [
    {
      authorId: ana,
      autor: 'CLIENTE' as const,
      texto: 'Oi, Rafael! Hoje o leg press 45° estava ocupado o tempo todo. Fiz mais uma série de agachamento no lugar, tudo bem?',
      enviadaEm: at(-6, '19:05'),
      lidaEm: at(-6, '20:10'),
    },
    {
      authorId: staff.rafael,
      autor: 'EQUIPE' as const,
      texto: 'Tudo bem, Ana! Boa troca. Se acontecer de novo, o hack machine também serve: mesma carga do plano, 4 × 12.',
      enviadaEm: at(-6, '20:12'),
      lidaEm: at(-6, '21:30'),
    },
    {
      authorId: ana,
      autor: 'CLIENTE' as const,
      texto: 'Marina, no dia de descanso posso trocar a sopa do jantar por um wrap? Às vezes chego tarde em casa.',
      enviadaEm: at(-2, '21:40'),
      lidaEm: at(-1, '09:02'),
    },
    {
      authorId: staff.marina,
      autor: 'EQUIPE' as const,
      texto: 'Pode sim! O wrap integral com atum e folhas já está nas opções do jantar do plano de descanso. Só evite molhos prontos.',
      enviadaEm: at(-1, '09:10'),
      lidaEm: null,
    },
  ];
  for (const message of messages) await insertMessage(db, { id: randomUUID(), clientId: ana, ...message });
}

/** The seven skinfolds (mm) in measurementsSchema's order: triceps, subscapular, suprailiac, abdominal, thigh, chest, midaxillary. */
function skinfolds(...[dobra_triceps, dobra_subescapular, dobra_suprailiaca, dobra_abdominal, dobra_coxa, dobra_peitoral, dobra_axilar_media]: [number, number, number, number, number, number, number]) {
  return { dobra_triceps, dobra_subescapular, dobra_suprailiaca, dobra_abdominal, dobra_coxa, dobra_peitoral, dobra_axilar_media };
}

/** Demo plans read as published from the console by a team member, on their consultation day. */
async function markPublished(db: Db, evaluationIds: number[], staffId: number) {
  const signature = await signatureOf(db, staffId);
  await db
    .updateTable('evaluations')
    .set((eb) => ({ published_by: staffId, published_at: eb.ref('created_at'), ...signature }))
    .where('id', 'in', evaluationIds)
    .execute();
}

/**
 * The demo accounts of DECISIONS.md §4, dated relative to today (a test run may pin the day).
 * `secret`: the JWT secret, under whose sub-key the administrator's second factor is kept.
 */
export async function seedDemoData(db: Db, secret: Uint8Array, today = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ana = await createUser(trx, {
      email: 'ana@demo.fit',
      password: DEMO_PASSWORD,
      client: { nome: 'Ana Paula Souza', data_nascimento: '1994-03-15' },
    });
    const anaBase = { plano: 'ULTIMATE' as const, altura: 165, objetivo: 'Emagrecimento com ganho de massa magra', consumo_ideal_agua: 2500 };
    const anaFirst = await createEvaluation(trx, ana.id, {
      ...anaBase,
      data_consulta: daysFromToday(-130, today),
      peso: 72.4,
      percentual_gordura: 31.2,
      massa_magra: 49.8,
      circunferencia_cintura: 84,
      circunferencia_quadril: 108,
      circunferencia_braco: 31,
      circunferencia_coxa: 61,
      circunferencia_peito: 96,
      ...skinfolds(24, 21, 26, 30, 32, 14, 17),
      observacoes: 'Bem-vinda, Ana! Começamos com três treinos por semana e um plano alimentar para os dias de treino e de descanso. Beba água ao longo do dia e anote suas dúvidas no chat.',
    });
    const anaSecond = await createEvaluation(trx, ana.id, {
      ...anaBase,
      data_consulta: daysFromToday(-70, today),
      peso: 69.8,
      percentual_gordura: 28.9,
      massa_magra: 49.6,
      circunferencia_cintura: 80,
      circunferencia_quadril: 105,
      circunferencia_braco: 30,
      circunferencia_coxa: 59,
      circunferencia_peito: 94,
      ...skinfolds(22, 19.5, 23, 27, 30, 12.5, 15),
      observacoes: 'Ótima evolução: 2,6 kg a menos e 4 cm a menos de cintura, mantendo a massa magra. Aumentamos as cargas dos membros inferiores.',
    });
    const anaLatest = await createEvaluation(trx, ana.id, {
      ...anaBase,
      data_consulta: daysFromToday(-10, today),
      peso: 67.5,
      percentual_gordura: 26.4,
      massa_magra: 49.7,
      circunferencia_cintura: 76,
      circunferencia_quadril: 102,
      circunferencia_braco: 29.5,
      circunferencia_coxa: 58,
      circunferencia_peito: 92,
      ...skinfolds(20, 18, 20.5, 24, 28, 11, 13.5),
      observacoes:
        'Parabéns pela constância, Ana! O percentual de gordura caiu 2,5 pontos desde a última avaliação. Nas próximas semanas, durma de 7 a 8 horas por noite e mantenha uma fonte de proteína em todas as refeições.',
    });
    await createDiet(trx, anaLatest, trainingDay, 0);
    await createDiet(trx, anaLatest, restDay, 1);
    const anasWorkouts = [];
    for (const [index, input] of anaWorkouts.entries()) anasWorkouts.push({ id: await createWorkout(trx, anaLatest, input, index), input });
    await createDemoSessions(trx, ana.id, anasWorkouts, today);

    const bruno = await createUser(trx, {
      email: 'bruno@demo.fit',
      password: DEMO_PASSWORD,
      client: { nome: 'Bruno Lima', data_nascimento: '1988-11-02' },
    });
    const brunoLatest = await createEvaluation(trx, bruno.id, { plano: 'BASIC', data_consulta: daysFromToday(-55, today), peso: 84.1, altura: 178, objetivo: 'Hipertrofia', consumo_ideal_agua: 3000, percentual_gordura: 18.5 });
    await createWorkout(trx, brunoLatest, { ...anaWorkouts[1]!, titulo: 'Treino A - Peito, ombros e tríceps', dias: ['SEGUNDA', 'QUARTA', 'SEXTA'] }, 0);
    await createWorkout(trx, brunoLatest, { ...anaWorkouts[0]!, titulo: 'Treino B - Pernas e costas', dias: ['TERCA', 'QUINTA'] }, 1);

    const carla = await createUser(trx, {
      email: 'carla@demo.fit',
      password: DEMO_PASSWORD,
      client: { nome: 'Carla Mendes', data_nascimento: '1979-07-21' },
    });
    const carlaLatest = await createEvaluation(trx, carla.id, { plano: 'PRO', data_consulta: daysFromToday(-30, today), peso: 61.2, altura: 160, objetivo: 'Reeducação alimentar', consumo_ideal_agua: null });
    await createDiet(trx, carlaLatest, trainingDay, 0);
    await createDiet(
      trx,
      carlaLatest,
      { ...restDay, meals: [...restDay.meals.slice(0, 2), { titulo: 'Lanche da tarde', horario_inicio: '16:00', horario_fim: '16:30', opcoes: [] }, ...restDay.meals.slice(3)] },
      1,
    );

    const davi = await createUser(trx, { email: 'davi@demo.fit', password: DEMO_PASSWORD, client: { nome: 'Davi Rocha', data_nascimento: '2000-01-30' } });
    const marina = await createUser(trx, { email: 'nutri@demo.fit', password: DEMO_PASSWORD, roles: ['ROLE_NUTRICIONISTA'], nome: 'Marina Alves', registro: 'CRN-3 54321' });
    const rafael = await createUser(trx, { email: 'personal@demo.fit', password: DEMO_PASSWORD, roles: ['ROLE_PERSONAL'], nome: 'Rafael Costa', registro: 'CREF 012345-G/SP' });
    const helena = await createUser(trx, { email: 'admin@demo.fit', password: DEMO_PASSWORD, roles: ['ROLE_ADMIN'], nome: 'Helena Prado' });
    await createSecondFactorService({ db: trx, secret }).enrolWithSecret(helena.id, DEMO_ADMIN_TOTP_SECRET);
    // Each plan signed by who writes its part: Rafael the workouts, Marina the diets; ana's by turns.
    await markPublished(trx, [anaFirst, carlaLatest], marina.id);
    await markPublished(trx, [anaSecond, anaLatest, brunoLatest], rafael.id);
    await createDemoConversation(trx, ana.id, { rafael: rafael.id, marina: marina.id }, today);
    // Who looks after whom (DECISIONS.md §6): ana has both, bruno his trainer alone.
    await setResponsibles(trx, ana.id, { personalId: rafael.id, nutricionistaId: marina.id });
    await setResponsibles(trx, bruno.id, { personalId: rafael.id, nutricionistaId: null });
    // The demo clients accepted the current notice and every consent, photos included (DECISIONS.md §6), so every journey runs as before.
    for (const client of [ana, bruno, carla, davi]) {
      for (const kind of CONSENT_KINDS) await insertConsent(trx, client.id, kind, PRIVACY_VERSION, today);
    }
  });
}

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Whether `npm start` may seed: only the embedded database, and in production only when asked for
 * (DEMO_DATA=1), since the demo accounts share a published password (DECISIONS.md §1).
 */
export function demoDataAllowed(config: Pick<Config, 'NODE_ENV' | 'DEMO_DATA' | 'DATABASE_URL'>): boolean {
  return !config.DATABASE_URL && (config.NODE_ENV !== 'production' || config.DEMO_DATA);
}

/** Seeds the demo data on the first start where it is allowed; says whether it did. */
export async function seedOnFirstStart(db: Db, config: Parameters<typeof demoDataAllowed>[0] & Pick<Config, 'DEMO_TODAY'>, secret: Uint8Array): Promise<boolean> {
  if (!demoDataAllowed(config) || !(await isEmpty(db))) return false;
  // Noon of the pinned day: the same calendar day in the server's time zone, whatever it is.
  await seedDemoData(db, secret, config.DEMO_TODAY ? new Date(`${config.DEMO_TODAY}T12:00:00`) : undefined);
  return true;
}
