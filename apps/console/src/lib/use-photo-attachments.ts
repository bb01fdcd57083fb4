import { errorMessageOf, isTransientError, type MediaUpload } from '@acompanha/client';
import { newUuid, type MessageMedia } from '@acompanha/contract';
import type { ComposerAttachment } from '@acompanha/ui/message-composer';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { dropPhoto, photoUploads, preparePhoto, type PreparedPhoto } from './photos';

export const PHOTO_UNREADABLE = 'Não foi possível abrir esta foto.';
export const PHOTOS_NOT_READY = 'Aguarde as fotos ficarem prontas.';
export const PHOTOS_REFUSED = 'Remova as fotos que não podem ser enviadas.';

interface Chosen {
  id: string;
  /** Once shrunk. */
  photo: PreparedPhoto | null;
  /** Why it cannot be sent, when it cannot. */
  refused: string | null;
}

function uploadState(upload: MediaUpload | undefined): Pick<ComposerAttachment, 'status' | 'progress' | 'error'> {
  if (!upload) return { status: 'uploading', progress: 0 };
  if (upload.status === 'uploading') return { status: 'uploading', progress: upload.total > 0 ? upload.sent / upload.total : 0 };
  if (upload.status === 'uploaded') return { status: 'uploaded' };
  if (isTransientError(upload.error)) return { status: 'failed' };
  return { status: 'refused', error: errorMessageOf(upload.error) };
}

/**
 * The photos chosen for a reply while it is written: each shrunk in the browser, then uploaded at
 * once so that sending is quick. Leaving the page lets go of those not sent. `take()` hands the
 * reply its photos; uploads not done by then finish with it.
 */
export function usePhotoAttachments() {
  const uploads = useSyncExternalStore(photoUploads.subscribe, photoUploads.snapshot, photoUploads.snapshot);
  const [chosen, setChosen] = useState<Chosen[]>([]);

  const held = useRef(chosen);
  useEffect(() => {
    held.current = chosen;
  });
  useEffect(() => () => held.current.forEach(({ id }) => dropPhoto(id)), []);

  useEffect(() => {
    for (const { id, photo } of chosen) {
      // A failure shows on the photo, with a way to send it again.
      if (photo && !uploads.has(id)) photoUploads.upload(id, photo.image).catch(() => undefined);
    }
  });

  const attach = (files: File[]) => {
    const added = files.map(() => ({ id: newUuid(), photo: null, refused: null }));
    setChosen((current) => [...current, ...added]);
    const update = (id: string, change: Partial<Chosen>) => setChosen((current) => current.map((one) => (one.id === id ? { ...one, ...change } : one)));
    added.forEach(({ id }, index) => {
      preparePhoto(id, files[index]!).then(
        (photo) => {
          // Removed while it was being shrunk.
          if (!held.current.some((one) => one.id === id)) dropPhoto(id);
          else update(id, { photo });
        },
        () => update(id, { refused: PHOTO_UNREADABLE }),
      );
    });
  };

  const attachments: ComposerAttachment[] = chosen.map(({ id, photo, refused }) => {
    if (refused) return { id, preview: null, status: 'refused', error: refused };
    if (!photo) return { id, preview: null, status: 'preparing' };
    return { id, preview: photo.image, ...uploadState(uploads.get(id)) };
  });

  return {
    attachments,
    attach,
    remove: (id: string) => {
      dropPhoto(id);
      setChosen((current) => current.filter((one) => one.id !== id));
    },
    retry: (id: string) => photoUploads.forget(id),
    /** Why the reply cannot go with its photos yet, if it cannot. */
    refusal: (): string | undefined => {
      if (attachments.some(({ status }) => status === 'refused')) return PHOTOS_REFUSED;
      if (chosen.some(({ photo }) => !photo)) return PHOTOS_NOT_READY;
    },
    /** The photos for the reply about to go; the composer starts empty again. */
    take: (): MessageMedia[] => {
      const media = chosen.flatMap(({ id, photo }) => (photo ? [{ id, largura: photo.width, altura: photo.height }] : []));
      held.current = [];
      setChosen([]);
      return media;
    },
  };
}
