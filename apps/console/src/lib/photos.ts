import { createMediaUploads } from '@acompanha/client';
import { MEDIA_DISPLAY_SIDE, paths } from '@acompanha/contract';
import type { LoadPhoto } from '@acompanha/ui/message-photos';
import { shrinkImage } from '@acompanha/ui/shrink-image';
import { api } from './api-client';

/**
 * The team's photos (DECISIONS.md §6) on their way into a conversation: shrunk in the browser as the
 * client's phone does, uploaded once each by the id made for it, and shown from this tab's copy
 * until the server's is needed. Staff give no photo consent: the client's photos are the client's.
 */

/** Every upload of this tab, with its progress. */
export const photoUploads = createMediaUploads(api);

/** The photos prepared in this tab, by id: shown and uploaded from here. */
const prepared = new Map<string, Blob>();

export interface PreparedPhoto {
  id: string;
  image: Blob;
  width: number;
  height: number;
}

/** Shrinks a picture to the display size, upright, as the photo `id`. */
export async function preparePhoto(id: string, file: Blob): Promise<PreparedPhoto> {
  const { blob, width, height } = await shrinkImage(file, { maxSide: MEDIA_DISPLAY_SIDE });
  prepared.set(id, blob);
  return { id, image: blob, width, height };
}

/** A photo taken off before its reply went: its upload stops, and nothing of it is kept. */
export function dropPhoto(id: string): void {
  prepared.delete(id);
  photoUploads.forget(id);
}

/** Uploads a reply's photo unless the server holds it already (or has it on its way: the same upload). */
export async function sendPhoto(id: string): Promise<void> {
  const image = prepared.get(id);
  // Not in this tab: uploaded already, since a reply is only made of photos prepared here.
  if (image) await photoUploads.upload(id, image);
}

/** A photo of the conversation: this tab's copy while it has one, else the server's (with the bearer). */
export const loadPhoto: LoadPhoto = (id, size, signal) => {
  const own = prepared.get(id);
  if (own) return Promise.resolve(own);
  return api.blob(size === 'thumbnail' ? paths.mediumThumbnail(id) : paths.medium(id), { signal });
};
