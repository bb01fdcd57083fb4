import { createApiClient, type ApiClient } from '@acompanha/client';
import { API_BASE } from './api-base';
import { forgetEarlyResponses, takeEarlyAnswer } from './early-requests';
import { endSession } from './session/session-end';
import { tokens } from './session/tokens';

const client = createApiClient({ base: API_BASE, tokens, onRefreshRefused: () => endSession() });

/**
 * The app's one way to the API (packages/client): a refused refresh ends the session and goes to
 * /login. A first read the start script asked for already, while the bundle downloaded, is taken
 * from it (early-requests.ts); every write forgets those answers.
 */
export const api: ApiClient = {
  ...client,
  async call(path, schema, options = {}) {
    const { method = 'GET' } = options;
    if (method !== 'GET') forgetEarlyResponses();
    const token = tokens.accessToken();
    const early = method === 'GET' && !options.params && options.bearer === undefined && token ? await takeEarlyAnswer(path, token) : null;
    const parsed = early && schema?.safeParse(early.data);
    return parsed?.success ? parsed.data : client.call(path, schema, options);
  },
};
