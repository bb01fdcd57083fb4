import { clearSession } from '../../lib/storage';

/** SPEC.md §2's top-level error screen, shown when rendering fails anywhere in the app. */
export function RootErrorPage() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">Um Erro foi encontrado</h1>
      <p className="text-slate-600">Caso persista, entre em contato com o suporte.</p>
      {/* A full page load rather than a router link: it also recovers from a failed chunk download
          after a new release, the most common render failure of a lazily loaded app. */}
      <a href="/login" onClick={clearSession} className="font-medium text-brand underline underline-offset-4">
        Ir para a página de login
      </a>
    </main>
  );
}
