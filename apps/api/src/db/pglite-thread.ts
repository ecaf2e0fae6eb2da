import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { statementName } from './statement-names.js';

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
  /** Runs `work` with no statement bound (migrations, which may rightly run long). */
  unbounded: <T>(work: () => Promise<T>) => Promise<T>;
  /** What ended the store for good (every statement now fails with it); undefined while it serves. */
  failure: () => Error | undefined;
  close: () => Promise<void>;
};

type Request =
  | { op: 'query'; sql: string; params: unknown[]; rowMode?: 'array' | 'object'; textTypes: number[]; name?: string }
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

/** Ends a statement past its bound, as PostgreSQL's `statement_timeout` does (57014: query_canceled). */
function statementTimeout(ms: number): Error {
  return Object.assign(new Error(`canceling statement due to statement timeout (${ms} ms)`), { code: '57014' });
}

/** What a statement queued behind the ended one, or its transaction, gets (57P01: admin_shutdown, a 503). */
function threadRestarted(): Error {
  return Object.assign(new Error('terminating connection: the database thread was restarted'), { code: '57P01' });
}

/**
 * What every statement gets once the store has failed for good: 08006 (connection_failure), as a
 * PostgreSQL gone for good answers, so requests are told to come back later (503), not that they
 * broke something.
 */
function storeFailed(error: Error): Error {
  return Object.assign(new Error(`the embedded database failed: ${error.message}`), { code: '08006', cause: error });
}

/** What the statement running when the thread passed its heap limit gets (53200: out_of_memory). */
function heapExhausted(mb: number | undefined): Error {
  const limit = mb === undefined ? 'its heap limit' : `its ${mb} MB heap`;
  return Object.assign(new Error(`out of memory: the database thread passed ${limit}`), { code: '53200' });
}

/**
 * How often the thread looks after its store (pglite-upkeep.js), and after how much log it
 * checkpoints.
 */
export type UpkeepRule = { checkpointAfterBytes: number; everyMs: number };

/**
 * 64 MB of log between checkpoints, looked at every 5 s: a store keeps about twice that on disk (in
 * memory, for one in memory), a recovery replays about that much, and a checkpoint stays short
 * enough (tens of milliseconds) not to stall the thread's queries.
 */
export const UPKEEP_RULE: UpkeepRule = { checkpointAfterBytes: 64 * 1024 * 1024, everyMs: 5_000 };

/** A worker that has opened the store (and run its recovery, after a thread that was ended). */
async function startWorker(
  dataDir: string | undefined,
  heapMb: number | undefined,
  upkeep: UpkeepRule,
  startFrom?: Uint8Array,
): Promise<Worker> {
  // execArgv is not inherited: the parent's flags (a test runner's, say) may not be valid in a worker.
  const worker = new Worker(WORKER_URL, {
    workerData: { dataDir, upkeep, startFrom },
    execArgv: [],
    ...(heapMb === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: heapMb } }),
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', (message: { ready: boolean; error?: Record<string, unknown> }) => {
      if (message.ready) resolve();
      else reject(toError(message.error ?? {}));
    });
    worker.once('error', reject);
  });
  return worker;
}

export type PgliteThreadOptions = {
  /**
   * A statement unanswered this long ends the thread, failing it with 57014, and the store is
   * opened again on a new thread: PGlite has no working `statement_timeout`, and a statement cannot
   * be interrupted any other way. Only for a store in a folder, which a new thread reopens as after
   * a crash (committed work kept, open transactions gone); an in-memory store would be lost.
   */
  statementTimeoutMs?: number;
  /**
   * The thread's JavaScript heap, in MB (V8's own limit when not given). PGlite's store and cache
   * live outside it; the rows of an answer do not. A thread that passes it ends, as any thread that
   * dies, and the store is reopened on a new one. Only for a store in a folder, as the time bound.
   */
  heapLimitMb?: number;
  /** How the thread looks after its store; UPKEEP_RULE unless given (tests give a quicker one). */
  upkeep?: UpkeepRule;
  /**
   * An in-memory store only: a tarball of a data directory (a snapshot) to start from instead of
   * an empty one. The test suite opens each file's store from one migrated snapshot.
   */
  startFrom?: Uint8Array;
};

type Waiting = { resolve: (value: unknown) => void; reject: (error: Error) => void; timer?: NodeJS.Timeout };

/**
 * PGlite in a worker thread (in `dataDir`, or in memory), so a slow statement holds up other
 * statements but never the server's event loop. One statement or one transaction runs at a time,
 * as in PGlite itself: a statement from outside waits for an open transaction to end.
 */
export async function openPgliteThread(dataDir?: string, options: PgliteThreadOptions = {}): Promise<PgliteThread> {
  const timeoutMs = dataDir === undefined ? undefined : options.statementTimeoutMs;
  const pending = new Map<number, Waiting>();
  let nextId = 1;
  let failure: Error | undefined;
  let worker: Worker | null = null;
  /** Counts the threads replaced: a transaction begun on an earlier one is gone. */
  let generation = 0;
  let unboundedCallers = 0;

  const failAll = (error: Error): void => {
    failure ??= storeFailed(error);
    for (const { reject, timer } of pending.values()) {
      clearTimeout(timer);
      reject(failure);
    }
    pending.clear();
  };

  const heapMb = dataDir === undefined ? undefined : options.heapLimitMb;
  const upkeep = options.upkeep ?? UPKEEP_RULE;
  /** Settles once a thread is there to take statements (at once, but while one is being replaced). */
  let ready: Promise<void> = Promise.resolve();

  /**
   * Ends `ended` and opens the folder on a new thread, as after a crash; `errorFor` answers each
   * statement it held. A store that cannot be opened again has failed for good.
   */
  const replace = (ended: Worker, errorFor: (id: number) => Error): void => {
    worker = null;
    generation += 1;
    for (const [queued, { reject, timer }] of pending) {
      clearTimeout(timer);
      reject(errorFor(queued));
    }
    pending.clear();
    ready = ended
      .terminate()
      .then(() => startWorker(dataDir, heapMb, upkeep))
      .then(adopt, (error: unknown) => failAll(error instanceof Error ? error : new Error(String(error))));
  };

  /**
   * A thread that died (past its heap, or PGlite itself failing): in a folder the store is opened
   * again, committed work kept, and the statement it was running fails; in memory the store died
   * with it. One that dies with nothing to run before it ever answered would only die again.
   */
  const died = (ended: Worker, answered: boolean, error: Error): void => {
    if (worker !== ended) return;
    if (dataDir === undefined || (!answered && pending.size === 0)) return failAll(error);
    const [running] = pending.keys();
    const outOfHeap = (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
    replace(ended, (queued) => (queued === running && outOfHeap ? heapExhausted(heapMb) : threadRestarted()));
  };

  function adopt(started: Worker): void {
    worker = started;
    let answered = false;
    started.on('message', (reply: Reply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      answered = true;
      pending.delete(reply.id);
      clearTimeout(waiting.timer);
      // An idle thread must not keep a finished script alive; a busy one must.
      if (pending.size === 0) started.unref();
      if (reply.error) waiting.reject(toError(reply.error));
      else waiting.resolve(reply.result);
    });
    // A thread this client replaced is no longer `worker`: its end is nobody's failure.
    started.on('error', (error) => died(started, answered, error));
    started.on('exit', (code) => died(started, answered, new Error(`the database thread stopped (exit code ${code})`)));
    started.unref();
  }
  adopt(await startWorker(dataDir, heapMb, upkeep, dataDir === undefined ? options.startFrom : undefined));

  const expire = (id: number, ms: number): void => {
    const ended = worker;
    if (!ended || !pending.has(id)) return;
    replace(ended, (queued) => (queued === id ? statementTimeout(ms) : threadRestarted()));
  };

  const send = async <T>(request: Request, bounded = true): Promise<T> => {
    // Another bound may end the new thread while this caller waited for it: wait for its successor.
    while (!worker && !failure) await ready;
    const current = worker;
    if (failure || !current) throw failure ?? threadRestarted();
    return new Promise<T>((resolve, reject) => {
      const id = nextId++;
      if (pending.size === 0) current.ref();
      const bound = bounded && unboundedCallers === 0 ? timeoutMs : undefined;
      const timer = bound === undefined ? undefined : setTimeout(() => expire(id, bound), bound);
      pending.set(id, { resolve: (value) => resolve(value as T), reject, timer });
      current.postMessage({ id, ...request });
    });
  };

  const query = <T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> =>
    send<Results<T>>({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode,
      textTypes: textTypesOf(options.parsers),
      name: statementName(sql),
    });
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
      const begunOn = generation;
      let closed = false;
      // After its thread was ended, a statement would run outside any transaction on the new one.
      const open = (): void => {
        if (closed) throw new Error('Transaction is closed');
        if (generation !== begunOn) throw threadRestarted();
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
        if (!closed) {
          open();
          await exec('commit');
        }
        return result;
      } catch (error) {
        if (!closed && generation === begunOn) await exec('rollback').catch(() => undefined);
        throw error;
      } finally {
        closed = true;
      }
    });

  return {
    query: (sql, params, options) => exclusive(() => query(sql, params, options)),
    exec: (sql) => exclusive(() => exec(sql)),
    transaction,
    unbounded: async (work) => {
      unboundedCallers += 1;
      try {
        return await work();
      } finally {
        unboundedCallers -= 1;
      }
    },
    snapshot: (during) => exclusive(async () => during(await send<Uint8Array>({ op: 'dump' }, false))),
    failure: () => failure,
    close: async () => {
      // A store that failed for good has no thread left to close.
      if (!failure) await exclusive(() => send({ op: 'close' }, false));
      const closed = worker;
      // Not a death to recover from: later statements fail rather than open the store again.
      worker = null;
      failure ??= new Error('the database thread stopped: the database was closed');
      await closed?.terminate();
    },
  };
}
