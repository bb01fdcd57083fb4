import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createFileStorage } from '../src/storage/file-storage.js';
import type { MediaStorage } from '../src/storage/media-storage.js';
import { openMediaStorage } from '../src/storage/open-media-storage.js';
import { mediaStorages, type OpenedMediaStorage } from './s3-server.js';

const bytesOf = async (stream: Readable | null) => (stream ? Buffer.concat(await stream.toArray()) : null);

/** A key as the media module makes them, of a fresh id: runs that share one bucket never meet. */
const keyOf = (name = 'display.webp', id = randomUUID()) => `${id}/${name}`;

const ESCAPING_KEYS = ['../outside.webp', 'a/../../outside.webp', '..', '/etc/passwd', 'a\\..\\outside.webp', '', 'a//b.webp', './a.webp', 'a/.hidden'];

describe.each(mediaStorages)('media storage ($name)', ({ open }) => {
  let opened: OpenedMediaStorage;
  let storage: MediaStorage;
  beforeAll(async () => {
    opened = await open();
    storage = opened.storage;
  });
  afterAll(() => opened.close());

  it('reads back what was put, whole', async () => {
    // Larger than a read's chunk, so that it arrives in several.
    const photo = randomBytes(300_000);
    const key = keyOf();
    await storage.put(key, photo, 'image/webp');
    expect(await bytesOf(await storage.read(key))).toEqual(photo);
  });

  it('reads an inclusive byte range, as HTTP names one', async () => {
    const key = keyOf();
    await storage.put(key, Buffer.from('0123456789'), 'image/webp');
    expect((await bytesOf(await storage.read(key, { start: 2, end: 5 })))?.toString()).toBe('2345');
    expect((await bytesOf(await storage.read(key, { start: 9, end: 9 })))?.toString()).toBe('9');
  });

  it('answers null for a key never stored, beside a stored one or not', async () => {
    const id = randomUUID();
    await storage.put(keyOf('display.webp', id), Buffer.from('display'), 'image/webp');
    expect(await storage.read(keyOf('thumb.webp', id))).toBeNull();
    expect(await storage.read(keyOf())).toBeNull();
    expect(await storage.read(keyOf(), { start: 0, end: 3 })).toBeNull();
  });

  it('replaces an object put again under its key, leaving nothing of the old one', async () => {
    const key = keyOf();
    await storage.put(key, Buffer.from('a longer first version'), 'image/webp');
    await storage.put(key, Buffer.from('second'), 'image/webp');
    expect((await bytesOf(await storage.read(key)))?.toString()).toBe('second');
  });

  it('takes the same key put twice at once, keeping one of them whole', async () => {
    const key = keyOf();
    const versions = [randomBytes(100_000), randomBytes(100_000)];
    await Promise.all(versions.map((version) => storage.put(key, version, 'image/webp')));
    const stored = await bytesOf(await storage.read(key));
    expect(versions.some((version) => version.equals(stored!))).toBe(true);
  });

  it('removes objects, a key already gone being no error', async () => {
    const id = randomUUID();
    const keys = [keyOf('display.webp', id), keyOf('thumb.webp', id)];
    for (const key of keys) await storage.put(key, Buffer.from(key), 'image/webp');
    const other = keyOf();
    await storage.put(other, Buffer.from('kept'), 'image/webp');

    await storage.remove([...keys, keyOf()]);
    for (const key of keys) expect(await storage.read(key)).toBeNull();
    expect((await bytesOf(await storage.read(other)))?.toString()).toBe('kept');
    await storage.remove(keys);
    await storage.remove([]);
  });

  it('refuses a key that could name something outside it, before touching anything', async () => {
    const kept = keyOf();
    await storage.put(kept, Buffer.from('kept'), 'image/webp');
    for (const key of ESCAPING_KEYS) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Not a media key/);
      await expect(storage.read(key)).rejects.toThrow(/Not a media key/);
      await expect(storage.remove([kept, key])).rejects.toThrow(/Not a media key/);
    }
    expect((await bytesOf(await storage.read(kept)))?.toString()).toBe('kept');
  });

  it('is the storage the configuration opens', async () => {
    const key = keyOf();
    await storage.put(key, Buffer.from('shared'), 'image/webp');
    const configured = await openMediaStorage(loadConfig({ NODE_ENV: 'test', ...opened.env }));
    try {
      expect((await bytesOf(await configured.read(key)))?.toString()).toBe('shared');
    } finally {
      await configured.close();
    }
  });
});

describe('media storage on files', () => {
  let dir: string;
  let root: string;
  let storage: MediaStorage;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-media-'));
    root = path.join(dir, 'media');
    storage = createFileStorage(root);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

  it('is private to the server user, as DATA_DIR is', async () => {
    const id = randomUUID();
    await storage.put(keyOf('display.webp', id), Buffer.from('photo'), 'image/webp');
    expect(modeOf(root)).toBe(0o700);
    expect(modeOf(path.join(root, id))).toBe(0o700);
    expect(modeOf(path.join(root, id, 'display.webp'))).toBe(0o600);
  });

  it('leaves only the photo once written, and no folder of an id once its photos are removed', async () => {
    const id = randomUUID();
    const keys = [keyOf('display.webp', id), keyOf('thumb.webp', id)];
    for (const key of keys) await storage.put(key, Buffer.from(key), 'image/webp');
    expect(fs.readdirSync(path.join(root, id)).sort()).toEqual(['display.webp', 'thumb.webp']);

    await storage.remove([keys[0]!]);
    expect(fs.readdirSync(path.join(root, id))).toEqual(['thumb.webp']);
    await storage.remove([keys[1]!]);
    expect(fs.existsSync(path.join(root, id))).toBe(false);
    expect(fs.existsSync(root)).toBe(true);
  });

  it('erases, with a photo, what a write cut short by a crash left beside it', async () => {
    const id = randomUUID();
    const key = keyOf('display.webp', id);
    await storage.put(key, Buffer.from('photo'), 'image/webp');
    // As a crash between writing and renaming leaves it.
    fs.writeFileSync(path.join(root, id, `.display.webp.${randomUUID()}.tmp`), 'half a photo');

    await storage.remove([key]);
    expect(fs.existsSync(path.join(root, id))).toBe(false);
  });

  it('never writes outside its folder', async () => {
    await expect(storage.put('../outside.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Not a media key/);
    expect(fs.readdirSync(dir)).toEqual(['media']);
  });
});
