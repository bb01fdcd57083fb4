// The local S3-compatible server .ci/run gives the API suites: `node scripts/s3-test-server.mjs DIR`
// runs s3rver on a port the system picks, with the bucket TEST_S3_BUCKET (default acompanha-test)
// made and its objects kept in DIR/objects, until it is stopped (SIGTERM). Once it accepts
// connections it writes its URL to DIR/endpoint, which .ci/run waits for.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Required rather than imported: s3rver has no types, which the scripts' type check asks of an import.
const S3rver = createRequire(import.meta.url)('s3rver');

const [dir] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node scripts/s3-test-server.mjs DIR');
  process.exit(2);
}
const objects = path.join(dir, 'objects');
fs.mkdirSync(objects, { recursive: true });
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: objects,
  configureBuckets: [{ name: process.env.TEST_S3_BUCKET || 'acompanha-test' }],
});
const { port } = await server.run();
// Written whole, then renamed: a reader never finds half a URL.
const endpoint = path.join(dir, 'endpoint');
fs.writeFileSync(`${endpoint}.tmp`, `http://127.0.0.1:${port}\n`);
fs.renameSync(`${endpoint}.tmp`, endpoint);
