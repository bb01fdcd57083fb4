import { ArrowLeft } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { cn } from '@acompanha/ui/cn';

interface BackLinkProps {
  /** A fixed place to return to ('/' from a plan's screen, '/chat'); without it, one page back in the history. */
  to?: string;
  /** The visible words: 'Voltar' unless the place has a name ('Início', 'Voltar ao chat'). */
  label?: string;
  /** A fuller name for screen readers when the words alone say little ('Voltar para o início'). */
  ariaLabel?: string;
  /** Where one page back goes when the screen was opened directly, with no page of the app before it. */
  fallback?: string;
  className?: string;
}

/**
 * The one back control of every screen: an arrow and where it leads, above the screen's title.
 * Always a link (its address is where it goes), so that it reads and behaves the same everywhere;
 * without `to` it steps one page back, like the phone's own back gesture.
 */
export function BackLink({ to, label = 'Voltar', ariaLabel, fallback = '/', className }: BackLinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
    // The first entry of every router is keyed 'default'; the browser's history also numbers its
    // entries (idx), and 0 there is a first page reached by a redirect: no earlier page of the app.
    const index = (window.history.state as { idx?: number } | null)?.idx;
    if (location.key === 'default' || index === 0) return;
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <Link
      to={to ?? fallback}
      replace={to === undefined}
      onClick={to === undefined ? goBack : undefined}
      aria-label={ariaLabel}
      data-slot="back-link"
      className={cn(
        '-ml-2 flex min-h-11 items-center gap-2 self-start rounded-xl px-2 text-small font-semibold text-primary hover:bg-muted',
        className,
      )}
    >
      <ArrowLeft aria-hidden className="size-5" />
      {label}
    </Link>
  );
}
