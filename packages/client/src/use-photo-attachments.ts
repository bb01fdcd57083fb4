import { newUuid, type MessageMedia } from '@acompanha/contract';
// The shape the composer shows, as a type only: the ui kit never runs inside the API client.
import type { ComposerAttachment } from '@acompanha/ui/message-composer';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { errorMessageOf, isTransientError } from './api-error';
import type { MediaUpload } from './media-uploads';
import type { PhotoSender, PreparedPhoto } from './photo-sender';

/** Shown on a chosen picture that could not be opened. */
export const PHOTO_UNREADABLE = 'Não foi possível abrir esta foto.';
/** Why a message cannot go while a photo is being shrunk, or the consent is not known yet. */
export const PHOTOS_NOT_READY = 'Aguarde as fotos ficarem prontas.';
/** Why a message cannot go while a photo it carries is refused. */
export const PHOTOS_REFUSED = 'Remova as fotos que não podem ser enviadas.';

/**
 * The photo consent, for an app whose photos need one before they leave (the client app's, LGPD
 * art. 11): checked at the first photo chosen, asked when missing or when the server refuses an
 * upload for it. An app without it (the console: staff give none) uploads from the start.
 */
export interface PhotoConsent {
  /** Whether it is known to be missing; false when it could not be known (the server then guards). */
  missing(): Promise<boolean>;
  /** Asks for it: true once given (and recorded), false when declined. */
  ask(): Promise<boolean>;
  /** Whether an upload was refused for the missing consent. */
  isPending(error: unknown): boolean;
}

export interface PhotoAttachmentsOptions {
  /** Whether the device is online: offline, photos wait for the connection instead of failing. */
  online: boolean;
  consent?: PhotoConsent;
}

/** The photos of the message being written, for the composer (`MessageComposer`'s `photos`). */
export interface PhotoAttachments {
  attachments: ComposerAttachment[];
  attach: (files: File[]) => void;
  remove: (id: string) => void;
  /** Sends a failed photo again. */
  retry: (id: string) => void;
  /** Why the message cannot go with its photos yet, if it cannot. */
  refusal: () => string | undefined;
  /** The photos for the message about to go; the composer starts empty again. */
  take: () => MessageMedia[];
}

interface Chosen {
  id: string;
  /** Once shrunk. */
  photo: PreparedPhoto | null;
  /** Why it cannot be sent, when it cannot. */
  refused: string | null;
}

function uploadState(upload: MediaUpload | undefined, online: boolean, cleared: boolean, consent: PhotoConsent | undefined): Pick<ComposerAttachment, 'status' | 'progress' | 'error'> {
  if (!upload) return { status: !cleared ? 'preparing' : online ? 'uploading' : 'waiting', progress: 0 };
  if (upload.status === 'uploading') return { status: 'uploading', progress: upload.total > 0 ? upload.sent / upload.total : 0 };
  if (upload.status === 'uploaded') return { status: 'uploaded' };
  if (consent?.isPending(upload.error)) return { status: 'preparing' };
  if (isTransientError(upload.error)) return { status: 'failed' };
  return { status: 'refused', error: errorMessageOf(upload.error) };
}

/**
 * The photos chosen for a message while it is written: each shrunk on the device, then uploaded at
 * once so that sending is quick, while online and once the photo consent is given, when the app
 * asks for one (asked at the first photo; declined, nothing is sent and the photos go). Leaving the
 * screen lets go of those not sent. `take()` hands the message its photos; uploads not done by then
 * finish with it.
 */
export function usePhotoAttachments(sender: PhotoSender, { online, consent }: PhotoAttachmentsOptions): PhotoAttachments {
  const { uploads: photoUploads } = sender;
  const uploads = useSyncExternalStore(photoUploads.subscribe, photoUploads.snapshot, photoUploads.snapshot);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  // Whether the photo consent is known to be given, or could not be known (the server then guards); without one, from the start.
  const [cleared, setCleared] = useState(!consent);

  const held = useRef(chosen);
  // Whether online as an upload fails, which may be after the render that started it.
  const connected = useRef(online);
  useEffect(() => {
    held.current = chosen;
    connected.current = online;
  });
  useEffect(() => () => held.current.forEach(({ id }) => sender.drop(id)), [sender]);

  const dropAll = () => {
    held.current.forEach(({ id }) => sender.drop(id));
    setChosen([]);
  };

  const askForConsent = (gate: PhotoConsent) =>
    void gate.ask().then((given) => {
      if (!given) return dropAll();
      // Those the server refused for the consent go again.
      held.current.forEach(({ id }) => {
        const upload = photoUploads.snapshot().get(id);
        if (upload?.status === 'failed' && gate.isPending(upload.error)) photoUploads.forget(id);
      });
      setCleared(true);
    });

  useEffect(() => {
    if (!cleared || !online) return;
    for (const { id, photo } of chosen) {
      if (!photo || uploads.has(id)) continue;
      photoUploads.upload(id, photo.image).catch((error: unknown) => {
        if (consent?.isPending(error)) {
          setCleared(false);
          askForConsent(consent);
        } else if (isTransientError(error) && !connected.current) {
          // Cut off by the connection: it goes again as soon as the connection returns.
          photoUploads.forget(id);
        }
        // Any other failure shows on the photo, with a way to send it again.
      });
    }
  });

  const attach = (files: File[]) => {
    const added = files.map((file) => ({ id: newUuid(), file }));
    setChosen((current) => [...current, ...added.map(({ id }) => ({ id, photo: null, refused: null }))]);
    const update = (id: string, change: Partial<Chosen>) => setChosen((current) => current.map((one) => (one.id === id ? { ...one, ...change } : one)));
    for (const { id, file } of added) {
      sender.prepare(id, file).then(
        (photo) => {
          // Removed while it was being shrunk.
          if (!held.current.some((one) => one.id === id)) sender.drop(id);
          else update(id, { photo });
        },
        () => update(id, { refused: PHOTO_UNREADABLE }),
      );
    }
    if (!cleared && consent) {
      void consent.missing().then((missing) => (missing ? askForConsent(consent) : setCleared(true)));
    }
  };

  const attachments: ComposerAttachment[] = chosen.map(({ id, photo, refused }) => {
    if (refused) return { id, preview: null, status: 'refused', error: refused };
    if (!photo) return { id, preview: null, status: 'preparing' };
    return { id, preview: photo.image, ...uploadState(uploads.get(id), online, cleared, consent) };
  });

  return {
    attachments,
    attach,
    remove: (id) => {
      sender.drop(id);
      setChosen((current) => current.filter((one) => one.id !== id));
    },
    retry: (id) => photoUploads.forget(id),
    refusal: () => {
      if (attachments.some(({ status }) => status === 'refused')) return PHOTOS_REFUSED;
      if (chosen.length > 0 && (!cleared || chosen.some(({ photo }) => !photo))) return PHOTOS_NOT_READY;
    },
    take: () => {
      const media = chosen.flatMap(({ id, photo }) => (photo ? [{ id, largura: photo.width, altura: photo.height }] : []));
      held.current = [];
      setChosen([]);
      return media;
    },
  };
}
