#!/usr/bin/env node
// Fails when a document names something the code no longer has: a file (a backticked path with an
// extension, or a relative Markdown link) that exists nowhere in the repository, or a backticked
// camelCase name (a function, a constant) that no source file mentions. Docs are read first by
// newcomers, and a name that leads nowhere costs them more than no name. Run by
// apps/api/test/doc-names.test.ts (and so by `npm test`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders that hold no documentation or source of ours: dependencies, builds, data, run output. */
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', '.scratch', 'coverage']);
/** Run output: files a document may name, but neither documentation nor source. */
const RUN_OUTPUT = /^bench\/results\//;
const SOURCE = /\.(ts|tsx|mjs|cjs|js|sql|json|css|html)$/;
const NAMED_FILE = /`([\w./@-]+\.(?:ts|tsx|mjs|cjs|js|json|md|sql|css|html|ya?ml|sh))`/g;
const LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;
const CAMEL_NAME = /`([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)(?:\(\))?`/g;
/**
 * Names a document may give that are not ours: package.json fields, Node's and the platform's own.
 * A name here is one no source file of ours has reason to write.
 */
const NOT_OURS = new Set([
  'sideEffects',
  'writeUtf8String',
  'optionalDependencies',
  'devEngines',
  'allowScripts',
  'bindInject',
]);
/** Files Kettle writes as it runs (a backup's manifest), which a document may name. */
const WRITTEN = new Set(['manifest.json']);
/** Where builds land: a document may name what `npm run build` writes. */
const BUILT = /(^|\/)(dist|data)\//;

/** Every file under `root`, as paths relative to it, skipping the folders above. */
function filesUnder(root) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(relative);
      else if (entry.isFile()) found.push(relative);
    }
  };
  walk('');
  return found;
}

/** Where a line of `text` starts, for messages. */
const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/**
 * The stale names in the documents under `root`: `{ doc, line, name, why }` for each.
 * @param {string} root
 */
export function staleNames(root) {
  const files = filesUnder(root);
  const docs = files.filter((file) => file.endsWith('.md') && !RUN_OUTPUT.test(file));
  const sources = files.filter((file) => SOURCE.test(file) && !RUN_OUTPUT.test(file));
  const words = new Set();
  for (const file of sources) {
    for (const word of readFileSync(path.join(root, file), 'utf8').match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(word);
  }
  const fileExists = (name) =>
    BUILT.test(name) || files.some((file) => file === name || file.endsWith(`/${name.replace(/^\.\//, '')}`));

  const stale = [];
  for (const doc of docs) {
    const text = readFileSync(path.join(root, doc), 'utf8');
    const report = (index, name, why) => stale.push({ doc, line: lineOf(text, index), name, why });
    for (const match of text.matchAll(NAMED_FILE)) {
      const name = match[1];
      if (name.startsWith('../') || name.includes('*') || WRITTEN.has(name)) continue;
      if (!fileExists(name)) report(match.index, name, 'no such file in the repository');
    }
    for (const match of text.matchAll(LINK)) {
      const target = decodeURI(match[1]);
      if (/^[a-z]+:/i.test(target)) continue;
      const resolved = path.normalize(path.join(path.dirname(doc), target));
      if (resolved.startsWith('..')) continue;
      if (!BUILT.test(resolved) && !existsSync(path.join(root, resolved)))
        report(match.index, target, 'the link leads nowhere');
    }
    for (const match of text.matchAll(CAMEL_NAME)) {
      const name = match[1];
      if (!NOT_OURS.has(name) && !words.has(name)) report(match.index, name, 'no source file mentions it');
    }
  }
  return stale;
}

// `node scripts/check-doc-names.mjs [folder]`: the repository's own by default.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const stale = staleNames(root);
  for (const { doc, line, name, why } of stale) process.stderr.write(`${doc}:${line}: \`${name}\`: ${why}\n`);
  if (stale.length > 0) process.exit(1);
  process.stdout.write('check-doc-names: every file and name the documents give exists\n');
}
