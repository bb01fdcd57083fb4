import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createCachedMediaStorage, SMALL_COPY_BYTES } from '../src/storage/cached-media-storage.js';
import type { MediaStorage } from '../src/storage/media-storage.js';

/** A storage in memory that counts its reads. */
function countingStorage() {
  const objects = new Map<string, Buffer>();
  const reads: string[] = [];
  const storage: MediaStorage = {
    put: async (key, body) => void objects.set(key, body),
    read: async (key) => {
      reads.push(key);
      const bytes = objects.get(key);
      return bytes ? Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]) : null;
    },
    remove: async (keys) => keys.forEach((key) => objects.delete(key)),
    close: async () => {},
  };
  return { storage, reads };
}

const bytesOf = (size: number, fill: number) => Buffer.alloc(size, fill);

describe('small copies kept in memory', () => {
  it('reads a small copy from the storage once, for readers one after another and at once', async () => {
    const { storage, reads } = countingStorage();
    const cached = createCachedMediaStorage(storage);
    await cached.put('a/miniatura.webp', bytesOf(2000, 1), 'image/webp');
    const atOnce = await Promise.all([0, 1, 2].map(() => cached.readSmall('a/miniatura.webp', '"e1"')));
    expect(atOnce.every((bytes) => bytes?.equals(bytesOf(2000, 1)))).toBe(true);
    expect(await cached.readSmall('a/miniatura.webp', '"e1"')).toEqual(bytesOf(2000, 1));
    expect(reads).toEqual(['a/miniatura.webp']);
  });

  it('reads again under another ETag, after a write or a removal through it, and answers null for a copy not stored', async () => {
    const { storage, reads } = countingStorage();
    const cached = createCachedMediaStorage(storage);
    await cached.put('a', bytesOf(100, 1), 'image/webp');
    await cached.readSmall('a', '"e1"');
    // Another instance wrote new bytes under the key: the database's ETag says so.
    await storage.put('a', bytesOf(100, 2), 'image/webp');
    expect(await cached.readSmall('a', '"e2"')).toEqual(bytesOf(100, 2));
    await cached.put('a', bytesOf(100, 3), 'image/webp');
    expect(await cached.readSmall('a', '"e2"')).toEqual(bytesOf(100, 3));
    await cached.remove(['a']);
    expect(await cached.readSmall('a', '"e2"')).toBeNull();
    expect(reads).toEqual(['a', 'a', 'a', 'a']);
  });

  it('keeps nothing larger than a small copy, and lets the least recently read go past 24 MB', async () => {
    const { storage, reads } = countingStorage();
    const cached = createCachedMediaStorage(storage);
    await storage.put('large', bytesOf(SMALL_COPY_BYTES + 1, 1), 'image/webp');
    await cached.readSmall('large', '"l"');
    await cached.readSmall('large', '"l"');
    expect(reads).toEqual(['large', 'large']);

    reads.length = 0;
    // 400 copies of 64 KB: 25 MB.
    const keys = Array.from({ length: 400 }, (_, index) => `k${index}`);
    for (const key of keys) await storage.put(key, bytesOf(SMALL_COPY_BYTES, 7), 'image/webp');
    await cached.readSmall('k0', '"e"');
    for (const key of keys.slice(1)) await cached.readSmall(key, '"e"');
    expect(reads).toHaveLength(400);
    // k0 and k1..k15 left (24 MB holds 384); the newest are still kept.
    await cached.readSmall('k399', '"e"');
    expect(reads).toHaveLength(400);
    await cached.readSmall('k0', '"e"');
    expect(reads).toHaveLength(401);
  });

  it('keeps nothing of a read that was under way when its key was removed', async () => {
    const { storage, reads } = countingStorage();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: MediaStorage = { ...storage, read: async (key) => (await gate, storage.read(key)) };
    const cached = createCachedMediaStorage(slow);
    await storage.put('a', bytesOf(100, 1), 'image/webp');
    const underWay = cached.readSmall('a', '"e"');
    await cached.remove(['a']);
    await storage.put('a', bytesOf(100, 1), 'image/webp');
    release();
    await underWay;
    await cached.readSmall('a', '"e"');
    expect(reads).toEqual(['a', 'a']);
  });
});
