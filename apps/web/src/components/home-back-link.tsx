import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** 'Início': a plan's screen always returns to the home list, wherever it was opened from. */
export function HomeBackLink() {
  return (
    <Link
      to="/"
      aria-label="Voltar para o início"
      className="-ml-2 flex min-h-11 items-center gap-2 self-start rounded-xl px-2 text-small font-semibold text-primary hover:bg-muted"
    >
      <ArrowLeft aria-hidden className="size-5" />
      Início
    </Link>
  );
}
