import { createMediaUploads } from '@acompanha/client';
import { MEDIA_DISPLAY_SIDE, paths } from '@acompanha/contract';
import type { LoadPhoto } from '@acompanha/ui/message-photos';
import { shrinkImage } from '@acompanha/ui/shrink-image';
import { api } from './api-client';
import { currentUserIdOrNull } from './session/current-user';
import { forgetUnsentPhoto, keepUnsentPhoto, unsentPhoto } from './unsent-photos';

/**
 * The client's photos (DECISIONS.md §6) on their way from the phone: shrunk here, uploaded once each
 * by the id the phone made for it, and shown from the phone's copy until the server's is needed.
 */

/** Every upload of this tab, with its progress. */
export const photoUploads = createMediaUploads(api);

/**
 * The photos prepared in this tab, by id: the thread and the composer show them from here, and they
 * are uploaded from here. A page holds those its client chose, a few hundred KB each.
 */
const prepared = new Map<string, Blob>();

export interface PreparedPhoto {
  id: string;
  image: Blob;
  width: number;
  height: number;
}

/** Shrinks a picture to the display size (a 4 MB photo becomes a few hundred KB), upright, as the photo `id`. */
export async function preparePhoto(id: string, file: Blob): Promise<PreparedPhoto> {
  const { blob, width, height } = await shrinkImage(file, { maxSide: MEDIA_DISPLAY_SIDE });
  prepared.set(id, blob);
  return { id, image: blob, width, height };
}

/** A photo taken off before its message went: its upload stops, and nothing of it is kept. */
export function dropPhoto(id: string): void {
  prepared.delete(id);
  photoUploads.forget(id);
}

const isUploaded = (id: string) => photoUploads.snapshot().get(id)?.status === 'uploaded';

/**
 * Keeps on the device the bytes of a message's photos the server does not hold yet, before the
 * message is queued, so that it can still send them after a reload.
 */
export async function keepPhotosToSend(userId: number | null, ids: string[]): Promise<void> {
  if (userId === null) return;
  await Promise.all(
    ids.map((id) => {
      const image = prepared.get(id);
      // A device that cannot keep them (private browsing, a full disk) still sends them from this tab.
      return image && !isUploaded(id) ? keepUnsentPhoto(userId, id, image).catch(() => undefined) : undefined;
    }),
  );
}

/** Uploads a message's photo unless the server holds it already; its bytes kept on the device go once it does. */
export async function sendPhoto(userId: number | null, id: string): Promise<void> {
  if (isUploaded(id)) return;
  const image = prepared.get(id) ?? (userId === null ? null : await unsentPhoto(userId, id));
  // Neither in this tab nor on the device: uploaded before the message was queued.
  if (!image) return;
  await photoUploads.upload(id, image);
  if (userId !== null) await forgetUnsentPhoto(userId, id);
}

/** Lets go of the bytes kept for photos that will never be sent (their message was refused). */
export async function forgetPhotosToSend(userId: number | null, ids: string[]): Promise<void> {
  if (userId !== null) await Promise.all(ids.map((id) => forgetUnsentPhoto(userId, id)));
}

/** A photo of the thread: the phone's own copy while it has one, else the server's (with the bearer). */
export const loadPhoto: LoadPhoto = async (id, size, signal) => {
  const userId = currentUserIdOrNull();
  const own = prepared.get(id) ?? (userId === null ? null : await unsentPhoto(userId, id));
  if (own) return own;
  return api.blob(size === 'thumbnail' ? paths.mediumThumbnail(id) : paths.medium(id), { signal });
};
