import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod/mini';
import type { Config } from '../../config.js';
import { VAPID_FILE, writeDataFile } from '../../data-dir.js';

/**
 * The VAPID key pair (RFC 8292) that signs every push: a push service delivers to a subscription
 * only what the key its browser was given signed. Like the JWT secret, it is generated once into
 * DATA_DIR, or given by the environment (required with several instances, which must share it).
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who runs this server, for push services to reach (`mailto:` or `https:`). */
  subject: string;
}

const storedKeysSchema = z.object({ publicKey: z.string(), privateKey: z.string() });

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or a pair generated once and kept in DATA_DIR (mode 600). */
export function loadVapidKeys(config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'DATA_DIR'>): VapidKeys {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.join(config.DATA_DIR, VAPID_FILE);
  if (!fs.existsSync(file)) {
    try {
      writeDataFile(config.DATA_DIR, VAPID_FILE, JSON.stringify(webpush.generateVAPIDKeys()));
    } catch (error) {
      // Another process starting on the same DATA_DIR wrote it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return { ...storedKeysSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8'))), subject };
}

/** A pair for a process that keeps none (tests): pushes it signs are refused once it is gone. */
export const temporaryVapidKeys = (subject: string): VapidKeys => ({ ...webpush.generateVAPIDKeys(), subject });
