// `npm run test:durability`: the embedded database under SIGKILL. Ten rounds, each starting the real server on the
// same data folder, running eight writers that save loads one after another, and killing the server with SIGKILL at a
// random moment. After each kill: SQLite's integrity check on the file, a restart, the session's refresh token still
// good, and every acknowledged load read back through the API. Prints a table; exits 1 if a write was lost.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { request } from '../test/processes/fixtures.js';
import { startServer, tempDir, type ServerProcess } from '../test/processes/server-process.js';

const ROUNDS = 10;
const WRITERS = 8;
const KILL_AFTER_MS = [300, 1500];

/** One writer's exercise and what became of its loads: the last the server acknowledged, and the one left unanswered. */
interface Writer {
  exerciseId: number;
  workoutId: number;
  next: number;
  acknowledged?: number;
  unanswered?: number;
}

const dataDir = tempDir('durability');
const databaseFile = path.join(dataDir, 'acompanha.db');
let server: ServerProcess | undefined;

/** Signs in or refreshes; the pair of tokens a client keeps. */
async function tokens(url: string, body: object) {
  const response = await request(url, { method: 'POST', body });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as { token: string; refresh_token: string };
}

/** Ana's exercises, one per writer, read from the file as the seed left it. */
function anasExercises(): Writer[] {
  const db = new SQLite(databaseFile, { readonly: true });
  try {
    const rows = db
      .prepare(
        `select exercises.id as exerciseId, exercises.workout_id as workoutId from exercises
         join workouts on workouts.id = exercises.workout_id
         join evaluations on evaluations.id = workouts.evaluation_id
         join users on users.id = evaluations.client_id
         where users.email = 'ana@demo.fit' order by exercises.id limit ?`,
      )
      .all(WRITERS) as { exerciseId: number; workoutId: number }[];
    if (rows.length < WRITERS) throw new Error(`ana has ${rows.length} exercises; the experiment needs ${WRITERS}`);
    return rows.map((row) => ({ ...row, next: 1 }));
  } finally {
    db.close();
  }
}

/** Saves loads one after another until the server stops answering; each load is unique to its writer and larger than the last. */
async function write(url: string, token: string, writer: Writer, stopped: { value: boolean }) {
  let acknowledged = 0;
  while (!stopped.value) {
    // Hundredths keep every value under the load's maximum (9999) for a million writes.
    const carga = writer.next / 100;
    writer.next += 1;
    writer.unanswered = carga;
    try {
      const response = await request(`${url}/api/v1/exercicios/${writer.exerciseId}`, { method: 'PUT', token, body: { carga } });
      if (response.status !== 200) throw new Error(`PUT answered ${response.status}`);
      writer.acknowledged = carga;
      writer.unanswered = undefined;
      acknowledged += 1;
    } catch {
      break; // killed: this write may or may not have reached the disk
    }
  }
  return acknowledged;
}

/** The loads the restarted server gives for each writer's exercise. */
async function loadsAfterRestart(url: string, token: string, writers: Writer[]) {
  const loads = new Map<number, number | null>();
  for (const workoutId of new Set(writers.map((writer) => writer.workoutId))) {
    const response = await request(`${url}/api/v1/treinos/${workoutId}/exercicios?page=0&size=50`, { token });
    if (response.status !== 200) throw new Error(`exercises of workout ${workoutId} answered ${response.status}`);
    for (const exercise of response.body!.results as { id: number; carga: number | null }[]) loads.set(exercise.id, exercise.carga);
  }
  return loads;
}

function integrity() {
  const db = new SQLite(databaseFile);
  try {
    return (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

const rows: { round: number; 'writes acknowledged': number; 'writes lost': number; 'killed after ms': number; integrity: string; 'refresh token': string }[] = [];
let failed = false;
try {
  server = await startServer({ DATA_DIR: dataDir });
  let session = await tokens(`${server.url}/api/v1/auth/login`, { email: 'ana@demo.fit', password: 'Treino2026' });
  const writers = anasExercises();

  for (let round = 1; round <= ROUNDS; round += 1) {
    const stopped = { value: false };
    const writes = Promise.all(writers.map((writer) => write(server!.url, session.token, writer, stopped)));
    const killAfterMs = Math.round(KILL_AFTER_MS[0]! + Math.random() * (KILL_AFTER_MS[1]! - KILL_AFTER_MS[0]!));
    await new Promise((resolve) => setTimeout(resolve, killAfterMs));
    await server.stop('SIGKILL');
    stopped.value = true;
    const acknowledged = (await writes).reduce((sum, count) => sum + count, 0);

    const check = integrity();
    server = await startServer({ DATA_DIR: dataDir });
    // The session outlives the kill: its refresh token, stored before, still gives a new pair.
    let refresh = 'ok';
    try {
      session = await tokens(`${server.url}/api/v1/auth/refresh`, { refresh_token: session.refresh_token });
    } catch (error) {
      refresh = String(error);
      session = await tokens(`${server.url}/api/v1/auth/login`, { email: 'ana@demo.fit', password: 'Treino2026' });
    }
    const loads = await loadsAfterRestart(server.url, session.token, writers);
    // A write is lost when the load read back is neither the last acknowledged nor the one that got no answer.
    const lost = writers.filter((writer) => {
      const load = loads.get(writer.exerciseId);
      return writer.acknowledged !== undefined && load !== writer.acknowledged && load !== writer.unanswered;
    });
    for (const writer of writers) {
      writer.acknowledged = loads.get(writer.exerciseId) ?? undefined;
      writer.unanswered = undefined;
    }
    rows.push({ round, 'writes acknowledged': acknowledged, 'writes lost': lost.length, 'killed after ms': killAfterMs, integrity: check, 'refresh token': refresh });
    if (lost.length > 0 || check !== 'ok' || refresh !== 'ok') failed = true;
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await server?.stop('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nDurability of the embedded database: ${ROUNDS} rounds of ${WRITERS} writers, SIGKILL at a random moment\n`);
console.table(rows);
const acknowledged = rows.reduce((sum, row) => sum + row['writes acknowledged'], 0);
const lost = rows.reduce((sum, row) => sum + row['writes lost'], 0);
console.log(`${rows.length} rounds killed, ${acknowledged} acknowledged writes, ${lost} lost${failed ? ' — FAILED' : ''}`);
process.exitCode = failed || rows.length < ROUNDS ? 1 : 0;
