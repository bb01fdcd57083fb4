import { errorMessageOf, isTransientError, type MediaUpload } from '@acompanha/client';
import { newUuid, type MessageMedia } from '@acompanha/contract';
import type { ComposerAttachment } from '@acompanha/ui/message-composer';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { askPhotoConsent } from './photo-consent';
import { dropPhoto, photoUploads, preparePhoto, type PreparedPhoto } from './photos';
import { isConsentPending, photoConsentMissing } from './privacy';
import { useOnline } from './use-online';

export const PHOTO_UNREADABLE = 'Não foi possível abrir esta foto.';
export const PHOTOS_NOT_READY = 'Aguarde as fotos ficarem prontas.';
export const PHOTOS_REFUSED = 'Remova as fotos que não podem ser enviadas.';

interface Chosen {
  id: string;
  file: File;
  /** Once shrunk. */
  photo: PreparedPhoto | null;
  /** Why it cannot be sent, when it cannot. */
  refused: string | null;
}

function uploadState(upload: MediaUpload | undefined, online: boolean, cleared: boolean): Pick<ComposerAttachment, 'status' | 'progress' | 'error'> {
  if (!upload) return { status: !cleared ? 'preparing' : online ? 'uploading' : 'waiting', progress: 0 };
  if (upload.status === 'uploading') return { status: 'uploading', progress: upload.total > 0 ? upload.sent / upload.total : 0 };
  if (upload.status === 'uploaded') return { status: 'uploaded' };
  if (isConsentPending(upload.error)) return { status: 'preparing' };
  if (isTransientError(upload.error)) return { status: 'failed' };
  return { status: 'refused', error: errorMessageOf(upload.error) };
}

/**
 * The photos chosen for a message while it is written: each shrunk on the phone, then uploaded at
 * once so that sending is quick, once the client gave the photo consent (asked at the first photo;
 * declined, nothing is sent and the photos go) and while online. Leaving the screen lets go of those
 * not sent. `take()` hands the message its photos; uploads not done by then finish with it.
 */
export function usePhotoAttachments() {
  const queryClient = useQueryClient();
  const online = useOnline();
  const uploads = useSyncExternalStore(photoUploads.subscribe, photoUploads.snapshot, photoUploads.snapshot);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  // Whether the photo consent is known to be given, or could not be known (the server then guards).
  const [cleared, setCleared] = useState(false);

  const held = useRef(chosen);
  useEffect(() => {
    held.current = chosen;
  });
  useEffect(() => () => held.current.forEach(({ id }) => dropPhoto(id)), []);

  const dropAll = () => {
    held.current.forEach(({ id }) => dropPhoto(id));
    setChosen([]);
  };

  const askForConsent = () =>
    void askPhotoConsent().then((given) => {
      if (!given) return dropAll();
      // Those the server refused for the consent go again.
      held.current.forEach(({ id }) => {
        const upload = photoUploads.snapshot().get(id);
        if (upload?.status === 'failed' && isConsentPending(upload.error)) photoUploads.forget(id);
      });
      setCleared(true);
    });

  useEffect(() => {
    if (!cleared || !online) return;
    for (const { id, photo } of chosen) {
      if (!photo || uploads.has(id)) continue;
      photoUploads.upload(id, photo.image).catch((error: unknown) => {
        if (isConsentPending(error)) {
          setCleared(false);
          askForConsent();
          // Cut off by the connection: it goes again as soon as the connection returns.
        } else if (isTransientError(error) && !onlineManager.isOnline()) photoUploads.forget(id);
      });
    }
  });

  const attach = (files: File[]) => {
    const added = files.map((file) => ({ id: newUuid(), file, photo: null, refused: null }));
    setChosen((current) => [...current, ...added]);
    const update = (id: string, change: Partial<Chosen>) => setChosen((current) => current.map((one) => (one.id === id ? { ...one, ...change } : one)));
    for (const { id, file } of added) {
      preparePhoto(id, file).then(
        (photo) => {
          // Removed while it was being shrunk.
          if (!held.current.some((one) => one.id === id)) dropPhoto(id);
          else update(id, { photo });
        },
        () => update(id, { refused: PHOTO_UNREADABLE }),
      );
    }
    if (!cleared) {
      void photoConsentMissing(queryClient).then((missing) => (missing ? askForConsent() : setCleared(true)));
    }
  };

  const attachments: ComposerAttachment[] = chosen.map(({ id, photo, refused }) => {
    if (refused) return { id, preview: null, status: 'refused', error: refused };
    if (!photo) return { id, preview: null, status: 'preparing' };
    return { id, preview: photo.image, ...uploadState(uploads.get(id), online, cleared) };
  });

  return {
    attachments,
    attach,
    remove: (id: string) => {
      dropPhoto(id);
      setChosen((current) => current.filter((one) => one.id !== id));
    },
    retry: (id: string) => photoUploads.forget(id),
    /** Why the message cannot go with its photos yet, if it cannot. */
    refusal: (): string | undefined => {
      if (attachments.some(({ status }) => status === 'refused')) return PHOTOS_REFUSED;
      if (chosen.length > 0 && (!cleared || chosen.some(({ photo }) => !photo))) return PHOTOS_NOT_READY;
    },
    /** The photos for the message about to go; the composer starts empty again. */
    take: (): MessageMedia[] => {
      const media = chosen.flatMap(({ id, photo }) => (photo ? [{ id, largura: photo.width, altura: photo.height }] : []));
      held.current = [];
      setChosen([]);
      return media;
    },
  };
}
