import type { Ref } from 'react';
import type { FieldError } from '../model/plan-errors';

/** Focuses a field named by an error, scrolled to the middle of the screen; the list's links do this. */
export function focusField(id: string) {
  const field = document.getElementById(id);
  if (!field) return;
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: 'center' });
}

/**
 * 'O plano tem 3 erros; nada foi publicado.': every error of the whole-plan check, each a link to its
 * field. It takes focus when publishing fails, so the list is read at once.
 */
export function ErrorSummary({ message, errors, moved, ref }: { message: string; errors: readonly FieldError[]; moved: boolean; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby="resumo-erros" className="flex flex-col gap-2 rounded-xl border-2 border-destructive bg-destructive-soft px-4 py-3 text-destructive-soft-foreground outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-destructive">
      <h2 id="resumo-erros" className="font-bold">
        {message}
      </h2>
      {errors.length > 0 ? (
        <ul className="flex list-disc flex-col gap-1 pl-5 text-small">
          {errors.map((error) => (
            <li key={error.id}>
              {error.path ? (
                <a
                  href={`#${error.id}`}
                  className="font-semibold underline underline-offset-2 hover:no-underline"
                  onClick={(event) => {
                    event.preventDefault();
                    focusField(error.id);
                  }}
                >
                  {error.location}
                </a>
              ) : (
                <span className="font-semibold">{error.location}</span>
              )}
              : {error.message}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-small">{moved ? 'Itens foram adicionados, movidos ou removidos: publique de novo para conferir o plano.' : 'Os campos com erro foram alterados. Publique de novo para conferir.'}</p>
      )}
    </div>
  );
}
