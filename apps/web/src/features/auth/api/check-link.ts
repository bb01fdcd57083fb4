import { API_BASE } from '../../../lib/api-base';

/**
 * The server's verdict on an e-mailed link's token, as the query of the landing it sends the link to:
 * GET /api/v1/auth/link answers every link with a redirect to /reset-password-fallback carrying its
 * token, origin, reason and status, and that answer is the check. So the link is asked for again and
 * the verdict read from where the redirect ends (a same-origin fetch sees its final URL); the page it
 * ends on is not read. The app's API client is not used: it reads the body, never the final URL.
 * Null when the server could not be asked or did not answer with a landing.
 */
export async function checkLink(token: string, signal?: AbortSignal): Promise<URLSearchParams | null> {
  try {
    const response = await fetch(`${API_BASE}/v1/auth/link?${new URLSearchParams({ token })}`, { cache: 'no-store', signal });
    void response.body?.cancel();
    const landing = new URL(response.url);
    return response.redirected && landing.pathname === '/reset-password-fallback' ? landing.searchParams : null;
  } catch {
    return null;
  }
}
