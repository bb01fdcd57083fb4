import { useEffect } from 'react';
import { redirect, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { Logo } from '@acompanha/ui/logo';
import { endSession } from '../../lib/session/session-end';
import { setToken } from '../../lib/storage';
import { checkLink } from './api/check-link';
import { resolveLinkLanding } from './link';

/** SPEC.md §9: the link's landing shows for one second before moving on. */
const LINK_REDIRECT_DELAY_MS = 1000;

/**
 * Sorts the link out before anything renders: a bad link goes straight to /error. Anyone can write
 * this address and send it, so what its query says of the token is only a first filter: the server
 * is asked, and only a token it calls good ends this browser's session (decision 057).
 */
export async function resetPasswordFallbackLoader({ request }: LoaderFunctionArgs) {
  const claimed = resolveLinkLanding(new URL(request.url).searchParams);
  if (claimed.kind === 'error') return redirect(claimed.to);
  const verdict = await checkLink(claimed.token, request.signal);
  // Not asked (offline, the server down): nothing is ended, and the link can be opened again.
  if (!verdict) return redirect('/error');
  const landing = resolveLinkLanding(verdict);
  if (landing.kind === 'error') return redirect(landing.to);
  // A good link starts afresh: whatever session or earlier link the app held on this browser is dropped.
  endSession({ clearDevice: true, redirectTo: null });
  setToken(landing.tokenKey, landing.token);
  return { next: landing.next };
}

export function ResetPasswordFallbackPage() {
  const { next } = useLoaderData<typeof resetPasswordFallbackLoader>();
  const navigate = useNavigate();

  useEffect(() => {
    const timer = window.setTimeout(() => void navigate(next, { replace: true }), LINK_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, next]);

  return (
    <div role="status" className="flex flex-1 flex-col items-center justify-center gap-6 pb-16 text-center">
      <DocumentTitle>Verificando seu link</DocumentTitle>
      <Logo pulsing markOnly className="[&_svg]:size-20" />
      <h1 tabIndex={-1} className="text-body font-medium text-muted-foreground focus:outline-none">
        Verificando seu link…
      </h1>
    </div>
  );
}
