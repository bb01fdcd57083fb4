import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { Button } from '@acompanha/ui/button';
import { endSession } from '../../lib/session/session-end';
import { reasonMessage } from './content';

interface ApplicationErrorPageProps {
  /** The Feedback form, from the messages capability; the router puts the two together. */
  feedback?: ReactNode;
}

/** /application-error?reason=…: what went wrong, the way out, and under it the error-report form. */
export function ApplicationErrorPage({ feedback }: ApplicationErrorPageProps) {
  const [searchParams] = useSearchParams();
  return (
    <>
      <DocumentTitle>Um Erro foi encontrado</DocumentTitle>
      <section className="flex flex-col items-center gap-4 rounded-2xl border border-border bg-card p-5 text-center shadow-sm">
        <span className="flex size-14 items-center justify-center rounded-full bg-destructive-soft text-destructive-soft-foreground">
          <TriangleAlert aria-hidden className="size-7" />
        </span>
        <div className="flex flex-col gap-1">
          <h1 tabIndex={-1} className="text-headline font-extrabold tracking-tight focus:outline-none">
            Um Erro foi encontrado
          </h1>
          <p className="text-body text-muted-foreground">Código: {reasonMessage(searchParams.get('reason'))}</p>
        </div>
        <Button asChild variant="outline" className="w-full">
          {/* The session data goes first, so that /login does not send a still signed-in client back home. */}
          <Link to="/login" replace onClick={() => endSession({ redirectTo: null })}>
            Ir para o início
          </Link>
        </Button>
      </section>
      {feedback}
    </>
  );
}
