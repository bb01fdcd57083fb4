import { setupServer } from 'msw/node';

/** Answers the console's unit tests; each test adds the handlers it needs. */
export const server = setupServer();
