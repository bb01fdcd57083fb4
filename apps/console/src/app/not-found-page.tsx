import { Button } from '@acompanha/ui/button';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/page-title';

export function NotFoundPage() {
  usePageTitle('Página não encontrada');
  return (
    <div className="flex flex-col items-start gap-4">
      <h1 className="text-headline font-bold">Página não encontrada</h1>
      <p className="text-muted-foreground">O endereço não existe na área da equipe.</p>
      <Button asChild variant="outline">
        <Link to="/">Ver clientes</Link>
      </Button>
    </div>
  );
}
