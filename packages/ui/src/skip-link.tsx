import type { MouseEvent } from 'react';

/** The id of each layout's <main>, the skip link's target. */
export const MAIN_CONTENT_ID = 'conteudo';

/**
 * 'Pular para o conteúdo': the first stop of the keyboard on every screen, hidden until focused.
 * Focus moves without changing the URL, which the router would otherwise read as a navigation.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      className="sr-only rounded-xl focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
    >
      {/* The looks live on the inside: sr-only and not-sr-only set the padding of the link itself. */}
      <span className="block rounded-xl bg-primary px-4 py-3 text-body font-semibold text-primary-foreground shadow-lg">
        Pular para o conteúdo
      </span>
    </a>
  );
}
