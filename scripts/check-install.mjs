#!/usr/bin/env node
// Fails when `npm install` would warn, or when the Node.js it brings is not one Kettle runs on:
// a package in the lockfile whose `engines.node` leaves out a Node that runs it (EBADENGINE), one
// with an install script that `allowScripts` neither allows nor denies (npm 11 skips it and warns),
// or a brought runtime (`optionalDependencies` node-<os>-<cpu>) outside `engines.node`. Run by
// `npm run build` and by apps/api/test/install-check.test.ts.
// docs/decisions/install-scripts.md says why each script is allowed or denied;
// docs/decisions/node-runtime.md why two Node versions are checked.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

/**
 * @typedef {{
 *   engines?: { node?: string },
 *   devEngines?: { runtime?: { name?: string, version?: string } },
 *   optionalDependencies?: Record<string, string>,
 *   allowScripts?: Record<string, boolean>,
 * }} RootPackage
 */

/**
 * The Node versions every locked package must accept: the oldest that runs npm (`devEngines`,
 * the machine's own Node, which npm checks engines against), the oldest Kettle runs on
 * (`engines`) and the one `npm install` brings.
 * @param {RootPackage} pkg
 * @returns {{ floors: { version: string, why: string }[], problems: string[] }}
 */
function nodeFloors(pkg) {
  const problems = [];
  const floors = [];
  const ours = pkg.engines?.node;
  const oldest = ours ? semver.minVersion(ours) : null;
  if (!ours || !oldest) problems.push('the root package.json names no engines.node range');
  else floors.push({ version: oldest.version, why: `Kettle runs on ${ours}` });
  const installer = pkg.devEngines?.runtime;
  const installerOldest = installer?.version ? semver.minVersion(installer.version) : null;
  if (installer?.name !== 'node' || !installerOldest) {
    problems.push('the root package.json names no devEngines.runtime (node) range for the Node that runs npm');
  } else floors.push({ version: installerOldest.version, why: `npm runs on Node ${installer.version}` });
  const brought = Object.entries(pkg.optionalDependencies ?? {}).filter(([name]) =>
    /^node-[a-z]+-[a-z0-9]+$/.test(name),
  );
  if (brought.length === 0)
    problems.push('the root package.json brings no Node.js (optionalDependencies node-<os>-<cpu>)');
  const versions = new Set(brought.map(([, version]) => version));
  if (versions.size > 1) problems.push(`the brought Node.js packages differ in version: ${[...versions].join(', ')}`);
  for (const [name, version] of brought) {
    if (!semver.valid(version)) problems.push(`${name} must be pinned to one version, not ${version}`);
    else if (ours && !semver.satisfies(version, ours))
      problems.push(`${name}@${version} is outside engines.node ${ours}`);
    else if (versions.size === 1) floors.push({ version, why: `npm install brings Node ${version}` });
  }
  return { floors: floors.filter((f, i) => floors.findIndex((g) => g.version === f.version) === i), problems };
}

/**
 * What in the lockfile would make `npm install` warn, or a locked package fail on a Node it runs on.
 * @param {RootPackage} pkg root package.json
 * @param {{ packages: Record<string, { version?: string, engines?: unknown, hasInstallScript?: boolean, link?: boolean }> }} lock
 * @returns {string[]} one line per problem
 */
export function installProblems(pkg, lock) {
  const { floors, problems } = nodeFloors(pkg);
  const allowed = Object.keys(pkg.allowScripts ?? {});
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (!where.includes('node_modules/') || entry.link) continue;
    const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const id = `${name}@${entry.version}`;
    const theirs = typeof entry.engines === 'object' && entry.engines ? Reflect.get(entry.engines, 'node') : undefined;
    if (typeof theirs === 'string') {
      for (const floor of floors.filter((f) => !semver.satisfies(f.version, theirs, { includePrerelease: true }))) {
        problems.push(`${id} needs Node ${theirs}; ${floor.why} (${where})`);
      }
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
  process.stdout.write(
    'check-install: every package supports the Node that runs npm and the Nodes Kettle runs on; every install script is decided\n',
  );
}
