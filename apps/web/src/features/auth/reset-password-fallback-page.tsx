import { useEffect } from 'react';
import { redirect, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { Logo } from '@acompanha/ui/logo';
import { endSession } from '../../lib/session/session-end';
import { setToken } from '../../lib/storage';
import { resolveLinkLanding } from './link';

/** SPEC.md §9: the link's landing shows for one second before moving on. */
const LINK_REDIRECT_DELAY_MS = 1000;

/** Sorts the link out before anything renders: a bad link goes straight to /error. */
export function resetPasswordFallbackLoader({ request }: LoaderFunctionArgs) {
  const landing = resolveLinkLanding(new URL(request.url).searchParams);
  if (landing.kind === 'error') return redirect(landing.to);
  // A link starts afresh: whatever session or earlier link this browser held is dropped.
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
