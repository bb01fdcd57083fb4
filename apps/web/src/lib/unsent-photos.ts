import { del, get, set } from 'idb-keyval';
import { z } from 'zod/mini';

/**
 * The bytes of the photos a message waits to send, kept on the device under their client, as the
 * rest of what was not sent (docs/decisions/031-per-user-device-data.md): in IndexedDB, which
 * SPEC.md's "clear local storage" leaves alone, so that a message written offline still has its
 * photos after a reload or a sign-out, for its writer only. The message itself waits in the query
 * cache with its photos' ids; a photo's bytes are let go once the server holds it.
 */

const keyOf = (userId: number, photoId: string) => `acompanha-unsent-photo:${userId}:${photoId}`;

// The bytes, not the Blob: Safari long lost Blobs kept in IndexedDB. Known by their tag rather than
// instanceof, which a structured clone made in another realm fails.
const storedPhotoSchema = z.object({
  type: z.string(),
  bytes: z.custom<ArrayBuffer>((value) => Object.prototype.toString.call(value) === '[object ArrayBuffer]'),
});

export async function keepUnsentPhoto(userId: number, photoId: string, image: Blob): Promise<void> {
  await set(keyOf(userId, photoId), { type: image.type, bytes: await image.arrayBuffer() });
}

/** The photo's bytes kept for this client, or null when none are (never kept, or already sent). */
export async function unsentPhoto(userId: number, photoId: string): Promise<Blob | null> {
  const stored = storedPhotoSchema.safeParse(await get(keyOf(userId, photoId))).data;
  return stored ? new Blob([stored.bytes], { type: stored.type }) : null;
}

export function forgetUnsentPhoto(userId: number, photoId: string): Promise<void> {
  return del(keyOf(userId, photoId));
}
