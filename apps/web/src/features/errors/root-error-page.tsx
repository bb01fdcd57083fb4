import { TriangleAlert } from 'lucide-react';
import { Button } from '@acompanha/ui/button';
import { endSession } from '../../lib/session/session-end';
import { ErrorScreen } from './components/error-screen';

/** SPEC.md §2's top-level error screen, shown when rendering fails anywhere in the app. */
export function RootErrorPage() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col px-6 py-10">
      <ErrorScreen
        icon={TriangleAlert}
        title="Um Erro foi encontrado"
        actions={
          <Button asChild className="w-full">
            {/* A full page load rather than a router link: it also recovers from a failed chunk download
                after a new release, the most common render failure of a lazily loaded app. */}
            <a href="/login" onClick={() => endSession({ redirectTo: null })}>
              Ir para a página de login
            </a>
          </Button>
        }
      >
        <p className="text-body text-muted-foreground">Caso persista, entre em contato com o suporte.</p>
      </ErrorScreen>
    </main>
  );
}
