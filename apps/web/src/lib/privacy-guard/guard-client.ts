import type { GuardFinding } from '@kettle/shared';
import type * as Guard from '@kettle/shared/guard';

export type GuardRequest = { id: number; text: string; subjectHandle?: string };
export type GuardReply = { id: number; findings: GuardFinding[] };

type Waiting = GuardRequest & { resolve: (findings: GuardFinding[]) => void };

let worker: Worker | undefined;
let workerFailed = false;
let detector: Promise<typeof Guard> | undefined;
let nextId = 0;
const waiting = new Map<number, Waiting>();

/** The detector on this thread: where a Worker cannot start (an old browser, a test's DOM). */
async function checkHere(text: string, subjectHandle?: string): Promise<GuardFinding[]> {
  detector ??= import('@kettle/shared/guard');
  return (await detector).findPrivateData(text, { subjectHandle });
}

function startWorker(): Worker | undefined {
  if (workerFailed || typeof Worker === 'undefined') return undefined;
  try {
    const started = new Worker(new URL('./guard.worker.ts', import.meta.url), { type: 'module' });
    started.onmessage = (event: MessageEvent<GuardReply>) => {
      waiting.get(event.data.id)?.resolve(event.data.findings);
      waiting.delete(event.data.id);
    };
    // A worker that cannot load (a policy, a lost chunk) is not asked again: what it was asked is checked here.
    started.onerror = () => {
      started.terminate();
      worker = undefined;
      workerFailed = true;
      const asked = [...waiting.values()];
      waiting.clear();
      for (const { text, subjectHandle, resolve } of asked) void checkHere(text, subjectHandle).then(resolve);
    };
    return started;
  } catch {
    workerFailed = true;
    return undefined;
  }
}

/**
 * What the privacy guard finds in a text: the detector the server runs. It loads on the first
 * check, so a page where nothing is typed never downloads it.
 */
export async function checkText(text: string, subjectHandle?: string): Promise<GuardFinding[]> {
  if (text.trim() === '') return [];
  worker ??= startWorker();
  if (!worker) return checkHere(text, subjectHandle);
  const id = ++nextId;
  const answer = new Promise<GuardFinding[]>((resolve) => waiting.set(id, { id, text, subjectHandle, resolve }));
  worker.postMessage({ id, text, subjectHandle } satisfies GuardRequest);
  return answer;
}
