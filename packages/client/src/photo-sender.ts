import { MEDIA_DISPLAY_SIDE, paths } from '@acompanha/contract';
import type { ApiClient } from './api-client';
import { createMediaUploads, type MediaUploads } from './media-uploads';

/** A photo shrunk on the device and kept by its id, ready to show and to upload. */
export interface PreparedPhoto {
  id: string;
  image: Blob;
  width: number;
  height: number;
}

/**
 * Re-encodes a picture at most `maxSide` on its longer side, upright (the apps pass
 * `@acompanha/ui/shrink-image`'s `shrinkImage`: the canvas work stays out of the API client).
 */
export type ShrinkPicture = (image: Blob, options: { maxSide: number }) => Promise<{ blob: Blob; width: number; height: number }>;

/**
 * The device's own store of the bytes of photos a message waits to send, by the user who wrote it
 * (the client app's IndexedDB), so that a message queued offline still has its photos after a
 * reload. A store that cannot keep them (private browsing, a full disk) rejects `keep`.
 */
export interface UnsentPhotoStore {
  keep(writer: number, id: string, image: Blob): Promise<void>;
  /** The photo's bytes kept for `writer`, or null when none are (never kept, or already sent). */
  find(writer: number, id: string): Promise<Blob | null>;
  forget(writer: number, id: string): Promise<void>;
  /** Who is signed in on this tab now (null for no one): the thread shows that user's kept photos. */
  currentWriter(): number | null;
}

export interface PhotoSenderOptions {
  api: ApiClient;
  shrink: ShrinkPicture;
  /** Given, a message's photos are kept on the device until the server holds them; without it they live in this tab only. */
  device?: UnsentPhotoStore;
}

/**
 * The photos (DECISIONS.md §6) one tab sends: shrunk here, uploaded once each by the id made for it,
 * and shown from this tab's (or the device's) copy until the server's is needed. Every member is a
 * plain function, safe to pass on alone (`loadPhoto={photoSender.load}`).
 */
export interface PhotoSender {
  /** Every upload of this tab, with its progress. */
  readonly uploads: MediaUploads;
  /** Shrinks a picture to the display size (a 4 MB photo becomes a few hundred KB), upright, as the photo `id`. */
  prepare: (id: string, file: Blob) => Promise<PreparedPhoto>;
  /** A photo taken off before its message went: its upload stops, and nothing of it is kept in this tab. */
  drop: (id: string) => void;
  /**
   * Keeps on the device the bytes of a message's photos the server does not hold yet, before the
   * message is queued, so that it can still send them after a reload (nothing without a device store
   * or a writer; a device that cannot keep them still sends them from this tab).
   */
  keepToSend: (writer: number | null, ids: string[]) => Promise<void>;
  /**
   * Uploads a message's photo unless the server holds it already (or has it on its way: the same
   * upload), from this tab's copy or else `writer`'s kept on the device; the device's copy goes once
   * the server holds it. A photo found in neither was uploaded before its message was queued.
   */
  send: (id: string, writer?: number | null) => Promise<void>;
  /** Lets go of the bytes kept for photos that will never be sent (their message was refused). */
  forgetToSend: (writer: number | null, ids: string[]) => Promise<void>;
  /** A photo of the thread: this tab's copy while it has one, else the device's, else the server's (with the bearer). */
  load: (id: string, size: 'thumbnail' | 'full', signal: AbortSignal) => Promise<Blob>;
}

/** One tab's photo sender, over its API client; `device` keeps unsent photos through a reload. */
export function createPhotoSender({ api, shrink, device }: PhotoSenderOptions): PhotoSender {
  const uploads = createMediaUploads(api);
  // The photos prepared in this tab, by id: shown and uploaded from here. A page holds those chosen
  // on it, a few hundred KB each.
  const prepared = new Map<string, Blob>();
  const isUploaded = (id: string) => uploads.snapshot().get(id)?.status === 'uploaded';
  const kept = (writer: number | null | undefined, id: string) => (device && writer != null ? device.find(writer, id) : null);

  return {
    uploads,
    async prepare(id, file) {
      const { blob, width, height } = await shrink(file, { maxSide: MEDIA_DISPLAY_SIDE });
      prepared.set(id, blob);
      return { id, image: blob, width, height };
    },
    drop(id) {
      prepared.delete(id);
      uploads.forget(id);
    },
    async keepToSend(writer, ids) {
      if (!device || writer === null) return;
      await Promise.all(
        ids.map((id) => {
          const image = prepared.get(id);
          return image && !isUploaded(id) ? device.keep(writer, id, image).catch(() => undefined) : undefined;
        }),
      );
    },
    async send(id, writer) {
      if (isUploaded(id)) return;
      const image = prepared.get(id) ?? (await kept(writer, id));
      if (!image) return;
      await uploads.upload(id, image);
      if (device && writer != null) await device.forget(writer, id);
    },
    async forgetToSend(writer, ids) {
      if (device && writer !== null) await Promise.all(ids.map((id) => device.forget(writer, id)));
    },
    async load(id, size, signal) {
      const own = prepared.get(id) ?? (await kept(device?.currentWriter(), id));
      if (own) return own;
      return api.blob(size === 'thumbnail' ? paths.mediumThumbnail(id) : paths.medium(id), { signal });
    },
  };
}
