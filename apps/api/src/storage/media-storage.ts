import type { Readable } from 'node:stream';

/**
 * Where photos' bytes live (DECISIONS.md §6): files in MEDIA_DIR on the embedded default, an
 * S3-compatible bucket with several instances. The database keeps what is known about each object
 * (its size and hash, who may read it); the storage keeps only the bytes, under opaque keys.
 */
export interface MediaStorage {
  /** Stores `body` under `key`, replacing what was there: a retried upload writes the same bytes again. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * The object's bytes as a stream, whole or the inclusive byte range asked for, read as they are
   * sent (never loaded whole); null when there is no such object.
   */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the objects; a key already gone is no error. */
  remove(keys: readonly string[]): Promise<void>;
  /** Frees what the storage holds open (the S3 client's sockets). */
  close(): Promise<void>;
}

/** Bytes `start` to `end`, both included, as an HTTP Range names them. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Path segments of letters, digits, `.`, `_` and `-`, none starting with a dot (so never `.` or `..`, nor hidden). */
const MEDIA_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/**
 * Refuses a key that could name something outside the storage: `..` (a file outside MEDIA_DIR, or
 * another object once a proxy normalises a path-style URL), an absolute path, a backslash. The
 * server makes every key (`<uuid>/display.webp`), so a refused one is a bug, never a user's input.
 */
export function checkMediaKey(key: string): void {
  if (!MEDIA_KEY.test(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
}
