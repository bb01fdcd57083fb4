import type { Readable } from 'node:stream';
import type { MediaStorage } from './media-storage.js';

/** A copy this small is kept in memory once read: a thumbnail (a few KB), never a display copy. */
export const SMALL_COPY_BYTES = 64 * 1024;
/** What the kept copies may take in all: about a thousand thumbnails. */
const CACHE_BYTES = 24 * 1024 ** 2;

/** The storage, with its small copies read whole from memory. */
export interface CachedMediaStorage extends MediaStorage {
  /**
   * The whole object, of at most SMALL_COPY_BYTES, from memory when it was read before under the
   * same ETag; null when there is no such object. A thread shows dozens of thumbnails, to its
   * client and to the team, again at every opening: each read from the disk or the bucket costs
   * an open, a read and a close (or a request), which memory answers at a fraction.
   */
  readSmall(key: string, etag: string): Promise<Buffer | null>;
}

const collect = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * Keeps the small copies read last, up to CACHE_BYTES, the least recently read going first. Who may
 * read a copy is checked before, on every request; the copy is known by its key and ETag, so that
 * another instance's new bytes under a key are never answered from here. A copy written or removed
 * through this storage leaves memory at once.
 */
export function createCachedMediaStorage(storage: MediaStorage): CachedMediaStorage {
  // By key; a Map keeps its insertion order: the first entry is the least recently read.
  const kept = new Map<string, { etag: string; bytes: Buffer }>();
  // The reads under way, by key and ETag; one whose key was written or removed meanwhile keeps nothing.
  const reading = new Map<string, { key: string; promise: Promise<Buffer | null>; stale: boolean }>();
  let keptBytes = 0;

  const forget = (key: string) => {
    const copy = kept.get(key);
    if (!copy) return;
    kept.delete(key);
    keptBytes -= copy.bytes.length;
  };

  const changed = (key: string) => {
    for (const read of reading.values()) if (read.key === key) read.stale = true;
    forget(key);
  };

  const keep = (key: string, etag: string, bytes: Buffer) => {
    forget(key);
    kept.set(key, { etag, bytes });
    keptBytes += bytes.length;
    for (const oldest of kept.keys()) {
      if (keptBytes <= CACHE_BYTES) break;
      forget(oldest);
    }
  };

  return {
    async readSmall(key, etag) {
      const hit = kept.get(key);
      if (hit?.etag === etag) {
        kept.delete(key);
        kept.set(key, hit);
        return hit.bytes;
      }
      // Many readers of a copy not kept yet (a thread opened by the team and the client) read it once.
      const reader = `${key}\n${etag}`;
      const pending = reading.get(reader);
      if (pending) return pending.promise;
      const read = { key, stale: false, promise: Promise.resolve<Buffer | null>(null) };
      read.promise = storage
        .read(key)
        .then(async (stream) => {
          if (!stream) return null;
          const bytes = await collect(stream);
          if (bytes.length <= SMALL_COPY_BYTES && !read.stale) keep(key, etag, bytes);
          return bytes;
        })
        .finally(() => reading.delete(reader));
      reading.set(reader, read);
      return read.promise;
    },
    read: (key, range) => storage.read(key, range),
    async put(key, body, contentType) {
      changed(key);
      await storage.put(key, body, contentType);
    },
    async remove(keys) {
      keys.forEach(changed);
      await storage.remove(keys);
    },
    close: () => storage.close(),
  };
}
