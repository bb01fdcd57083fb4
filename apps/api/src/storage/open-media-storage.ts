import type { Config } from '../config.js';
import { createFileStorage } from './file-storage.js';
import type { MediaStorage } from './media-storage.js';
import { createS3Storage } from './s3-storage.js';

/** The storage the configuration names: the bucket when S3_BUCKET is set, else files in MEDIA_DIR. */
export function openMediaStorage(config: Config): MediaStorage {
  if (!config.S3_BUCKET) return createFileStorage(config.MEDIA_DIR);
  return createS3Storage({
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    // loadConfig takes a bucket only with both keys.
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
  });
}
