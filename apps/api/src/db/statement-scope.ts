import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The PostgreSQL backends running a request's statements right now, so that the statements of a
 * request whose client has gone can be cancelled (decision 069). The pool (database.ts) notes each
 * statement's backend in the scope of the request that runs it; plugins/abandoned-requests.ts
 * opens a scope per request and cancels what is still running when the client closes first.
 */
export interface StatementScope {
  /** The process ids of the backends running one of the scope's statements. */
  readonly running: Map<number, number>;
}

const scopes = new AsyncLocalStorage<StatementScope>();

/** Runs `work`, and everything it starts, in a scope of its own. */
export function withStatementScope<T>(work: () => T): { scope: StatementScope; result: T } {
  const scope: StatementScope = { running: new Map() };
  return { scope, result: scopes.run(scope, work) };
}

/** Notes that the backend `pid` runs a statement of the current scope (if any) until `settled`. */
export function noteRunning<T>(pid: number | undefined, statement: Promise<T>): Promise<T> {
  const scope = scopes.getStore();
  if (!scope || pid === undefined) return statement;
  scope.running.set(pid, (scope.running.get(pid) ?? 0) + 1);
  const done = () => {
    const left = (scope.running.get(pid) ?? 1) - 1;
    if (left === 0) scope.running.delete(pid);
    else scope.running.set(pid, left);
  };
  statement.then(done, done);
  return statement;
}
