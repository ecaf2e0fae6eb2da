import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/check-install.mjs, which `npm run build` runs first: what `npm install` would warn of.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SCRIPT = path.join(ROOT, 'scripts', 'check-install.mjs');

const check = (folder?: string) =>
  promisify(execFile)(process.execPath, [SCRIPT, ...(folder ? [folder] : [])]).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

const made: string[] = [];
afterAll(() => made.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A folder holding a package.json and a lockfile, as `npm install` reads them. */
function project(pkg: object, packages: Record<string, object>): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'kettle-install-'));
  made.push(folder);
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify(pkg));
  writeFileSync(path.join(folder, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages }));
  return folder;
}

describe('a clean install (issue 70 item 25)', () => {
  it('every locked package supports our oldest Node, and every install script is allowed or denied', async () => {
    const result = await check();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('names a package that needs a newer Node and an install script nobody decided', async () => {
    const folder = project(
      { engines: { node: '>=20.19' }, allowScripts: { esbuild: false, 'argon2@0.45.1': true } },
      {
        '': { name: 'x' },
        'node_modules/light-my-request/node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/semver': { version: '7.8.6', engines: { node: '>=10' } },
        'node_modules/esbuild': { version: '0.25.12', hasInstallScript: true },
        'node_modules/argon2': { version: '0.45.1', hasInstallScript: true },
        'node_modules/vite/node_modules/argon2': { version: '0.46.0', hasInstallScript: true },
        'node_modules/sharp': { version: '0.34.5', hasInstallScript: true },
        'apps/api': { name: '@kettle/api' },
        'node_modules/@kettle/api': { link: true, resolved: 'apps/api' },
      },
    );
    const result = await check(folder);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'check-install: cookie@2.0.2 needs Node >=22; we claim >=20.19 (node_modules/light-my-request/node_modules/cookie)',
      'check-install: argon2@0.46.0 has an install script that allowScripts does not name',
      'check-install: sharp@0.34.5 has an install script that allowScripts does not name',
    ]);
  });
});
