import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createFileStorage } from '../src/storage/file-storage.js';
import type { MediaStorage } from '../src/storage/media-storage.js';
import { createS3Storage, type S3StorageOptions } from '../src/storage/s3-storage.js';

/** What these tests use of s3rver, which has no types of its own (hence required, not imported). */
interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverOptions = { address: string; port: number; silent: boolean; directory: string; configureBuckets: { name: string }[] };
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rver;

/** s3rver's one access key pair: it refuses a request signed with another. */
const S3RVER_KEY = 'S3RVER';

export interface S3TestServer {
  options: S3StorageOptions & { endpoint: string };
  close(): Promise<void>;
}

/**
 * The S3-compatible server a test uses: the one TEST_S3_ENDPOINT names (with TEST_S3_BUCKET,
 * TEST_S3_REGION, TEST_S3_ACCESS_KEY_ID and TEST_S3_SECRET_ACCESS_KEY; .ci/run starts an s3rver),
 * or else an s3rver of its own in this process, on a port the system picks, keeping its objects in
 * a temporary folder, with the bucket made. Tests sharing a server keep apart by their keys' ids.
 */
export async function startS3Server(): Promise<S3TestServer> {
  const env = process.env;
  const bucket = env.TEST_S3_BUCKET || 'acompanha-test';
  const region = env.TEST_S3_REGION || 'us-east-1';
  const keys = { accessKeyId: env.TEST_S3_ACCESS_KEY_ID || S3RVER_KEY, secretAccessKey: env.TEST_S3_SECRET_ACCESS_KEY || S3RVER_KEY };
  if (env.TEST_S3_ENDPOINT) return { options: { endpoint: env.TEST_S3_ENDPOINT, bucket, region, ...keys }, close: async () => {} };

  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    options: { endpoint: `http://127.0.0.1:${port}`, bucket, region, ...keys },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

export interface OpenedMediaStorage {
  storage: MediaStorage;
  /** The environment under which loadConfig (and so the app) opens this same storage: give it to buildTestApp. */
  env: Record<string, string>;
  /** Closes the storage and stops what was started for it. */
  close(): Promise<void>;
}

/** Both storages, for `describe.each(mediaStorages)('… ($name)', ({ open }) => …)`: each open() is a fresh, empty one. */
export const mediaStorages: { name: 'arquivos' | 's3'; open(): Promise<OpenedMediaStorage> }[] = [
  {
    name: 'arquivos',
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-media-'));
      // A folder yet to be made, as MEDIA_DIR is on a first start.
      const mediaDir = path.join(dir, 'media');
      const storage = createFileStorage(mediaDir);
      return {
        storage,
        env: { MEDIA_DIR: mediaDir },
        async close() {
          await storage.close();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 's3',
    async open() {
      const server = await startS3Server();
      const { endpoint, bucket, region, accessKeyId, secretAccessKey } = server.options;
      const storage = createS3Storage(server.options);
      return {
        storage,
        env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: region, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey },
        async close() {
          // The client's sockets first: the server's close waits for open connections.
          await storage.close();
          await server.close();
        },
      };
    },
  },
];
