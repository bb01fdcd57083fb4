import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../data-dir.js';
import { checkMediaKey, type MediaStorage } from './media-storage.js';

/**
 * A write under way: a hidden name beside the photo it becomes (no key starts with a dot), so that
 * one rename puts the whole photo in place.
 */
const TEMP_NAME = /^\..+\.tmp$/;

const hasCode = (error: unknown, ...codes: string[]) => codes.includes((error as NodeJS.ErrnoException).code ?? '');

/** Writes a folder's entries to the disk: a rename or a new name is durable only once its folder is. */
async function syncFolder(folder: string) {
  const handle = await fsp.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The embedded default's storage: a file per key under `dir` (`<uuid>/display.webp`), private to
 * the server's user like the rest of DATA_DIR. Made when missing.
 */
export function createFileStorage(dir: string): MediaStorage {
  const root = path.resolve(dir);
  fs.mkdirSync(root, { recursive: true, mode: PRIVATE_DIR_MODE });
  /** This storage's writes under way, which a remove in the same folder leaves alone. */
  const writing = new Set<string>();

  const fileOf = (key: string) => {
    checkMediaKey(key);
    return path.join(root, key);
  };

  async function openTemp(temp: string) {
    const folder = path.dirname(temp);
    for (;;) {
      const created = await fsp.mkdir(folder, { recursive: true, mode: PRIVATE_DIR_MODE });
      for (let sub = folder; created && sub !== path.dirname(created); sub = path.dirname(sub)) await syncFolder(path.dirname(sub));
      try {
        return await fsp.open(temp, 'wx', PRIVATE_FILE_MODE);
      } catch (error) {
        // A remove took the folder away, empty, between the two steps: make it again.
        if (!hasCode(error, 'ENOENT')) throw error;
      }
    }
  }

  /**
   * Removes `folder` and the folders above it inside the storage while they are empty, with any
   * write a crash left unfinished in them: a photo erased leaves none of its bytes behind.
   */
  async function removeEmptyFolders(folder: string) {
    for (let current = folder; current !== root; current = path.dirname(current)) {
      let entries: string[];
      try {
        entries = await fsp.readdir(current);
      } catch (error) {
        if (hasCode(error, 'ENOENT')) return;
        throw error;
      }
      const leftovers = entries.filter((name) => TEMP_NAME.test(name) && !writing.has(path.join(current, name)));
      if (leftovers.length < entries.length) return;
      await Promise.all(leftovers.map((name) => fsp.rm(path.join(current, name), { force: true })));
      try {
        await fsp.rmdir(current);
      } catch (error) {
        // Another key was written into it meanwhile.
        if (hasCode(error, 'ENOTEMPTY', 'EEXIST', 'ENOENT')) return;
        throw error;
      }
    }
  }

  return {
    async put(key, body) {
      const file = fileOf(key);
      const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
      writing.add(temp);
      try {
        const handle = await openTemp(temp);
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fsp.rename(temp, file);
        await syncFolder(path.dirname(file));
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      } finally {
        writing.delete(temp);
      }
    },

    async read(key, range) {
      const file = fileOf(key);
      // Opened here rather than by the stream, so that a missing file answers null instead of a stream that fails.
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(file, 'r');
      } catch (error) {
        if (hasCode(error, 'ENOENT')) return null;
        throw error;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async remove(keys) {
      // Every key is checked before any file is removed.
      const files = keys.map(fileOf);
      await Promise.all(files.map((file) => fsp.rm(file, { force: true })));
      for (const folder of new Set(files.map((file) => path.dirname(file)))) await removeEmptyFolders(folder);
    },

    // Nothing is held open between calls: each read's file closes with its stream.
    async close() {},
  };
}
