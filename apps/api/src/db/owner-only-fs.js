// PGlite's file system (Emscripten's NODEFS) makes each file of the store 0777 and then chmods it to
// 0666, whatever the process umask, so the live store was open to every account on the host. This
// thread is the store's only writer (pglite-worker.js imports this first): here every mode it asks
// for loses its group and other bits. Node gives each worker thread its own `fs` object, so the
// server's own thread is untouched. See docs/decisions/data-dir-modes.md.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const OTHERS = 0o077;
const DIR = 0o777;
const FILE = 0o666;

/**
 * A mode without group and other bits; where none was given, Node's own default (0777 for a
 * folder, 0666 for a file) without them.
 * @param {unknown} mode
 * @param {number} fallback
 */
const ownerOnly = (mode, fallback) => (typeof mode === 'number' ? mode : fallback) & ~OTHERS;

/**
 * @param {unknown} options a mode, or options that may name one
 * @param {number} fallback
 */
const withOwnerOnly = (options, fallback) =>
  options && typeof options === 'object'
    ? { ...options, mode: ownerOnly(/** @type {{ mode?: unknown }} */ (options).mode, fallback) }
    : ownerOnly(options, fallback);

const { chmodSync, fchmodSync, mkdirSync, openSync, writeFileSync } = fs;
Object.assign(fs, {
  chmodSync: (/** @type {fs.PathLike} */ path, /** @type {number} */ mode) => chmodSync(path, ownerOnly(mode, FILE)),
  fchmodSync: (/** @type {number} */ fd, /** @type {number} */ mode) => fchmodSync(fd, ownerOnly(mode, FILE)),
  mkdirSync: (/** @type {fs.PathLike} */ path, /** @type {any} */ options) =>
    mkdirSync(path, withOwnerOnly(options, DIR)),
  openSync: (
    /** @type {fs.PathLike} */ path,
    /** @type {fs.OpenMode | undefined} */ flags,
    /** @type {number | undefined} */ mode,
  ) => openSync(path, flags, ownerOnly(mode, FILE)),
  writeFileSync: (/** @type {any} */ file, /** @type {any} */ data, /** @type {any} */ options) =>
    writeFileSync(
      file,
      data,
      typeof options === 'string' ? { encoding: options, mode: FILE & ~OTHERS } : withOwnerOnly(options, FILE),
    ),
});
// PGlite also imports `fs` by name (`import * as fs`): those bindings follow only when told.
syncBuiltinESMExports();
