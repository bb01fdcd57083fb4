import { createPhotoSender } from '@acompanha/client/photo-sender';
import { shrinkImage } from '@acompanha/ui/shrink-image';
import { api } from './api-client';

/**
 * The team's photos (DECISIONS.md §6) on their way into a conversation: shrunk in the browser as the
 * client's phone does, uploaded once each by the id made for it, and shown from this tab's copy
 * until the server's is needed. Nothing is kept on the device: a reply lives in this tab. Staff give
 * no photo consent: the client's photos are the client's.
 */
export const photoSender = createPhotoSender({ api, shrink: shrinkImage });
