import type { Config } from '../config.js';
import { createFileStorage } from './file-storage.js';
import type { MediaStorage } from './media-storage.js';

/**
 * The storage the configuration names: the bucket when S3_BUCKET is set, else files in MEDIA_DIR.
 * The S3 client is loaded only then: the embedded default starts without evaluating it.
 */
export async function openMediaStorage(config: Config): Promise<MediaStorage> {
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
