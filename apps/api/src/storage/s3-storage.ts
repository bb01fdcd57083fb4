import { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { checkMediaKey, type MediaStorage } from './media-storage.js';

export interface S3StorageOptions {
  /** An S3-compatible server's URL (MinIO, Cloudflare R2, s3rver); AWS S3 itself when absent. */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The most keys one DeleteObjects call takes. */
const DELETE_BATCH = 1000;

/**
 * S3 answers NoSuchKey for a missing object; some S3-compatible servers a bare 404. A missing
 * bucket is a misconfiguration to report, never "no such photo".
 */
const isMissingObject = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || (error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket'));

/**
 * Storage in an S3-compatible bucket, which every instance shares. Objects get no ACL: the bucket's
 * own policy (private by default) applies, and the API serves them.
 */
export function createS3Storage(options: S3StorageOptions): MediaStorage {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    // The bucket in the path, not in the host name: MinIO and s3rver have no DNS name per bucket.
    forcePathStyle: Boolean(options.endpoint),
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Since 3.729 the SDK adds a CRC32 checksum header to every upload and asks for checksums on
    // every download, and several S3-compatible servers refuse or mishandle those headers (R2
    // answered 501, Backblaze B2 400). Checksums go only where the API requires one
    // (DeleteObjects); an upload's bytes stay checked all the same, since SigV4 signs their SHA-256
    // (x-amz-content-sha256) and the server verifies it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  return {
    async put(key, body, contentType) {
      checkMediaKey(key);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
    },

    async read(key, range) {
      checkMediaKey(key);
      let body: unknown;
      try {
        const output = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: range && `bytes=${range.start}-${range.end}` }),
        );
        body = output.Body;
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
      // On Node the body is the HTTP response itself, read as it is sent.
      if (!(body instanceof Readable)) throw new Error(`The bucket answered ${key} without a readable body`);
      return body;
    },

    async remove(keys) {
      keys.forEach((key) => checkMediaKey(key));
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        const { Errors: errors = [] } = await client.send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
        // A key already gone is no error to S3: what it lists here (AccessDenied, say) is still stored.
        if (errors.length > 0) {
          throw new Error(`The bucket kept ${errors.length} of the objects to remove: ${errors.map((e) => `${e.Key} (${e.Code})`).join(', ')}`);
        }
      }
    },

    async close() {
      client.destroy();
    },
  };
}
