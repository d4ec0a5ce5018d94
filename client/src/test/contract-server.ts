/**
 * The contract mock server for client tests: the handlers of `contract-handlers.ts` (answer, refuse,
 * recorded, sent, pending, broken) served in node by msw's `setupServer`. See that module for what each checks.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { clearSent } from './contract-handlers';

export { answer, broken, pending, recorded, refuse, sent } from './contract-handlers';

export const contractServer = setupServer();

/** Starts the mock server for the file's tests; a request no handler answers fails the test that made it. */
export function startContractServer(): typeof contractServer {
  beforeAll(() => contractServer.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    contractServer.resetHandlers();
    clearSent();
  });
  afterAll(() => contractServer.close());
  return contractServer;
}
