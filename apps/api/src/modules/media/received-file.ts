import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_FILE_MODE } from '../../data-dir.js';

/** How many of a file's first bytes say what it is (imageTypeOf reads 12). */
const HEAD_BYTES = 16;

/** An uploaded file as it arrived: on the disk, not in memory, until `remove()`. */
export interface ReceivedFile {
  path: string;
  bytes: number;
  /** Its first bytes, which say its type. */
  head: Buffer;
  remove(): Promise<void>;
}

let folder: Promise<string> | undefined;
/** This process's folder of uploads under way, made at the first (mode 0700, as mkdtemp makes it). */
const uploadsFolder = () => (folder ??= fsp.mkdtemp(path.join(os.tmpdir(), 'acompanha-uploads-')));

/**
 * Writes an upload's bytes to a private file as they arrive. A phone on a weak signal takes
 * seconds to send a photo, and many may send at once: held in memory, twenty photos of 4.5 MB were
 * 90 MB of the server's before any was decoded. The file is the server's user's only (0600), and
 * goes with `remove()`, or at once when the upload fails midway.
 */
export async function receiveFile(stream: Readable): Promise<ReceivedFile> {
  const file = path.join(await uploadsFolder(), randomUUID());
  const remove = () => fsp.rm(file, { force: true });
  try {
    await pipeline(stream, fs.createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
    const handle = await fsp.open(file, 'r');
    try {
      const head = Buffer.alloc(HEAD_BYTES);
      const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
      return { path: file, bytes: (await handle.stat()).size, head: head.subarray(0, bytesRead), remove };
    } finally {
      await handle.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
}

/** The folder this process receives uploads in, once one was received: tests check that it empties. */
export const receivedFilesFolder = () => folder;
