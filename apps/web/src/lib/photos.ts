import { createPhotoSender } from '@acompanha/client/photo-sender';
import { shrinkImage } from '@acompanha/ui/shrink-image';
import { api } from './api-client';
import { currentUserIdOrNull } from './session/current-user';
import { forgetUnsentPhoto, keepUnsentPhoto, unsentPhoto } from './unsent-photos';

/**
 * The client's photos (DECISIONS.md §6) on their way from the phone: shrunk here, uploaded once each
 * by the id the phone made for it, and shown from the phone's copy until the server's is needed. A
 * message's photos not sent yet are kept on the device under their writer (lib/unsent-photos.ts),
 * so that a message queued offline still sends them after a reload; the thread shows the signed-in
 * client's.
 */
export const photoSender = createPhotoSender({
  api,
  shrink: shrinkImage,
  device: { keep: keepUnsentPhoto, find: unsentPhoto, forget: forgetUnsentPhoto, currentWriter: currentUserIdOrNull },
});
