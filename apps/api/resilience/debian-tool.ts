/**
 * Finds a command-line tool the resilience suite drives (sqlmap...), the way
 * scripts/find-chromium.mjs finds Chromium: on PATH, else, when this process is root on a machine
 * with apt-get, Debian's package is installed (this machine reaches only npm and Debian's packages).
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** apt-get update and install each get this long before they are stopped. */
const APT_TIMEOUT_MS = 15 * 60_000;

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

export function which(command: string): string | undefined {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, command))
    .find(isExecutable);
}

function apt(aptGet: string, args: string[]): void {
  process.stderr.write(`debian-tool: running ${aptGet} ${args.join(' ')}\n`);
  const run = spawnSync(aptGet, args, {
    stdio: 'inherit',
    timeout: APT_TIMEOUT_MS,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (run.error || run.status !== 0) {
    throw new Error(`${aptGet} ${args.join(' ')} failed: ${run.error?.message ?? run.signal ?? `exit ${run.status}`}`);
  }
}

/** The path of `command`, installing Debian's `pkg` first when it is missing and that is possible. */
export function findDebianTool(command: string, pkg: string = command): string {
  const found = which(command);
  if (found) return found;
  const aptGet = which('apt-get');
  const isRoot = process.getuid?.() === 0;
  if (!aptGet || !isRoot) {
    throw new Error(
      `${command} is not on PATH and ${aptGet ? 'this process is not root' : 'apt-get is missing'}: install Debian's ${pkg} package (apt-get install -y ${pkg}).`,
    );
  }
  apt(aptGet, ['update']);
  apt(aptGet, ['install', '-y', pkg]);
  const installed = which(command);
  if (!installed) throw new Error(`apt-get installed ${pkg}, yet ${command} is still not on PATH.`);
  return installed;
}
