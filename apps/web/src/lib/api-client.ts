import { createApiClient } from '@acompanha/client';
import { API_BASE } from './api-base';
import { endSession } from './session/session-end';
import { tokens } from './session/tokens';

/** The app's one way to the API (packages/client): a refused refresh ends the session and goes to /login. */
export const api = createApiClient({ base: API_BASE, tokens, onRefreshRefused: () => endSession() });
