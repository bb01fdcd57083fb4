import { migrateToLatest, openDatabase } from '../../src/db/database.js';
import { createClient, createWorkout, exerciseIds, sampleWorkout } from '../helper.js';

/** Migrates a PostgreSQL database and gives it a client with a workout, as the servers under test will find it. */
export async function seedClientWithWorkout(databaseUrl: string) {
  const db = openDatabase({ kind: 'postgres', url: databaseUrl });
  try {
    await migrateToLatest(db);
    const client = await createClient(db);
    const workoutId = await createWorkout(db, client.evaluationId!, sampleWorkout('Processo'));
    return { email: client.email, workoutId, exerciseIds: await exerciseIds(db, workoutId) };
  } finally {
    await db.destroy();
  }
}

/** A JSON request to a running server; the body parsed when there is one. */
export async function request(url: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}
