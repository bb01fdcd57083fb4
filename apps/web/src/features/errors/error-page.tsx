import { Link2Off } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@acompanha/ui/button';
import { ErrorScreen } from './components/error-screen';
import { reasonMessage } from './content';

/** Where a password link that cannot be used ends up: /error?reason=… */
export function ErrorPage() {
  const [searchParams] = useSearchParams();
  return (
    <ErrorScreen
      icon={Link2Off}
      title="Um Erro foi encontrado"
      actions={
        <>
          <Button asChild className="w-full">
            <Link to="/reset-password-email">Solicitar novo link</Link>
          </Button>
          <Button asChild variant="ghost" className="w-full">
            <Link to="/login">Ir para a página de login</Link>
          </Button>
        </>
      }
    >
      <p className="text-body text-muted-foreground">{reasonMessage(searchParams.get('reason'))}</p>
    </ErrorScreen>
  );
}
