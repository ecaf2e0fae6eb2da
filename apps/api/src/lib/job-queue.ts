import { summarizeDbError } from './log-redaction.js';

export type JobLogger = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/**
 * Work done after the response: the answer of "mail me a link" must take the same time whether or
 * not the address has an account, so the lookup, the token and the mail happen here.
 */
export type JobQueue = {
  /** Runs `job` after the current request has answered; its failure is logged, never thrown. */
  enqueue: (name: string, job: () => Promise<void>) => void;
  /** Jobs waiting or running. */
  size: () => number;
  /** Resolves once nothing waits or runs (tests, shutdown). */
  drain: () => Promise<void>;
  /** Holds jobs until `resume` (tests that look between the answer and the work). */
  pause: () => void;
  resume: () => void;
};

type Job = { name: string; run: () => Promise<void> };

export function createJobQueue(options: { log: JobLogger; concurrency?: number; maxWaiting?: number }): JobQueue {
  const concurrency = options.concurrency ?? 2;
  const maxWaiting = options.maxWaiting ?? 1_000;
  const waiting: Job[] = [];
  let running = 0;
  let paused = false;
  let idle: Array<() => void> = [];

  const settleIdle = () => {
    if (running > 0 || waiting.length > 0) return;
    const resolvers = idle;
    idle = [];
    for (const resolve of resolvers) resolve();
  };

  const runOne = async (job: Job) => {
    try {
      await job.run();
    } catch (error) {
      const dbError = summarizeDbError(error);
      options.log.error(dbError ? { job: job.name, dbError } : { job: job.name, err: error }, 'queued job failed');
    }
  };

  const pump = () => {
    while (!paused && running < concurrency) {
      const job = waiting.shift();
      if (!job) break;
      running += 1;
      void runOne(job).finally(() => {
        running -= 1;
        pump();
      });
    }
    settleIdle();
  };

  return {
    enqueue: (name, run) => {
      // The rate limits already bound this; a flood past them loses mail rather than memory.
      if (waiting.length >= maxWaiting) {
        options.log.warn({ job: name }, 'job queue full; job dropped');
        return;
      }
      waiting.push({ name, run });
      // setImmediate: the handler returns and the reply is written before the job starts.
      setImmediate(pump);
    },
    size: () => waiting.length + running,
    drain: () =>
      new Promise<void>((resolve) => {
        idle.push(resolve);
        // A paused queue still drains: waiting for work that was told to wait would never end.
        paused = false;
        pump();
      }),
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      setImmediate(pump);
    },
  };
}
