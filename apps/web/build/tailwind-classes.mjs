// The Tailwind class names written in apps/web/src: every word of every string literal that
// looks like a class. Shared by the tailwind-merge config generator and its test.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

const STRING = /'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g;
const CLASS_LIKE = /^[a-z0-9:./_%#()[\]!,=&>*-]+$/;

/** @returns {string[]} the sorted class-like words of every non-test .ts/.tsx file under src */
export function sourceClassNames(dir = SRC) {
  const names = new Set();
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      // Tests and the generated tailwind-merge config (group ids, not classes) say nothing.
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|^tw-merge-config\.ts$/.test(entry.name)) {
        for (const match of readFileSync(full, 'utf8').matchAll(STRING)) {
          for (const word of (match[1] ?? match[2] ?? match[3] ?? '').split(/\s+/)) {
            if (CLASS_LIKE.test(word) && /[a-z]/.test(word) && !/^[/.@]/.test(word)) names.add(word);
          }
        }
      }
    }
  };
  walk(dir);
  return [...names].sort();
}

const DIST_ASSETS = path.resolve(SRC, '..', 'dist', 'assets');
const CSS_CLASS = /\.(-?(?:[A-Za-z_]|\\.)(?:\\.|[A-Za-z0-9_-])*)/g;

/** @returns {string[]} the class names of the built stylesheet: the utilities Tailwind generated */
export function builtClassNames() {
  if (!existsSync(DIST_ASSETS)) throw new Error(`${DIST_ASSETS} is missing: build the web app first`);
  const names = new Set();
  for (const file of readdirSync(DIST_ASSETS).filter((f) => f.endsWith('.css'))) {
    for (const match of readFileSync(path.join(DIST_ASSETS, file), 'utf8').matchAll(CSS_CLASS)) {
      names.add(match[1].replace(/\\(.)/g, '$1'));
    }
  }
  return [...names].sort();
}
