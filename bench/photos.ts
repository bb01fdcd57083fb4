// The photos' rows of `npm run bench:api` (issue 40): the photo a phone takes, sent as the app sends it, and what the
// server's re-encode of it costs, alone and twenty at once.
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { startServer, signInAna, type BenchServer } from './server';

const PHOTO = { width: 4000, height: 3000 };

/** A 12-megapixel JPEG of about 4 MB, as a phone's camera writes one: a scene's gradients with the sensor's noise. */
export async function phonePhoto() {
  const { width, height } = PHOTO;
  const noise = randomBytes(width * height * 3);
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      raw[i] = (x / width) * 200 + (noise[i]! % 40);
      raw[i + 1] = (y / height) * 200 + (noise[i + 1]! % 40);
      raw[i + 2] = 120 + (noise[i + 2]! % 40);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

/** Uploads `bytes` as the app does (multipart, the device's uuid first); the photo's id. */
export async function uploadPhoto(server: BenchServer, auth: Record<string, string>, bytes: Buffer, type = 'image/jpeg') {
  const id = randomUUID();
  const form = new FormData();
  form.append('id', id);
  form.append('arquivo', new Blob([new Uint8Array(bytes)], { type }), 'foto.jpg');
  const response = await fetch(`${server.base}/api/v1/midias`, { method: 'POST', body: form, headers: auth });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return id;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * On an instance of its own: the time of one upload of the phone's photo (sent over loopback, so the re-encode is
 * nearly all of it), the median of 5 one after another; then 20 of them at once, and the resident set's peak meanwhile.
 */
export async function measureUploads({ dataDir, env }: { dataDir?: string; env: Record<string, string> }) {
  const server = await startServer({ dataDir, env });
  try {
    const { auth } = await signInAna(server);
    const photo = await phonePhoto();
    // The first upload loads libvips' codecs: it is left out.
    await uploadPhoto(server, auth, photo);
    const alone: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      await uploadPhoto(server, auth, photo);
      alone.push(performance.now() - started);
    }
    server.resetPeakRss();
    const started = performance.now();
    await Promise.all(Array.from({ length: 20 }, () => uploadPhoto(server, auth, photo)));
    return { photoMb: photo.length / 1e6, aloneMs: median(alone), twentyMs: performance.now() - started, twentyPeakMb: server.peakRssMb() };
  } finally {
    await server.stop();
  }
}
