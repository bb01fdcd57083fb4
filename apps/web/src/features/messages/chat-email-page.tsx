import { MessageSquareText, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { BackLink } from '../../components/back-link';
import { DocumentTitle } from '../../components/document-title';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { MessageForm, type MessageFormTexts } from './components/message-form';

const CONTACT_TEXTS: MessageFormTexts = {
  messageLabel: 'Mensagem',
  messagePlaceholder: 'Escreva sua dúvida ou mensagem',
  submit: 'Enviar',
  success: 'Mensagem enviada com sucesso.',
  failure: 'Erro ao enviar mensagem!',
};

/** SPEC.md's contact-message form, to the training team by e-mail, and the way to report an error (DECISIONS.md §3). */
export function ChatEmailPage() {
  return (
    <>
      <DocumentTitle>Enviar por e-mail</DocumentTitle>
      <BackLink to="/chat" label="Voltar ao chat" />
      <h1 tabIndex={-1} className="text-headline font-extrabold tracking-tight focus:outline-none">
        Enviar por e-mail
      </h1>
      <Alert variant="info">
        <p className="flex items-center gap-2 font-bold">
          <MessageSquareText aria-hidden className="size-4" />
          Fale com a equipe
        </p>
        <p className="font-normal">
          Tire dúvidas sobre seu treino ou sua dieta, ou conte o que mudou na sua rotina. A equipe responde no seu e-mail
          assim que possível.
        </p>
      </Alert>
      <MessageForm kind="contact" texts={CONTACT_TEXTS} />
      <Button asChild variant="outline" className="w-full">
        <Link to="/application-error">
          <TriangleAlert aria-hidden />
          Relatar erro
        </Link>
      </Button>
    </>
  );
}
