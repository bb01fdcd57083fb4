import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** Answers the unit tests' API calls; any call without a handler fails the test. */
export const server = setupServer(...handlers);
