// Small process helpers shared by the root scripts (test, test-e2e, start).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (the folder holding the root package.json). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where the built server and SPA land (`npm run build`). */
export const SERVER_ENTRY = path.join(ROOT, 'apps', 'api', 'dist', 'server.js');
export const WEB_INDEX = path.join(ROOT, 'apps', 'web', 'dist', 'index.html');

/**
 * Node.js options the server runs with, wherever it is started (`npm start`, the browser tests,
 * the benches; docs/deploy.md names them for production). Node 24 lets the young generation grow
 * to 64 MB a semi-space, four times Node 20's: held open streams then cost ~10 KB more RSS each
 * (docs/decisions/node-runtime.md). 16 MB is the size Node 20 ran with.
 */
export const SERVER_NODE_FLAGS = Object.freeze(['--max-semi-space-size=16']);

/** The arguments that start the built server (`entry`, the production build by default) on Node. */
export const serverArgs = (entry = SERVER_ENTRY) => [...SERVER_NODE_FLAGS, entry];

/**
 * The exit code a shell would report for a child that ended this way.
 * @param {number | null} code
 * @param {NodeJS.Signals | null} signal
 * @returns {number}
 */
export function exitCodeOf(code, signal) {
  if (code !== null) return code;
  const number = signal ? constants.signals[signal] : undefined;
  return number ? 128 + number : 1;
}

/**
 * Runs a command with the terminal attached and resolves with its exit code (never rejects:
 * a command that cannot start resolves 127 after printing why).
 * @param {string} command
 * @param {readonly string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string }} [options]
 * @returns {Promise<number>}
 */
export function run(command, args, { env = process.env, cwd = ROOT } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.once('error', (error) => {
      process.stderr.write(`Could not start ${command}: ${error.message}\n`);
      resolve(127);
    });
    child.once('exit', (code, signal) => resolve(exitCodeOf(code, signal)));
  });
}

/**
 * How to invoke npm: through the npm that started this script when there is one, else `npm`.
 * @returns {{ command: string, prefix: string[] }}
 */
export function npm() {
  const execPath = process.env.npm_execpath;
  if (execPath && /\.(c?js|mjs)$/.test(execPath) && existsSync(execPath)) {
    return { command: process.execPath, prefix: [execPath] };
  }
  return { command: process.platform === 'win32' ? 'npm.cmd' : 'npm', prefix: [] };
}

/** @returns {Promise<number>} the exit code of `npm run build` */
export function runBuild() {
  const { command, prefix } = npm();
  return run(command, [...prefix, 'run', 'build']);
}

/**
 * The absolute path of a package's command-line entry (its `bin`), resolved from the root's
 * node_modules, so commands run without a shell or npx.
 * @param {string} pkg package name, e.g. 'vitest' or '@playwright/test'
 * @param {string} [bin] which bin entry when the package has several
 * @returns {string}
 */
export function binOf(pkg, bin) {
  const manifestPath = path.join(ROOT, 'node_modules', ...pkg.split('/'), 'package.json');
  if (!existsSync(manifestPath)) {
    throw new Error(
      `${pkg} is not installed in ${path.join(ROOT, 'node_modules')}; run npm ci (or npm install) first.`,
    );
  }
  /** @type {{ bin?: string | Record<string, string> }} */
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entry = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[bin ?? pkg.split('/').pop() ?? pkg];
  if (!entry) throw new Error(`${pkg} has no command-line entry${bin ? ` named ${bin}` : ''}.`);
  return path.join(path.dirname(manifestPath), entry);
}

/**
 * Prints a heading that stands out in a long log, with the Node.js this script runs on (what its
 * children run on too: they are started with process.execPath).
 * @param {string} text
 */
export function heading(text) {
  text = `${text} [Node.js ${process.version}]`;
  const rule = '='.repeat(Math.max(20, Math.min(100, text.length + 8)));
  process.stdout.write(`\n${rule}\n=== ${text}\n${rule}\n`);
}

/**
 * Returns a copy of the environment with the given values, or drops keys set to undefined.
 * @param {Record<string, string | undefined>} changes
 * @returns {NodeJS.ProcessEnv}
 */
export function envWith(changes) {
  const env = { ...process.env };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}
