import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll } from 'vitest';

/** The repository root, where the root scripts (scripts/*.mjs) live. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Runs `scripts/<name>` on this Node, on `folder` when given: its exit code and output, never a throw. */
export const runRootScript = (name: string, folder?: string) =>
  promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts', name), ...(folder ? [folder] : [])]).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

/** Makes temporary folders named `prefix…`, removed after the file's tests. */
export function tempFolders(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => made.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
  return () => {
    const folder = mkdtempSync(path.join(tmpdir(), prefix));
    made.push(folder);
    return folder;
  };
}
