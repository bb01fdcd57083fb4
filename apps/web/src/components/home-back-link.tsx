import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/**
 * 'Início': a plan's screen always returns to the home list, wherever it was opened from. In train
 * mode's focus, where the tab bar steps aside, it says that leaving keeps the session running.
 */
export function HomeBackLink({ leavingFocus = false }: { leavingFocus?: boolean }) {
  return (
    <Link
      to="/"
      aria-label={leavingFocus ? undefined : 'Voltar para o início'}
      className="-ml-2 flex min-h-11 items-center gap-2 self-start rounded-xl px-2 text-small font-semibold text-primary hover:bg-muted"
    >
      <ArrowLeft aria-hidden className="size-5" />
      {leavingFocus ? 'Sair do modo treino' : 'Início'}
    </Link>
  );
}
