#!/usr/bin/env node
// Finds a Chromium for the browser tests. Playwright's own browser download is never used: this
// machine reaches only the npm registry and Debian's packages, so the browser is Debian's chromium.
//
//   node scripts/find-chromium.mjs        prints the path (installs Debian's chromium when root)
//   import { findChromium } from './find-chromium.mjs'
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where distributions and snaps put a Chromium or Chrome, in the order they are tried. */
export const CHROMIUM_CANDIDATES = Object.freeze([
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
]);

export const INSTALL_HINT = "Install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH";

/** apt-get update and install each get this long before they are stopped. */
const APT_TIMEOUT_MS = 15 * 60_000;

/**
 * @param {string} file
 * @returns {boolean} true when `file` is a regular file this process may execute
 */
function isExecutable(file) {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * @param {string} command a bare command name
 * @returns {string | undefined} its absolute path on PATH
 */
function which(command) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** @returns {string | undefined} the first installed candidate */
function lookAround() {
  return CHROMIUM_CANDIDATES.find(isExecutable);
}

/**
 * Runs one apt-get step with the terminal attached, so its progress is visible.
 * @param {string} aptGet
 * @param {string[]} args
 */
function apt(aptGet, args) {
  process.stderr.write(`find-chromium: running ${aptGet} ${args.join(' ')}\n`);
  const result = spawnSync(aptGet, args, {
    stdio: 'inherit',
    timeout: APT_TIMEOUT_MS,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error)
    throw new Error(`find-chromium: ${aptGet} ${args[0]} failed: ${result.error.message}. ${INSTALL_HINT}.`);
  if (result.status !== 0) {
    const how = result.signal ? `was stopped by ${result.signal}` : `exited with code ${result.status}`;
    throw new Error(`find-chromium: ${aptGet} ${args.join(' ')} ${how}. ${INSTALL_HINT}.`);
  }
}

/**
 * The path of a Chromium to drive: `CHROMIUM_PATH` when set, else the usual install locations.
 * When none is there and this process is root on a machine with apt-get, installs Debian's
 * `chromium` package and looks again.
 * @param {{ install?: boolean }} [options] `install: false` never runs apt-get
 * @returns {string}
 * @throws {Error} naming what to install when no Chromium can be found
 */
export function findChromium({ install = true } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which is not an executable file. ${INSTALL_HINT}.`);
  }

  const found = lookAround();
  if (found) return found;

  const aptGet = which('apt-get');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (install && isRoot && aptGet) {
    process.stderr.write(
      `find-chromium: no Chromium in ${CHROMIUM_CANDIDATES.join(', ')}; installing Debian's chromium package.\n`,
    );
    apt(aptGet, ['update']);
    apt(aptGet, ['install', '-y', 'chromium']);
    const installed = lookAround();
    if (installed) {
      process.stderr.write(`find-chromium: installed ${installed}\n`);
      return installed;
    }
    throw new Error(
      `find-chromium: apt-get installed chromium, yet none of ${CHROMIUM_CANDIDATES.join(', ')} exists. ${INSTALL_HINT}.`,
    );
  }

  const why = !install
    ? 'installing was not allowed'
    : !aptGet
      ? 'apt-get is not available'
      : 'this process is not root, so it cannot run apt-get';
  throw new Error(`No Chromium found in ${CHROMIUM_CANDIDATES.join(', ')} and ${why}. ${INSTALL_HINT}.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(`${findChromium()}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
