import { askPhotoConsent } from '../../../lib/photo-consent';
import { photoSender } from '../../../lib/photos';
import { isConsentPending } from '../../../lib/privacy';
import { assertMadeBySignedInUser, currentUserIdOrNull } from '../../../lib/session/current-user';

/** The user a kept write was made for (`meta.userId`); one from a version that did not record it belongs to whoever is signed in. */
function writerOf(meta: Record<string, unknown> | undefined): number | null {
  return typeof meta?.userId === 'number' ? meta.userId : currentUserIdOrNull();
}

/**
 * Uploads a message's photo, asking for the photo consent when the server wants it first (a message
 * written offline before the consent was known): given, the photo goes; declined, the message fails.
 */
export async function sendPhotoOf(meta: Record<string, unknown> | undefined, id: string): Promise<void> {
  try {
    await photoSender.send(id, writerOf(meta));
  } catch (error) {
    if (!isConsentPending(error) || !(await askPhotoConsent())) throw error;
    assertMadeBySignedInUser(meta);
    await photoSender.send(id, writerOf(meta));
  }
}

/** A message refused for good: its photos' bytes, kept on the device for it, will never be sent. */
export const forgetPhotosOf = (meta: Record<string, unknown> | undefined, ids: string[]) => photoSender.forgetToSend(writerOf(meta), ids);
