import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <div className="flex flex-col items-center gap-4 pt-24 text-center">
      <h1 className="text-2xl font-semibold">Página não encontrada</h1>
      <Link to="/" className="font-medium text-brand underline underline-offset-4">
        Ir para o início
      </Link>
    </div>
  );
}
