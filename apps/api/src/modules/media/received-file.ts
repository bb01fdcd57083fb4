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

const FOLDER_PREFIX = 'acompanha-uploads-';

/** Removes the folders that processes of this user, now gone, left: a crash leaves a client's photo nowhere. */
async function removeLeftovers(parent: string) {
  for (const name of await fsp.readdir(parent).catch(() => [])) {
    const pid = Number(name.slice(FOLDER_PREFIX.length));
    if (!name.startsWith(FOLDER_PREFIX) || !Number.isInteger(pid) || pid === process.pid || isRunning(pid)) continue;
    const folder = path.join(parent, name);
    const stat = await fsp.lstat(folder).catch(() => null);
    if (stat?.isDirectory() && stat.uid === process.getuid?.()) await fsp.rm(folder, { recursive: true, force: true });
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: another user's process, alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** This process's own folder, by its pid. */
const ownFolder = () => path.join(os.tmpdir(), `${FOLDER_PREFIX}${process.pid}`);

let swept = false;
/**
 * This process's folder of uploads under way, in the system's temp folder: made again if a temp
 * cleaner took it, and refused unless it is a folder of this user's alone (another user could
 * have made one by its name first). The first call also removes what crashed processes left.
 */
async function uploadsFolder() {
  if (!swept) {
    swept = true;
    await removeLeftovers(os.tmpdir());
  }
  const folder = ownFolder();
  await fsp.mkdir(folder, { recursive: true, mode: 0o700 });
  const stat = await fsp.lstat(folder);
  if (!stat.isDirectory() || (process.getuid && stat.uid !== process.getuid()) || (stat.mode & 0o077) !== 0) {
    throw new Error(`${folder} is not a private folder of this user's: uploads are not received there`);
  }
  return folder;
}

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

/** The folder this process receives uploads in: tests check that it empties. */
export const receivedFilesFolder = ownFolder;
