import { errorMessageOf } from '@acompanha/client';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@acompanha/ui/dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePhotoConsentQuestion } from '../lib/photo-consent';
import { givePhotoConsent } from '../lib/privacy';

/**
 * 'Autorizar o envio de fotos?' (DECISIONS.md §6, "Privacy"): what is kept, why, who sees it and how
 * to take it back, asked before the first photo leaves the phone. 'Aceitar' records the consent with
 * the notice's version; 'Agora não' sends nothing. Shown by the screens that send photos.
 */
export function PhotoConsentPrompt() {
  const queryClient = useQueryClient();
  const { asked, answer } = usePhotoConsentQuestion();
  // Offline it fails at once with the connection's message, rather than a spinner until the connection returns.
  const consent = useMutation({ mutationFn: () => givePhotoConsent(queryClient), networkMode: 'always', onSuccess: () => answer(true) });
  const decline = () => {
    consent.reset();
    answer(false);
  };
  return (
    <Dialog open={asked} onOpenChange={(open) => !open && decline()}>
      {/* A short phone screen scrolls the explanation rather than cutting it. */}
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Autorizar o envio de fotos?</DialogTitle>
          <DialogDescription>
            Suas fotos ajudam a equipe a acompanhar sua evolução e a responder suas dúvidas. Fotos do corpo são dados de saúde, que a
            LGPD protege como dados sensíveis: por isso pedimos sua autorização antes do primeiro envio.
          </DialogDescription>
        </DialogHeader>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-small text-foreground">
          <li>Só a equipe vê as fotos que você envia.</li>
          <li>Elas ficam guardadas de forma privada até você apagá-las ou excluir sua conta.</li>
          <li>Você pode retirar a autorização quando quiser em Perfil › Privacidade; suas fotos são apagadas então.</li>
        </ul>
        {consent.isError && (
          <Alert variant="destructive">
            <p>{errorMessageOf(consent.error)}</p>
          </Alert>
        )}
        <div className="flex flex-col gap-2">
          <Button pending={consent.isPending} onClick={() => consent.mutate()}>
            Aceitar
          </Button>
          <Button variant="outline" disabled={consent.isPending} onClick={decline}>
            Agora não
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
