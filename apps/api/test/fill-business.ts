import { randomUUID } from 'node:crypto';
import { searchKey } from '@acompanha/contract';
import { sql } from 'kysely';
import { addDays, daysFromToday } from '../src/dates.js';
import type { Db } from '../src/db/database.js';
import { rebuildRoster } from '../src/modules/roster/repository.js';

/**
 * A coaching business of `clients` clients of the demo's shape, written straight to the database in
 * batches (not through the API, which would take hours): each client with a plan of three workouts
 * of six exercises, `sessionsEach` sessions of 18 sets spread over the last 120 days, and
 * `messagesEach` messages, the newest of one client in five still unread by the team (their e-mail
 * already sent). Ten trainers and ten nutritionists look after them by turns, one client in four has
 * nobody, one in twenty has not set a password, and the plans expire over the next 60 days. For
 * bench:data and the tests that read query plans at a real size; the roster is rebuilt at the end,
 * as the writes would have kept it. Returns the staff members' ids and the clients' ids in the order
 * written.
 */
export async function fillBusiness(db: Db, { clients, sessionsEach, messagesEach, now = new Date(), prefix = 'fill' }: { clients: number; sessionsEach: number; messagesEach: number; now?: Date; prefix?: string }) {
  const createdAt = now.toISOString();
  const staff = async (role: 'ROLE_PERSONAL' | 'ROLE_NUTRICIONISTA', label: string) =>
    (
      await db
        .insertInto('users')
        .values(Array.from({ length: 10 }, (_, n) => ({ email: `${prefix}-${label}${n}@equipe.test`, password_hash: null, roles: role, created_at: createdAt, nome: `${label} ${n}` })))
        .returning('id')
        .execute()
    ).map((row) => row.id);
  const trainers = await staff('ROLE_PERSONAL', 'Personal');
  const nutritionists = await staff('ROLE_NUTRICIONISTA', 'Nutri');
  const activityIds = (
    await db
      .insertInto('activities')
      .values(Array.from({ length: 18 }, (_, n) => ({ titulo: `${prefix} Exercício ${n}`, grupo_muscular: 'Geral', video: null, titulo_chave: searchKey(`${prefix} Exercício ${n}`), grupo_chave: 'geral' })))
      .returning('id')
      .execute()
  ).map((row) => row.id);

  const FIRST_NAMES = ['João', 'Maria', 'José', 'Ana', 'Antônio', 'Francisca', 'Luís', 'Adriana', 'Márcio', 'Juliana', 'Sérgio', 'Patrícia'];
  const LAST_NAMES = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Lima', 'Pereira', 'Gonçalves', 'Araújo', 'Ribeiro', 'Conceição'];
  const BATCH = 100;
  const written: number[] = [];
  for (let start = 0; start < clients; start += BATCH) {
    const count = Math.min(BATCH, clients - start);
    const numbers = Array.from({ length: count }, (_, n) => start + n);
    const users = await db
      .insertInto('users')
      .values(numbers.map((n) => ({ email: `${prefix}-cliente${n}@exemplo.com`, password_hash: n % 20 === 19 ? null : 'filled-without-password', roles: 'ROLE_CLIENTE', created_at: createdAt, nome: null })))
      .returning('id')
      .execute();
    const ids = users.map((row) => row.id);
    written.push(...ids);
    await db
      .insertInto('clients')
      .values(
        ids.map((id, i) => {
          const n = numbers[i]!;
          const unassigned = n % 4 === 3;
          return {
            user_id: id,
            nome: `${FIRST_NAMES[n % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]} ${n}`,
            data_nascimento: '1990-01-01',
            personal_id: unassigned ? null : trainers[n % trainers.length]!,
            nutricionista_id: unassigned ? null : nutritionists[(n * 7) % nutritionists.length]!,
          };
        }),
      )
      .execute();
    const evaluations = await db
      .insertInto('evaluations')
      .values(
        ids.map((id, i) => {
          const consultation = daysFromToday(-(numbers[i]! % 60), now);
          return { client_id: id, plano: 'PRO', vencimento: addDays(consultation, 60), created_at: `${consultation}T12:00:00.000Z`, peso: 70, altura: 170, objetivo: 'Hipertrofia' };
        }),
      )
      .returning(['id', 'client_id'])
      .execute();
    const workouts = await db
      .insertInto('workouts')
      .values(evaluations.flatMap((evaluation) => ['SEGUNDA', 'QUARTA', 'SEXTA'].map((dia, posicao) => ({ evaluation_id: evaluation.id, titulo: `Treino ${'ABC'[posicao]}`, dias: dia, observacao: null, posicao }))))
      .returning(['id', 'evaluation_id'])
      .execute();
    await db
      .insertInto('exercises')
      .values(
        workouts.flatMap((workout, w) =>
          Array.from({ length: 6 }, (_, posicao) => {
            const activityId = activityIds[((w % 3) * 6 + posicao) % activityIds.length]!;
            return { workout_id: workout.id, activity_id: activityId, posicao, series: 3, repeticoes: '12', carga: 20, tempo_descanso: 60, observacao: null, atividade_titulo: `${prefix} Exercício ${activityId}`, atividade_grupo_muscular: 'Geral', atividade_video: null };
          }),
        ),
      )
      .execute();
    const clientOf = new Map(evaluations.map((evaluation) => [evaluation.id, evaluation.client_id]));
    const workoutsOf = new Map<number, number[]>();
    for (const workout of workouts) {
      const clientId = clientOf.get(workout.evaluation_id)!;
      workoutsOf.set(clientId, [...(workoutsOf.get(clientId) ?? []), workout.id]);
    }

    const sessions = ids.flatMap((clientId, i) => {
      // One client in three has not trained in the last week.
      const idle = numbers[i]! % 3 === 2 ? 8 : 0;
      return Array.from({ length: sessionsEach }, (_, s) => {
        const started = new Date(now.getTime() - (idle + (s * 120) / sessionsEach) * 86_400_000 - 3_600_000);
        return { id: randomUUID(), client_id: clientId, workout_id: workoutsOf.get(clientId)![s % 3]!, iniciado_em: started.toISOString(), concluido_em: new Date(started.getTime() + 3_000_000).toISOString(), created_at: createdAt };
      });
    });
    const messages = ids.flatMap((clientId, i) =>
      Array.from({ length: messagesEach }, (_, m) => {
        const fromClient = m % 2 === 0;
        const sent = new Date(now.getTime() - (messagesEach - m) * 3_600_000 * 5);
        const unread = fromClient && m >= messagesEach - 2 && numbers[i]! % 5 === 0;
        return {
          id: randomUUID(),
          client_id: clientId,
          author_id: fromClient ? clientId : trainers[i % trainers.length]!,
          autor: fromClient ? ('CLIENTE' as const) : ('EQUIPE' as const),
          texto: fromClient ? `Dúvida ${m} sobre o treino` : `Resposta ${m} da equipe`,
          enviada_em: sent.toISOString(),
          lida_em: unread ? null : new Date(sent.getTime() + 600_000).toISOString(),
        };
      }),
    );
    // Rows of at most ~2,000 values each: PostgreSQL takes 65,535 parameters a statement.
    const inChunks = async <T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) => {
      for (let at = 0; at < rows.length; at += size) await insert(rows.slice(at, at + size));
    };
    await inChunks(sessions, 1000, (chunk) => db.insertInto('workout_sessions').values(chunk).execute());
    // Three sets of each of the workout's exercises per session, made by the database from the rows above:
    // 720 rows a client, too many to send as parameters in reasonable time.
    await sql`
      insert into session_sets (session_id, exercise_id, numero, carga, repeticoes, feito_em)
      select s.id, e.id, n.numero, 20 + n.numero, 12, s.iniciado_em
      from workout_sessions s
      join exercises e on e.workout_id = s.workout_id
      cross join (select 1 as numero union all select 2 union all select 3) n
      where s.client_id in (${sql.join(ids)})`.execute(db);
    await inChunks(messages, 1000, (chunk) => db.insertInto('messages').values(chunk).execute());
    // The unread messages' e-mail already sent, as in a business that has run a while: not 2,000 of them at once.
    const newestUnread = new Map<number, string>();
    for (const message of messages) if (message.lida_em === null) newestUnread.set(message.client_id, message.enviada_em);
    if (newestUnread.size > 0) {
      await db
        .insertInto('message_alerts')
        .values([...newestUnread].map(([clientId, coveredUntil]) => ({ client_id: clientId, avisado_em: createdAt, coberta_ate: coveredUntil })))
        .execute();
    }
  }
  await rebuildRoster(db);
  return { trainers, nutritionists, clients: written };
}
