import { Button } from '@acompanha/ui/button';
import { useRef, type ReactNode } from 'react';

/**
 * A list read a page at a time: what it holds, 'página 2 de 5', and the buttons to the pages beside
 * it. Reaching the first or the last page, the focus moves to the other button, not to the page's
 * start as a button that turns disabled would leave it.
 */
export function Pager({ label, summary, page, pages, onPage }: { label: string; summary?: ReactNode; page: number; pages: number; onPage: (page: number) => void }) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-small text-muted-foreground">
        {summary && <>{summary} · </>}página {page + 1} de {pages}
      </p>
      <div className="flex gap-2">
        <Button
          ref={previous}
          type="button"
          variant="outline"
          size="sm"
          disabled={page === 0}
          onClick={() => {
            onPage(page - 1);
            if (page === 1) next.current?.focus({ preventScroll: true });
          }}
        >
          Anterior
        </Button>
        <Button
          ref={next}
          type="button"
          variant="outline"
          size="sm"
          disabled={page + 1 >= pages}
          onClick={() => {
            onPage(page + 1);
            if (page + 2 >= pages) previous.current?.focus({ preventScroll: true });
          }}
        >
          Próxima
        </Button>
      </div>
    </nav>
  );
}

/** How many pages `total` items fill, at least one. */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));
