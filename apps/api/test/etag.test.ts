import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch } from '../src/plugins/etag.js';
import { bearer, call, createWorkout, sampleWorkout, signIn, signInWithPlan, useTestApp } from './helper.js';

describe('conditional GETs of the plan', () => {
  const ctx = useTestApp();


  const get = (url: string, token: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

  it('gives each plan call a strong ETag and lets the browser keep it only to ask again', async () => {
    const ana = await signInWithPlan(ctx, 'Etag');
    for (const url of [
      `/api/v1/avaliacoes/${ana.evaluationId}/treinos?page=0&size=10`,
      `/api/v1/treinos/${ana.workoutId}`,
      `/api/v1/treinos/${ana.workoutId}/exercicios?page=0&size=10`,
      `/api/v1/avaliacoes/${ana.evaluationId}/dietas?page=0&size=10`,
      `/api/v1/dietas/${ana.dietId}`,
      `/api/v1/dietas/${ana.dietId}/refeicoes`,
    ]) {
      const first = await get(url, ana.token);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers.etag, url).toMatch(/^"[\w-]{27}"$/);
      expect(first.headers['cache-control'], url).toBe('private, no-cache');

      const again = await get(url, ana.token, { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(first.headers.etag);
      expect(again.headers['cache-control'], url).toBe('private, no-cache');
      expect(again.headers['content-type'], url).toBeUndefined();
    }
  });

  it('answers the new body when the plan changed since', async () => {
    const ana = await signInWithPlan(ctx, 'Etag');
    const url = `/api/v1/treinos/${ana.workoutId}/exercicios?page=0&size=10`;
    const before = await get(url, ana.token);
    expect((await call(ctx.app, 'PUT', `/api/v1/exercicios/${ana.exerciseId}`, { token: ana.token, payload: { carga: 57 } })).statusCode).toBe(200);

    const after = await get(url, ana.token, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().results[0].carga).toBe(57);
  });

  it('keeps the same ETag for a gzip answer, and answers 304 to it', async () => {
    const ana = await signIn(ctx);
    // Compression starts at 1 KB: a workout of ten exercises.
    const workout = sampleWorkout('Gzip');
    const workoutId = await createWorkout(ctx.db, ana.evaluationId!, { ...workout, exercises: Array.from({ length: 5 }, () => workout.exercises).flat() });
    const url = `/api/v1/treinos/${workoutId}/exercicios?page=0&size=50`;
    const identity = await get(url, ana.token);
    expect(identity.body.length).toBeGreaterThan(1024);
    const gzip = await get(url, ana.token, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(identity.body);
    expect(gzip.headers.etag).toBe(identity.headers.etag);

    const revalidated = await get(url, ana.token, { 'accept-encoding': 'gzip', 'if-none-match': String(gzip.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload).toHaveLength(0);
  });

  it("never confirms another client's copy: the ETag is checked against the asker's own answer", async () => {
    const ana = await signInWithPlan(ctx, 'Etag');
    const bia = await signIn(ctx);
    const url = `/api/v1/treinos/${ana.workoutId}/exercicios?page=0&size=10`;
    const anas = await get(url, ana.token);
    const asBia = await get(url, bia.token, { 'if-none-match': String(anas.headers.etag) });
    expect(asBia.statusCode).toBe(404);
    expect(asBia.headers.etag).toBeUndefined();
    expect(asBia.headers['cache-control']).toBe('no-store');
  });

  it('keeps no-store and no ETag on calls that did not opt in, and on writes', async () => {
    const ana = await signInWithPlan(ctx, 'Etag');
    const profile = await get(`/api/v2/clientes/${ana.id}`, ana.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.headers.etag).toBeUndefined();
    expect(profile.headers['cache-control']).toBe('no-store');

    const saved = await call(ctx.app, 'PUT', `/api/v1/exercicios/${ana.exerciseId}`, { token: ana.token, payload: { carga: 30 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers.etag).toBeUndefined();
    expect(saved.headers['cache-control']).toBe('no-store');
  });

  it('reads If-None-Match as RFC 9110 says: a list, weak tags, and *', () => {
    expect(matchesIfNoneMatch('"abc"', '"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"x", W/"abc" , "y"', '"abc"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"abcd"', '"abc"')).toBe(false);
    expect(matchesIfNoneMatch('abc', '"abc"')).toBe(false);
  });
});
