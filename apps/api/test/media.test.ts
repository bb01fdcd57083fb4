import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import zlib from 'node:zlib';
import { MEDIA_ACCOUNT_BYTES_MAX, PRIVACY_VERSION, type Media, type Message, type MessagePage } from '@acompanha/contract';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receivedFilesFolder } from '../src/modules/media/received-file.js';
import { storageKey } from '../src/modules/media/service.js';
import { bearer, buildTestApp, call, expectBadField, expectError, signIn, type TestContext } from './helper.js';
import { mediaStorages, type OpenedMediaStorage } from './s3-server.js';
import { signInStaff } from './staff.js';

/** A multipart/form-data body as a browser's FormData sends it: the fields in order, `arquivo` as a file. */
function form(fields: { id?: string; arquivo?: Buffer; filename?: string; type?: string }) {
  const boundary = `----acompanha${randomUUID()}`;
  const parts: Buffer[] = [];
  if (fields.id !== undefined) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${fields.id}\r\n`));
  if (fields.arquivo) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${fields.filename ?? 'foto.jpg'}"\r\nContent-Type: ${fields.type ?? 'image/jpeg'}\r\n\r\n`),
      fields.arquivo,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A photo a phone would take, with where it was taken in its EXIF. */
const photoWithGps = () =>
  sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .composite([{ input: { create: { width: 400, height: 400, channels: 3, background: { r: 10, g: 60, b: 200 } } }, left: 100, top: 100 }])
    .withExif({ IFD0: { Make: 'Acompanha Phone', Model: 'Teste' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '46/1 38/1 0/1' } })
    .jpeg({ quality: 90 })
    .toBuffer();

const small = (format: 'jpeg' | 'png' | 'webp') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 160, b: 90 } } })[format]().toBuffer();

/** A PNG header that says 20,000 × 20,000 pixels, in a few bytes: decoding it would take gigabytes. */
function pngBomb() {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = zlib.deflateSync(Buffer.alloc(20_001 * 64));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

describe.each(mediaStorages)('photos, kept in $name', ({ open }) => {
  let opened: OpenedMediaStorage;
  const ctx = {} as TestContext;
  beforeAll(async () => {
    opened = await open();
    Object.assign(ctx, await buildTestApp(opened.env));
  });
  afterAll(async () => {
    await ctx.close();
    await opened.close();
  });

  const upload = (token: string, fields: Parameters<typeof form>[0]) => {
    const { payload, contentType } = form(fields);
    return ctx.app.inject({ method: 'POST', url: '/api/v1/midias', payload, headers: { ...bearer(token), 'content-type': contentType } });
  };
  const consent = async (token: string) =>
    expect((await call(ctx.app, 'POST', '/api/v1/privacidade/consentimentos', { token, payload: { tipo: 'fotos', versao: PRIVACY_VERSION } })).statusCode).toBe(200);
  /** A client who consented to their photos being kept. */
  const client = async () => {
    const signedIn = await signIn(ctx);
    await consent(signedIn.token);
    return signedIn;
  };
  const get = (token: string, url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
  const stored = async (key: string) => {
    const stream = await opened.storage.read(key);
    if (!stream) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const body = (response: LightMyRequestResponse) => response.rawPayload;

  it('takes a JPEG, keeps a display copy and a thumbnail as WebP without any of the device’s metadata, GPS above all', async () => {
    const ana = await client();
    const original = await photoWithGps();
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('Acompanha Phone');
    const id = randomUUID();
    const response = await upload(ana.token, { id, arquivo: original });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ id, largura: 1600, altura: 1200, criada_em: expect.any(String) });

    const display = await get(ana.token, `/api/v1/midias/${id}`);
    const thumbnail = await get(ana.token, `/api/v1/midias/${id}/miniatura`);
    for (const [served, side] of [[display, 1600], [thumbnail, 320]] as const) {
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toMatch(/^private/);
      const metadata = await sharp(body(served)).metadata();
      expect(metadata.format).toBe('webp');
      expect(Math.max(metadata.width, metadata.height)).toBe(side);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(body(served).toString('latin1')).not.toMatch(/GPS|Acompanha Phone|Exif/);
    }
    // What the storage holds is what was served: no copy of the original anywhere.
    const row = (await ctx.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
    expect(await stored(storageKey(row, 'exibicao'))).toEqual(body(display));
    expect(await stored(storageKey(row, 'miniatura'))).toEqual(body(thumbnail));
  });

  it('recognises a type by its bytes: a PNG named .jpg is a PNG, WebP is taken; SVG, HTML and PDF renamed .jpg answer 415', async () => {
    const ana = await client();
    for (const arquivo of [await small('jpeg'), await small('png'), await small('webp')]) {
      expect((await upload(ana.token, { id: randomUUID(), arquivo, filename: 'foto.jpg', type: 'image/jpeg' })).statusCode).toBe(201);
    }
    const refused = [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>'),
      Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
    ];
    for (const arquivo of refused) {
      const body = expectError(await upload(ana.token, { id: randomUUID(), arquivo, filename: 'foto.jpg', type: 'image/jpeg' }), 415);
      expect(body.field).toBe('arquivo');
    }
  });

  it('answers 400 naming arquivo for a truncated JPEG and for a header of 400 megapixels, which it never decodes', async () => {
    const ana = await client();
    const jpeg = await photoWithGps();
    expectBadField(await upload(ana.token, { id: randomUUID(), arquivo: jpeg.subarray(0, Math.floor(jpeg.length / 2)) }), 'arquivo');
    const rssBefore = process.memoryUsage().rss;
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(expectBadField(await upload(ana.token, { id: randomUUID(), arquivo: bomb, filename: 'a.png', type: 'image/png' }), 'arquivo').message).toContain('megapixels');
    // Decoded, its 400 million pixels would have taken over a gigabyte.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    expect(await ctx.db.selectFrom('media').select('id').where('owner_id', '=', ana.id).execute()).toEqual([]);
  });

  it('answers 413 for 11 MB, 400 without an id or a file', async () => {
    const ana = await client();
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(11 * 1024 * 1024, 7)]);
    expect(expectError(await upload(ana.token, { id: randomUUID(), arquivo: big }), 413).field).toBe('arquivo');
    // A request that says less than the limit, whose file is still over it: cut off as it is received.
    const justOver = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024 + 10 * 1024, 7)]);
    expect(expectError(await upload(ana.token, { id: randomUUID(), arquivo: justOver }), 413).field).toBe('arquivo');
    expectBadField(await upload(ana.token, { arquivo: await small('jpeg') }), 'id');
    expectBadField(await upload(ana.token, { id: 'não-é-uuid', arquivo: await small('jpeg') }), 'id');
    expectBadField(await upload(ana.token, { id: randomUUID() }), 'arquivo');
    // A body cut off in the middle of the file (a connection lost as it was sent).
    const { payload, contentType } = form({ id: randomUUID(), arquivo: await small('jpeg') });
    const cut = payload.subarray(0, payload.length - 60);
    expectBadField(await ctx.app.inject({ method: 'POST', url: '/api/v1/midias', payload: cut, headers: { ...bearer(ana.token), 'content-type': contentType } }), 'arquivo');
    expectBadField(await call(ctx.app, 'POST', '/api/v1/midias', { token: ana.token, payload: { id: randomUUID() } }), 'arquivo');
  });

  it('keeps one photo for the same id sent twice (201, then 200 with the same answer); another account’s id is a conflict', async () => {
    const ana = await client();
    const bruno = await client();
    const id = randomUUID();
    const first = await upload(ana.token, { id, arquivo: await small('jpeg') });
    expect(first.statusCode).toBe(201);
    const again = await upload(ana.token, { id: id.toUpperCase(), arquivo: await small('png') });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await ctx.db.selectFrom('media').select('id').where('owner_id', '=', ana.id).execute()).toHaveLength(1);
    expect(expectError(await upload(bruno.token, { id, arquivo: await small('jpeg') }), 409).field).toBe('id');
  });

  it('stores nothing for a client without the photo consent: 403 ConsentimentoPendente; the team needs none', async () => {
    const carla = await signIn(ctx);
    const id = randomUUID();
    expect(expectError(await upload(carla.token, { id, arquivo: await small('jpeg') }), 403).code).toBe('ConsentimentoPendente');
    expect(await ctx.db.selectFrom('media').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await stored(storageKey({ owner_id: carla.id, id }, 'exibicao'))).toBeNull();
    const privacy = (await call(ctx.app, 'GET', '/api/v1/privacidade', { token: carla.token })).json();
    expect(privacy).toEqual({ termos: { versao: PRIVACY_VERSION, aceito_em: null }, consentimentos: { dados_de_saude: null, fotos: null } });
    await consent(carla.token);
    expect((await call(ctx.app, 'GET', '/api/v1/privacidade', { token: carla.token })).json().consentimentos.fotos).toEqual(expect.any(String));
    expect((await upload(carla.token, { id, arquivo: await small('jpeg') })).statusCode).toBe(201);
    const staff = await signInStaff(ctx);
    expect((await upload(staff.token, { id: randomUUID(), arquivo: await small('jpeg') })).statusCode).toBe(201);
  });

  it('serves a photo to its sender and the team only: another client gets 404, a token that is no token 401', async () => {
    const ana = await client();
    const bruno = await client();
    const staff = await signInStaff(ctx);
    const id = randomUUID();
    await upload(bruno.token, { id, arquivo: await small('jpeg') });
    for (const path of [`/api/v1/midias/${id}`, `/api/v1/midias/${id}/miniatura`]) {
      expect((await get(bruno.token, path)).statusCode).toBe(200);
      expect((await get(staff.token, path)).statusCode).toBe(200);
      expectError(await get(ana.token, path), 404);
      expectError(await get('não-é-um-token', path), 401);
      expectError(await ctx.app.inject({ method: 'GET', url: path }), 401);
    }
    expectError(await get(staff.token, `/api/v1/midias/${randomUUID()}`), 404);
    // A team member's photo not yet sent to anyone is its sender's alone.
    const staffPhoto = randomUUID();
    await upload(staff.token, { id: staffPhoto, arquivo: await small('jpeg') });
    expectError(await get(ana.token, `/api/v1/midias/${staffPhoto}`), 404);
  });

  it('answers a range (206), a whole copy again as 304 when the ETag matches, and 416 past the end', async () => {
    const ana = await client();
    const id = randomUUID();
    await upload(ana.token, { id, arquivo: await photoWithGps() });
    const whole = await get(ana.token, `/api/v1/midias/${id}`);
    const size = body(whole).length;
    expect(whole.headers['content-length']).toBe(String(size));
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await get(ana.token, `/api/v1/midias/${id}`, { range: 'bytes=10-109' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-109/${size}`);
    expect(body(part)).toEqual(body(whole).subarray(10, 110));
    const tail = await get(ana.token, `/api/v1/midias/${id}`, { range: 'bytes=-5' });
    expect(body(tail)).toEqual(body(whole).subarray(size - 5));
    const unchanged = await get(ana.token, `/api/v1/midias/${id}`, { 'if-none-match': String(whole.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
    const past = await get(ana.token, `/api/v1/midias/${id}`, { range: `bytes=${size}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);

    // The thumbnail, read whole from memory once read: the same answers.
    const thumbnail = `/api/v1/midias/${id}/miniatura`;
    const [first, again] = [await get(ana.token, thumbnail), await get(ana.token, thumbnail)];
    expect(body(again)).toEqual(body(first));
    expect(again.headers['content-length']).toBe(String(body(first).length));
    const thumbnailPart = await get(ana.token, thumbnail, { range: 'bytes=4-11' });
    expect(thumbnailPart.statusCode).toBe(206);
    expect(thumbnailPart.headers['content-range']).toBe(`bytes 4-11/${body(first).length}`);
    expect(thumbnailPart.headers['content-length']).toBe('8');
    expect(body(thumbnailPart)).toEqual(body(first).subarray(4, 12));
  });

  it('sends up to 4 photos on a message, with or without text, which the team reads; the team’s photo reaches the client', async () => {
    const ana = await client();
    const staff = await signInStaff(ctx);
    const photos = [randomUUID(), randomUUID()];
    for (const id of photos) await upload(ana.token, { id, arquivo: await small('jpeg') });
    const sent = await call(ctx.app, 'POST', '/api/v1/mensagens', { token: ana.token, payload: { id: randomUUID(), midias: photos } });
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json() as Message;
    expect(message.texto).toBe('');
    expect(message.midias).toEqual(photos.map((id) => ({ id, largura: 64, altura: 48 })));
    const teamPage = (await call(ctx.app, 'GET', `/api/v1/equipe/clientes/${ana.id}/mensagens`, { token: staff.token })).json() as MessagePage;
    expect(teamPage.results[0]).toEqual(message);

    const reply = randomUUID();
    await upload(staff.token, { id: reply, arquivo: await small('png') });
    expectError(await get(ana.token, `/api/v1/midias/${reply}`), 404);
    const answered = await call(ctx.app, 'POST', `/api/v1/equipe/clientes/${ana.id}/mensagens`, { token: staff.token, payload: { texto: 'Assim:', midias: [reply] } });
    expect(answered.statusCode, answered.body).toBe(201);
    const clientPage = (await call(ctx.app, 'GET', '/api/v1/mensagens', { token: ana.token })).json() as MessagePage;
    expect(clientPage.results[0]).toMatchObject({ texto: 'Assim:', midias: [{ id: reply, largura: 64, altura: 48 }] });
    expect((await get(ana.token, `/api/v1/midias/${reply}/miniatura`)).statusCode).toBe(200);
    expect(clientPage.results[1]!.midias).toHaveLength(2);
  });

  it('refuses 5 photos, another account’s photo, a photo already on another message, and an empty message without photos: 400 naming the field', async () => {
    const ana = await client();
    const bruno = await client();
    const five = Array.from({ length: 5 }, () => randomUUID());
    for (const id of five) await upload(ana.token, { id, arquivo: await small('jpeg') });
    const send = (token: string, payload: object) => call(ctx.app, 'POST', '/api/v1/mensagens', { token, payload: { id: randomUUID(), ...payload } });
    expectBadField(await send(ana.token, { texto: 'Olha', midias: five }), 'midias');
    expectBadField(await send(bruno.token, { texto: 'Olha', midias: [five[0]] }), 'midias');
    expectBadField(await send(ana.token, { texto: 'Olha', midias: [five[0], five[0]] }), 'midias');
    expectBadField(await send(ana.token, { midias: [randomUUID()] }), 'midias');
    expectBadField(await send(ana.token, { texto: '  ', midias: [] }), 'texto');
    expect((await send(ana.token, { midias: [five[0]] })).statusCode).toBe(201);
    expectBadField(await send(ana.token, { midias: [five[0]] }), 'midias');
    expect(await ctx.db.selectFrom('messages').select('id').where('client_id', '=', bruno.id).execute()).toEqual([]);
  });

  it('takes one of two messages sent at once with the same photo; the other answers 400 naming midias', async () => {
    const ana = await client();
    const photo = randomUUID();
    await upload(ana.token, { id: photo, arquivo: await small('jpeg') });
    const both = await Promise.all(
      [0, 1].map(() => call(ctx.app, 'POST', '/api/v1/mensagens', { token: ana.token, payload: { id: randomUUID(), texto: 'Olha', midias: [photo] } })),
    );
    expect(both.map((sent) => sent.statusCode).sort()).toEqual([201, 400]);
    expectBadField(both.find((sent) => sent.statusCode === 400)!, 'midias');
    expect(await ctx.db.selectFrom('messages').select('id').where('client_id', '=', ana.id).execute()).toHaveLength(1);
  });

  it('receives every upload into a private file and leaves none behind, taken or refused', async () => {
    const ana = await client();
    await upload(ana.token, { id: randomUUID(), arquivo: await small('jpeg') });
    await upload(ana.token, { id: randomUUID(), arquivo: Buffer.from('%PDF-1.4') });
    const jpeg = await photoWithGps();
    await upload(ana.token, { id: randomUUID(), arquivo: jpeg.subarray(0, 1000) });
    await upload(ana.token, { arquivo: await small('png') });
    const folder = await receivedFilesFolder();
    expect(folder).toBeDefined();
    expect((await fsp.stat(folder!)).mode & 0o777).toBe(0o700);
    expect(await fsp.readdir(folder!)).toEqual([]);
  });

  it('answers 409 LimiteDeFotos once an account’s photos fill its ceiling', async () => {
    const ana = await client();
    await ctx.db
      .insertInto('media')
      .values({ id: randomUUID(), owner_id: ana.id, client_id: ana.id, largura: 1, altura: 1, bytes: MEDIA_ACCOUNT_BYTES_MAX - 10, etag: '"x"', miniatura_bytes: 0, miniatura_etag: '"y"', criada_em: new Date().toISOString() })
      .execute();
    const body = expectError(await upload(ana.token, { id: randomUUID(), arquivo: await small('jpeg') }), 409);
    expect(body).toMatchObject({ code: 'LimiteDeFotos', field: 'arquivo' });
  });
});

describe('the upload limit', () => {
  let opened: OpenedMediaStorage;
  const ctx = {} as TestContext;
  beforeAll(async () => {
    opened = await mediaStorages[0]!.open();
    Object.assign(ctx, await buildTestApp(opened.env));
  });
  afterAll(async () => {
    await ctx.close();
    await opened.close();
  });

  it('answers 429 with Retry-After past 100 uploads an hour, and the photos already sent stay readable', async () => {
    const ana = await signIn(ctx);
    await call(ctx.app, 'POST', '/api/v1/privacidade/consentimentos', { token: ana.token, payload: { tipo: 'fotos', versao: PRIVACY_VERSION } });
    const arquivo = await small('jpeg');
    const ids: string[] = [];
    for (let sent = 0; sent < 100; sent += 1) {
      const { payload, contentType } = form({ id: randomUUID(), arquivo });
      const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/midias', payload, headers: { ...bearer(ana.token), 'content-type': contentType } });
      expect(response.statusCode).toBe(201);
      ids.push((response.json() as Media).id);
    }
    const { payload, contentType } = form({ id: randomUUID(), arquivo });
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/v1/midias', payload, headers: { ...bearer(ana.token), 'content-type': contentType } });
    expectError(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(ctx.app, 'GET', `/api/v1/midias/${ids[0]}`, { token: ana.token })).statusCode).toBe(200);
  });
});
