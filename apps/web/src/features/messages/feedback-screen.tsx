import { BackLink } from '../../components/back-link';
import { Alert } from '@acompanha/ui/alert';
import { MessageForm, type MessageFormTexts } from './components/message-form';

const FEEDBACK_TEXTS: MessageFormTexts = {
  messageLabel: 'Detalhes',
  messagePlaceholder: 'Ex.: tentei baixar o PDF no Perfil e apareceu uma mensagem de erro.',
  submit: 'Enviar feedback',
  success: 'Obrigado. Recebemos seu feedback e vamos analisar o problema.',
  failure: 'Não foi possível enviar seu feedback. Por favor, tente novamente.',
};

/** SPEC.md §2's Feedback screen: error reports, sent to support. */
export function FeedbackScreen() {
  return (
    <section aria-labelledby="feedback-title" className="flex flex-col gap-4">
      <BackLink />
      <h2 id="feedback-title" className="text-headline font-extrabold tracking-tight">
        Feedback
      </h2>
      <Alert variant="info">
        <p className="font-bold">Feedback direto</p>
        <p className="font-normal">
          Seu feedback vai direto para a equipe técnica e para o seu nutricionista.
        </p>
      </Alert>
      <p className="text-body text-muted-foreground">
        Conte para a gente o que você tentou fazer, qual erro aconteceu e em qual tela.
      </p>
      <MessageForm kind="feedback" texts={FEEDBACK_TEXTS} />
    </section>
  );
}
