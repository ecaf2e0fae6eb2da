/**
 * Runs the parts of `npm run bench` one after the other, never two at once: the machine has two
 * cores and the goals are ratios to baselines measured in the same run, so a part running beside
 * another would measure both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as prettier from 'prettier';
import { binOf, ROOT } from '../../scripts/lib/run.mjs';

export type Part = {
  /** The name `--skip` takes, and the start of its files' names. */
  kind: 'load' | 'latency' | 'event-loop' | 'sse' | 'guard';
  engine: 'pglite' | 'postgres';
  /** Where the part writes its figures (its Markdown goes beside it). */
  json: string;
  command: string[];
};

let running: ChildProcess | undefined;
let stopping = false;

// Ctrl-C reaches the part too (same process group); a SIGTERM sent to this process alone is handed
// on, so the part still drops its database and stops its servers before the run ends.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopping = true;
    if (signal === 'SIGTERM') running?.kill(signal);
  });
}

/** Whether Ctrl-C or SIGTERM asked the run to stop. */
export const stopRequested = (): boolean => stopping;

/** `node <tsx>`: the parts run as their npm scripts run them. */
export const tsx = (...args: string[]): string[] => [process.execPath, binOf('tsx'), ...args];

/** Runs one part with the terminal attached; resolves its exit code. */
export function runPart(part: Part): Promise<number> {
  const [command = process.execPath, ...args] = part.command;
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    running = child;
    child.once('error', (error) => {
      console.error(`could not start ${part.kind}: ${error.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => {
      running = undefined;
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

/** The part's figures, formatted as the repository formats JSON (prettier --check covers bench/). */
export async function readPart(part: Part): Promise<unknown> {
  if (!existsSync(part.json)) return undefined;
  const text = readFileSync(part.json, 'utf8');
  const options = await prettier.resolveConfig(part.json);
  writeFileSync(part.json, await prettier.format(text, { ...options, filepath: part.json }));
  return JSON.parse(text) as unknown;
}
