#!/usr/bin/env node
// Fails when `npm install` would warn: a package in the lockfile whose `engines.node` leaves out
// the oldest Node the root package.json claims (EBADENGINE), or one with an install script that
// `allowScripts` neither allows nor denies (npm 11 skips it and warns). Run by `npm run build`
// and by apps/api/test/install-check.test.ts.
// docs/decisions/install-scripts.md says why each script is allowed or denied.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

/**
 * What in the lockfile would make `npm install` warn on the oldest Node `pkg.engines.node` allows.
 * @param {{ engines?: { node?: string }, allowScripts?: Record<string, boolean> }} pkg root package.json
 * @param {{ packages: Record<string, { version?: string, engines?: unknown, hasInstallScript?: boolean, link?: boolean }> }} lock
 * @returns {string[]} one line per problem
 */
export function installProblems(pkg, lock) {
  const ours = pkg.engines?.node;
  const oldest = ours ? semver.minVersion(ours) : null;
  if (!oldest) return ['the root package.json names no engines.node range'];
  const allowed = Object.keys(pkg.allowScripts ?? {});
  const problems = [];
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (!where.includes('node_modules/') || entry.link) continue;
    const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const id = `${name}@${entry.version}`;
    const theirs = typeof entry.engines === 'object' && entry.engines ? Reflect.get(entry.engines, 'node') : undefined;
    if (typeof theirs === 'string' && !semver.satisfies(oldest, theirs, { includePrerelease: true })) {
      problems.push(`${id} needs Node ${theirs}; we claim ${ours} (${where})`);
    }
    if (entry.hasInstallScript && !allowed.some((key) => coversScript(key, name, entry.version ?? ''))) {
      problems.push(`${id} has an install script that allowScripts does not name`);
    }
  }
  return problems;
}

/**
 * Whether an allowScripts key (`name`, `name@range`) names this package, as npm reads it.
 * @param {string} key
 * @param {string} name
 * @param {string} version
 */
function coversScript(key, name, version) {
  if (key === name) return true;
  const at = key.lastIndexOf('@');
  return at > 0 && key.slice(0, at) === name && semver.satisfies(version, key.slice(at + 1));
}

// `node scripts/check-install.mjs [folder]`: the repository's own by default.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
  const problems = installProblems(read('package.json'), read('package-lock.json'));
  for (const line of problems) process.stderr.write(`check-install: ${line}\n`);
  if (problems.length > 0) process.exit(1);
  process.stdout.write('check-install: every package supports our Node range; every install script is decided\n');
}
