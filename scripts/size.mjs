#!/usr/bin/env node
// `npm run size`: gzip sizes of every JS chunk of the web build, the first-load set of `/`, and
// the budgets of goal F1 (docs/performance.md). Exits 1 over a budget.
//
// First load of `/` = the scripts and modulepreload links of index.html, plus the home route's
// chunk and everything it imports statically (what the router fetches before the first cards).
// Builds the web app first when there is no build, or with --build.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { heading, npm, ROOT, run } from './lib/run.mjs';

const DIST = path.join(ROOT, 'apps', 'web', 'dist');
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');
/** The route `/` renders; when lazy, its chunk loads before the first cards. */
const HOME_ROUTE = 'src/features/posts/pages/home-page.tsx';
const BUDGET = { firstLoadKB: 120, lazyChunkKB: 30, firstLoadRequests: 10 };

const kb = (bytes) => bytes / 1024;
const fmt = (bytes) => `${kb(bytes).toFixed(1).padStart(7)} KB`;

if (process.argv.includes('--build') || !existsSync(MANIFEST)) {
  heading('Building the web app');
  const { command, prefix } = npm();
  const code = await run(command, [...prefix, 'run', 'build', '-w', '@kettle/web']);
  if (code !== 0) process.exit(code);
}

/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[] }>} */
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
const gzipCache = new Map();
/** @param {string} file a path under dist */
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** The manifest keys `key` needs before it runs (itself and its static imports, transitively). */
function staticClosure(key, into = new Set()) {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(dep, into);
  return into;
}

// What index.html asks for up front: its module scripts and modulepreload links.
const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
const htmlScripts = [
  ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g),
].map((m) => m[1]);
const fileToKey = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
const firstLoadKeys = new Set();
for (const file of htmlScripts) {
  const key = fileToKey.get(file);
  if (key) staticClosure(key, firstLoadKeys);
}
// A lazy home route has its own manifest entry; an eager one is inside the entry chunk already.
if (manifest[HOME_ROUTE]) staticClosure(HOME_ROUTE, firstLoadKeys);
const firstLoadFiles = new Set([...firstLoadKeys].map((key) => manifest[key].file));
for (const file of htmlScripts) firstLoadFiles.add(file);

const chunks = [...new Set(Object.values(manifest).map((chunk) => chunk.file))]
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, gzip: gzipSize(file), first: firstLoadFiles.has(file) }))
  .sort((a, b) => b.gzip - a.gzip);

process.stdout.write(`\nJS chunks of apps/web/dist (gzip -9), * = first load of /\n`);
// Shared chunks are named by their hash alone (vite.config.ts); the manifest knows their source.
const sourceOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, chunk.src ?? chunk.name ?? key]));
for (const chunk of chunks) {
  process.stdout.write(`${fmt(chunk.gzip)}  ${chunk.first ? '*' : ' '} ${chunk.file}  ${sourceOf.get(chunk.file)}\n`);
}

const firstLoad = [...firstLoadFiles].reduce((sum, file) => sum + gzipSize(file), 0);
const total = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
process.stdout.write(
  `\nFirst load of /: ${kb(firstLoad).toFixed(1)} KB gzip in ${firstLoadFiles.size} JS requests ` +
    `(budget ${BUDGET.firstLoadKB} KB, ${BUDGET.firstLoadRequests} requests)\n` +
    `All JS: ${kb(total).toFixed(1)} KB gzip in ${chunks.length} chunks\n`,
);

const failures = [];
if (kb(firstLoad) > BUDGET.firstLoadKB) {
  failures.push(`first load of / is ${kb(firstLoad).toFixed(1)} KB gzip (budget ${BUDGET.firstLoadKB} KB)`);
}
if (firstLoadFiles.size > BUDGET.firstLoadRequests) {
  failures.push(`first load of / takes ${firstLoadFiles.size} JS requests (budget ${BUDGET.firstLoadRequests})`);
}
for (const chunk of chunks) {
  if (!chunk.first && kb(chunk.gzip) > BUDGET.lazyChunkKB) {
    failures.push(`lazy chunk ${chunk.file} is ${kb(chunk.gzip).toFixed(1)} KB gzip (budget ${BUDGET.lazyChunkKB} KB)`);
  }
}
if (failures.length > 0) {
  process.stderr.write(`\nOver budget:\n  ${failures.join('\n  ')}\n`);
  process.exit(1);
}
process.stdout.write('Within budget.\n');
