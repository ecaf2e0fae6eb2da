import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';

/** What drizzle's PGlite session passes with a statement. */
type QueryOptions = {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
};

/** The part of PGlite's client that drizzle and Kettle use, answered by the database's own thread. */
export type PgliteClient = {
  query: <T>(sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
  exec: (sql: string) => Promise<Array<Results>>;
  transaction: <T>(fn: (tx: PgliteTransaction) => Promise<T>) => Promise<T>;
};

export type PgliteTransaction = Omit<PgliteClient, 'transaction'> & {
  rollback: () => Promise<void>;
  readonly closed: boolean;
};

export type PgliteThread = PgliteClient & {
  /**
   * A gzipped tarball of the data directory, handed to `during` before any other statement runs:
   * what `during` copies beside it (the uploads) is of the same moment.
   */
  snapshot: <T>(during: (tarball: Uint8Array) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

type Request =
  | { op: 'query'; sql: string; params: unknown[]; rowMode?: 'array' | 'object'; textTypes: number[] }
  | { op: 'exec'; sql: string }
  | { op: 'dump' }
  | { op: 'close' };
type Reply = { id: number; result?: unknown; error?: Record<string, unknown> };

const WORKER_URL = new URL('./pglite-worker.js', import.meta.url);
const TEXT_PROBE = '2026-01-02 03:04:05+00';

/** The error the database thread reported, with PostgreSQL's fields (code, constraint) on it. */
function toError(fields: Record<string, unknown>): Error {
  const { message, stack: _theirStack, ...rest } = fields;
  return Object.assign(new Error(typeof message === 'string' ? message : 'database error'), rest);
}

/**
 * The type ids whose text the caller keeps. Functions cannot cross to the other thread, and drizzle's
 * parsers only ever keep the text (dates, intervals); anything else is refused rather than ignored.
 */
function textTypesOf(parsers: QueryOptions['parsers']): number[] {
  return Object.entries(parsers ?? {}).map(([oid, parse]) => {
    if (parse(TEXT_PROBE, Number(oid)) !== TEXT_PROBE) {
      throw new Error(`type ${oid}: only parsers that keep the text can run on the database thread`);
    }
    return Number(oid);
  });
}

/**
 * PGlite in a worker thread (in `dataDir`, or in memory), so a slow statement holds up other
 * statements but never the server's event loop. One statement or one transaction runs at a time,
 * as in PGlite itself: a statement from outside waits for an open transaction to end.
 */
export async function openPgliteThread(dataDir?: string): Promise<PgliteThread> {
  // execArgv is not inherited: the parent's flags (a test runner's, say) may not be valid in a worker.
  const worker = new Worker(WORKER_URL, { workerData: { dataDir }, execArgv: [] });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let failure: Error | undefined;

  const failAll = (error: Error): void => {
    failure ??= error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  await new Promise<void>((resolve, reject) => {
    worker.once('message', (message: { ready: boolean; error?: Record<string, unknown> }) => {
      if (message.ready) resolve();
      else reject(toError(message.error ?? {}));
    });
    worker.once('error', reject);
  });
  worker.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    // An idle thread must not keep a finished script alive; a busy one must.
    if (pending.size === 0) worker.unref();
    if (reply.error) waiting.reject(toError(reply.error));
    else waiting.resolve(reply.result);
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`the database thread stopped (exit code ${code})`)));
  worker.unref();

  const send = <T>(request: Request): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: (value) => resolve(value as T), reject });
      worker.postMessage({ id, ...request });
    });

  const query = <T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> =>
    send<Results<T>>({ op: 'query', sql, params, rowMode: options.rowMode, textTypes: textTypesOf(options.parsers) });
  const exec = (sql: string): Promise<Array<Results>> => send<Array<Results>>({ op: 'exec', sql });

  let turn: Promise<unknown> = Promise.resolve();
  /** Runs `work` after every earlier caller's statement or transaction has ended. */
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const result = turn.then(work);
    turn = result.catch(() => undefined);
    return result;
  };

  const transaction = <T>(fn: (tx: PgliteTransaction) => Promise<T>): Promise<T> =>
    exclusive(async () => {
      await exec('begin');
      let closed = false;
      const open = (): void => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx: PgliteTransaction = {
        query: async (sql, params, options) => (open(), query(sql, params, options)),
        exec: async (sql) => (open(), exec(sql)),
        rollback: async () => {
          open();
          closed = true;
          await exec('rollback');
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await fn(tx);
        if (!closed) await exec('commit');
        return result;
      } catch (error) {
        if (!closed) await exec('rollback').catch(() => undefined);
        throw error;
      } finally {
        closed = true;
      }
    });

  return {
    query: (sql, params, options) => exclusive(() => query(sql, params, options)),
    exec: (sql) => exclusive(() => exec(sql)),
    transaction,
    snapshot: (during) => exclusive(async () => during(await send<Uint8Array>({ op: 'dump' }))),
    close: async () => {
      await exclusive(() => send({ op: 'close' }));
      await worker.terminate();
    },
  };
}
