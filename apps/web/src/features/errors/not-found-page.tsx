import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@acompanha/ui/button';
import { ErrorScreen } from './components/error-screen';

export function NotFoundPage() {
  return (
    <ErrorScreen
      icon={SearchX}
      title="Página não encontrada"
      actions={
        <Button asChild className="w-full">
          <Link to="/">Ir para o início</Link>
        </Button>
      }
    />
  );
}
