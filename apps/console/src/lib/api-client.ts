import { createApiClient } from '@acompanha/client';
import { tokens } from './session';

export const API_BASE = '/api';

/** The console's one way to the API (packages/client): a refused refresh ends the session, and the console shows its sign-in. */
export const api = createApiClient({ base: API_BASE, tokens, onRefreshRefused: () => tokens.clear() });
