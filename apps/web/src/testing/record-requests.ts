import { server } from './msw-server';

/** Records every request the app sends, as "METHOD /path"; stop() ends the recording. */
export function recordRequests() {
  const sent: string[] = [];
  const record = ({ request }: { request: Request }) => {
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
  };
  server.events.on('request:start', record);
  return {
    count: (call: string) => sent.filter((entry) => entry === call).length,
    stop: () => server.events.removeListener('request:start', record),
  };
}

export const REFRESH_CALL = 'POST /api/v1/auth/refresh';
