import type { Config } from '../config.js';
import { createFileStorage } from './file-storage.js';
import { createCachedMediaStorage, type CachedMediaStorage } from './cached-media-storage.js';
import type { MediaStorage } from './media-storage.js';

/**
 * The storage the configuration names, its small copies kept in memory: the bucket when S3_BUCKET
 * is set, else files in MEDIA_DIR.
 */
export const openMediaStorage = async (config: Config): Promise<CachedMediaStorage> => createCachedMediaStorage(await openStorage(config));

/** The S3 client is loaded only with a bucket: the embedded default starts without evaluating it. */
async function openStorage(config: Config): Promise<MediaStorage> {
  if (!config.S3_BUCKET) return createFileStorage(config.MEDIA_DIR);
  const { createS3Storage } = await import('./s3-storage.js');
  return createS3Storage({
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    // loadConfig takes a bucket only with both keys.
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
  });
}
