import { usePhotoAttachments } from '@acompanha/client/use-photo-attachments';
import { MEDIA_TYPES, MESSAGE_MEDIA_MAX, MESSAGE_TEXT_MAX, newUuid } from '@acompanha/contract';
import { MessageComposer } from '@acompanha/ui/message-composer';
import { useQueryClient } from '@tanstack/react-query';
import { askPhotoConsent } from '../../../lib/photo-consent';
import { photoSender } from '../../../lib/photos';
import { isConsentPending, photoConsentMissing } from '../../../lib/privacy';
import { madeBySignedInUser } from '../../../lib/session/current-user';
import { useOnline } from '../../../lib/use-online';
import { useSendMessage } from '../api/messages';

/**
 * The client's message, above the tab bar, with up to four photos. It shows in the thread at once
 * and the field empties, online or not: offline it waits, photos and all, and goes when the
 * connection returns.
 */
export function Composer() {
  const send = useSendMessage();
  const queryClient = useQueryClient();
  const online = useOnline();
  // Uploaded at once while online, once the client gave the photo consent (asked at the first photo).
  const photos = usePhotoAttachments(photoSender, {
    online,
    consent: { missing: () => photoConsentMissing(queryClient), ask: askPhotoConsent, isPending: isConsentPending },
  });
  return (
    <MessageComposer
      placeholder="Escreva sua mensagem"
      maxLength={MESSAGE_TEXT_MAX}
      photos={{
        attachments: photos.attachments,
        max: MESSAGE_MEDIA_MAX,
        accept: MEDIA_TYPES.join(','),
        onAttach: photos.attach,
        onRemove: photos.remove,
        onRetry: photos.retry,
      }}
      onSend={(texto) => {
        const refusal = photos.refusal();
        if (refusal) return refusal;
        const midias = photos.take();
        const request = { id: newUuid(), texto, ...(midias.length > 0 ? { midias } : {}) };
        // Queued once the photos' bytes are kept on the device: a reload then loses neither.
        if (midias.length === 0) send.mutate(request);
        else void photoSender.keepToSend(madeBySignedInUser().userId, midias.map(({ id }) => id)).then(() => send.mutate(request));
      }}
      className="-mx-4 -mt-3 border-t border-border bg-background px-4 pt-2 pb-3"
    />
  );
}
