import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const taskset = (...args: string[]) => execFileSync('taskset', args, { stdio: 'ignore' });

/**
 * Gives this process's main thread (its event loop) core 0 to itself, and moves its other threads
 * and the whole of `otherPid` (a load generator) to the other cores: on a machine of two cores, a
 * deployed server's clients are elsewhere, but a bench's share its cores, and the kernel runs them
 * in the middle of the loop's work (fan-out slices over the goal had their loop waiting for a
 * core several times as long as the others). Threads started later inherit their starter's
 * cores, so a worker thread started by the main thread after this would share core 0. Answers
 * what it did, or why it could not (one core, no taskset).
 */
export function pinLoopApart(otherPid: number): string {
  const cores = availableParallelism();
  if (cores < 2) return 'not pinned: one core';
  const rest = cores === 2 ? '1' : `1-${cores - 1}`;
  try {
    taskset('-a', '-p', '-c', rest, String(otherPid));
    for (const tid of readdirSync(`/proc/${process.pid}/task`)) {
      if (tid !== String(process.pid)) taskset('-p', '-c', rest, tid);
    }
    taskset('-p', '-c', '0', String(process.pid));
    return `the event loop alone on core 0; its other threads and the viewers on ${cores === 2 ? 'core 1' : `cores ${rest}`}`;
  } catch (error) {
    return `not pinned: ${error instanceof Error ? error.message : String(error)}`;
  }
}
