import { useEffect, useRef, useState } from 'react';

/** A photo as a message carries it: its size is known before its bytes, so its place is kept. */
export interface Photo {
  id: string;
  width: number;
  height: number;
}

/** The small copy for a thread or a strip, or the large one for the full screen. */
export type PhotoSize = 'thumbnail' | 'full';

/**
 * Fetches a photo's bytes (the API's need the bearer, so an `<img src>` cannot load them); the ui
 * makes the object URL and revokes it. Aborting the signal means the photo is no longer wanted.
 */
export type LoadPhoto = (id: string, size: PhotoSize, signal: AbortSignal) => Promise<Blob>;

/** '1 foto', '3 fotos'. */
export function photosLabel(count: number): string {
  return count === 1 ? '1 foto' : `${count} fotos`;
}

/** A photo's bytes once `wanted`, or that they could not be had; asked once per photo and size. */
export function usePhoto(loadPhoto: LoadPhoto, id: string, size: PhotoSize, wanted: boolean): { blob: Blob | null; failed: boolean } {
  // The loader may be made anew on each render of the app: only the photo asked for starts a fetch.
  const load = useRef(loadPhoto);
  useEffect(() => {
    load.current = loadPhoto;
  });
  const key = `${id}:${size}`;
  const [loaded, setLoaded] = useState<{ key: string; blob: Blob | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    load.current(id, size, controller.signal).then(
      (blob) => {
        if (!controller.signal.aborted) setLoaded({ key: `${id}:${size}`, blob, failed: false });
      },
      () => {
        if (!controller.signal.aborted) setLoaded({ key: `${id}:${size}`, blob: null, failed: true });
      },
    );
    return () => controller.abort();
  }, [id, size, wanted]);
  return loaded?.key === key ? loaded : { blob: null, failed: false };
}
