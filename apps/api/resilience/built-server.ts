/** The resilience runs start apps/api/dist/server.js: build it first when a fresh clone has none. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SERVER_ENTRY } from '../test/server-process.js';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export function ensureServerBuilt(): void {
  if (existsSync(SERVER_ENTRY)) return;
  execFileSync('npm', ['run', 'build', '-w', '@kettle/api'], { cwd: REPO_ROOT, stdio: 'inherit' });
}
