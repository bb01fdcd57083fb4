import { mediaSchema, paths, type Media } from '@acompanha/contract';
import type { ApiClient } from './api-client';

/** Where one photo's upload stands. */
export type MediaUpload =
  | { status: 'uploading'; sent: number; total: number }
  | { status: 'uploaded'; media: Media }
  | { status: 'failed'; error: unknown };

/**
 * The photos this tab uploads (`POST /api/v1/midias`, DECISIONS.md §6), by the id the device made
 * for each: a screen shows their progress, and a message waits for the ones it carries.
 */
export interface MediaUploads {
  /**
   * Uploads `image` as `id`, unless it is already uploaded (its answer again) or on its way (the
   * same upload): a photo's bytes leave once however many callers wait for it.
   */
  upload(id: string, image: Blob): Promise<Media>;
  /** Every upload known, by id; a new map after each change, for `useSyncExternalStore`. */
  snapshot(): ReadonlyMap<string, MediaUpload>;
  subscribe(listener: () => void): () => void;
  /** Stops the photo's upload if it is on its way, and forgets it (a photo taken off a message). */
  forget(id: string): void;
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export function createMediaUploads(api: ApiClient): MediaUploads {
  let states: ReadonlyMap<string, MediaUpload> = new Map();
  const running = new Map<string, { promise: Promise<Media>; controller: AbortController }>();
  const listeners = new Set<() => void>();

  const set = (id: string, state: MediaUpload | null) => {
    const next = new Map(states);
    if (state) next.set(id, state);
    else next.delete(id);
    states = next;
    listeners.forEach((listener) => listener());
  };

  function upload(id: string, image: Blob): Promise<Media> {
    const known = states.get(id);
    if (known?.status === 'uploaded') return Promise.resolve(known.media);
    const onItsWay = running.get(id);
    if (onItsWay) return onItsWay.promise;

    const controller = new AbortController();
    // A photo forgotten meanwhile, or uploaded again since, is no longer this upload's to tell of.
    const current = () => running.get(id)?.controller === controller;
    const form = new FormData();
    // The id first: the API reads it before the file, so that an upload sent again is known as it begins.
    form.append('id', id);
    form.append('arquivo', image, `foto.${EXTENSIONS[image.type] ?? 'jpg'}`);
    set(id, { status: 'uploading', sent: 0, total: image.size });
    const promise = api
      .upload(paths.media, mediaSchema, form, {
        signal: controller.signal,
        onProgress: (sent, total) => {
          if (current()) set(id, { status: 'uploading', sent, total });
        },
      })
      .then(
        (media) => {
          if (current()) set(id, { status: 'uploaded', media });
          return media;
        },
        (error: unknown) => {
          if (current()) set(id, { status: 'failed', error });
          throw error;
        },
      )
      .finally(() => {
        if (current()) running.delete(id);
      });
    running.set(id, { promise, controller });
    return promise;
  }

  return {
    upload,
    snapshot: () => states,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    forget(id) {
      const onItsWay = running.get(id);
      running.delete(id);
      onItsWay?.controller.abort();
      if (states.has(id)) set(id, null);
    },
  };
}
