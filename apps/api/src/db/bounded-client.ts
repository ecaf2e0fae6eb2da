import pg from 'pg';

/**
 * What a statement fails with when PostgreSQL stopped answering (a frozen server, a stuck disk):
 * its `ETIMEDOUT` makes the request an outage, answered 503 (`unavailable.ts`).
 */
export class DatabaseReadTimeout extends Error {
  readonly code = 'ETIMEDOUT';

  constructor(readTimeoutMs: number) {
    super(`PostgreSQL did not answer within ${readTimeoutMs} ms`);
    this.name = 'DatabaseReadTimeout';
  }
}

type Callback = (error: Error | null, result?: unknown) => void;

/**
 * A node-postgres client whose statements each get `readTimeoutMs` to be answered. Past it the
 * connection itself is dropped, not just the statement given up as `query_timeout` does: that
 * leaves the statement running on the connection, so the transaction's rollback queues behind it
 * and the pool takes the client back inside an unfinished transaction, where the next request's
 * statements would run. A dropped connection fails every statement queued on it, is never taken
 * back (the pool drops clients that are not queryable), and ends the server's transaction.
 */
export function boundedClient(readTimeoutMs: number): typeof pg.Client {
  return class BoundedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // The statements on a lost connection fail with its error; the same error emitted on a
      // client that is checked out (between a transaction's statements) has no pool listener, and
      // an unheard 'error' event would end the process.
      this.on('error', () => undefined);
    }

    // node-postgres' query has many shapes; Kettle sends two (drizzle: text or config and values,
    // for a promise; the pool: the same plus a callback). A custom query object (a cursor) goes
    // through unbounded: Kettle sends none. Typed `never` so that it stands for every overload.
    override query(...args: unknown[]): never {
      const [config] = args;
      const callbackAt = args.findIndex((arg, at) => at > 0 && typeof arg === 'function');
      const custom = typeof (config as { submit?: unknown } | null)?.submit === 'function';
      const ownCallback = typeof (config as { callback?: unknown } | null)?.callback === 'function';
      const send = (...sent: unknown[]) => (super.query as (...a: unknown[]) => never)(...sent);
      if (custom || (ownCallback && callbackAt < 0)) return send(...args);
      const timer = setTimeout(
        () => this.connection.stream.destroy(new DatabaseReadTimeout(readTimeoutMs)),
        readTimeoutMs,
      );
      const settle = () => clearTimeout(timer);
      if (callbackAt > 0) {
        const callback = args[callbackAt] as Callback;
        const bounded = [...args];
        bounded[callbackAt] = (error: Error | null, result?: unknown) => {
          settle();
          callback(error, result);
        };
        return send(...bounded);
      }
      const answer = send(...args) as Promise<unknown>;
      answer.then(settle, settle);
      return answer as never;
    }
  };
}
