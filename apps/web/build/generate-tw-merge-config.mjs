#!/usr/bin/env node
// Writes src/lib/tw-merge-config.ts: a tailwind-merge config that lists, for each class group the
// app touches, exactly the class names Tailwind generated for it (read from apps/web/dist's CSS,
// so build first). No scales, no validators, no theme: the full default config is ~6 KB gzip of
// the first load (goal F1), this one ~2 KB, and the merge engine is unchanged.
// src/lib/cn.test.ts checks that `cn` merges every pair of the app's class names exactly as the
// full twMerge does; when it fails after new classes were written, run
// `node apps/web/build/generate-tw-merge-config.mjs`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';
import { builtClassNames, SRC } from './tailwind-classes.mjs';

const full = getDefaultConfig();

/** tailwind-merge configured with only the given class groups. */
const mergeWith = (classGroups) =>
  createTailwindMerge(() => ({ ...full, classGroups, conflictingClassGroups: {}, conflictingClassGroupModifiers: {} }));

/** `md:hover:!-mt-2` → `-mt-2`: groups hold utilities; variants and `!` are the engine's business. */
function utility(name) {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < name.length; i += 1) {
    if (name[i] === '[' || name[i] === '(') depth += 1;
    else if (name[i] === ']' || name[i] === ')') depth -= 1;
    else if (name[i] === ':' && depth === 0) start = i + 1;
  }
  return name.slice(start).replace(/^!|!$/g, '');
}

// Arbitrary properties ([mask-type:x]) merge with no group at all: they say nothing about groups.
const noGroups = mergeWith({});
const utilities = [...new Set(builtClassNames().map(utility))].filter((name) => noGroups(`${name} ${name}`) !== name);

const groupOf = new Map(Object.keys(full.classGroups).map((id) => [id, mergeWith({ [id]: full.classGroups[id] })]));
/** Does `name` belong to class group `id`? With only that group configured, `x x` merges to `x`. */
const inGroup = (id, name) => groupOf.get(id)(`${name} ${name}`) === name;

// In isolation a group may claim names the full config gives to another (text-color's `isAny`
// takes `text-sm` from font-size). The full engine decides: give it one extra group holding a
// marker class, in conflict with group `id` only; `marker name` keeps only `name` exactly when the
// full config puts `name` in `id`.
const MARKER = 'zz-group-marker';
const claimedBy = new Map();
function fullEngineSays(id, name) {
  if (!claimedBy.has(id)) {
    claimedBy.set(
      id,
      createTailwindMerge(() => ({
        ...full,
        classGroups: { ...full.classGroups, marker: [MARKER] },
        conflictingClassGroups: { [id]: ['marker'] },
        conflictingClassGroupModifiers: {},
      })),
    );
  }
  return claimedBy.get(id)(`${MARKER} ${name}`) === name;
}
/** The group the full config gives `name`; undefined when it knows no such utility (`dark`). */
function groupOfName(name) {
  const ids = Object.keys(full.classGroups).filter((id) => inGroup(id, name) && fullEngineSays(id, name));
  if (ids.length > 1) throw new Error(`Two class groups claim ${name}: ${ids.join(', ')}`);
  return ids[0];
}

/** Group id → the app's class names in it. A negative value is the positive one to the engine. */
const classGroups = {};
for (const name of utilities) {
  const id = groupOfName(name);
  if (id === undefined) continue;
  (classGroups[id] ??= new Set()).add(name.replace(/^-/, ''));
}

/**
 * ['size-4', 'size-full', 'flex'] → ['flex', { size: ['4', 'full'] }]: tailwind-merge reads a key
 * as the class-name part before '-', so shared prefixes are written once.
 */
function nest(names) {
  const byHead = new Map();
  for (const name of names) {
    const cut = name.indexOf('-');
    const head = cut > 0 && !name.slice(0, cut).includes('[') ? name.slice(0, cut) : name;
    const rest = head === name ? '' : name.slice(cut + 1);
    byHead.set(head, [...(byHead.get(head) ?? []), rest]);
  }
  return [...byHead]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([head, rests]) =>
      rests.length === 1 && rests[0] === ''
        ? head
        : rests.length === 1
          ? `${head}-${rests[0]}`
          : { [head]: nest(rests.sort()) },
    );
}
for (const id of Object.keys(classGroups)) classGroups[id] = nest([...classGroups[id]]);
const kept = new Set(Object.keys(classGroups));

const pick = (record) =>
  Object.fromEntries(
    Object.entries(record)
      .filter(([id]) => kept.has(id))
      .map(([id, list]) => [id, list.filter((other) => kept.has(other))])
      .filter(([, list]) => list.length > 0),
  );

// The engine only compares group ids, never reads them: short ones keep the first load small.
const shortIds = new Map([...kept].map((id, index) => [id, index.toString(36)]));
const short = (id) => shortIds.get(id);
const renameKeys = (record) => Object.fromEntries(Object.entries(record).map(([id, value]) => [short(id), value]));
const renameAll = (record) =>
  Object.fromEntries(Object.entries(record).map(([id, others]) => [short(id), others.map(short)]));

const config = {
  cacheSize: full.cacheSize,
  theme: {},
  classGroups: renameKeys(classGroups),
  conflictingClassGroups: renameAll(pick(full.conflictingClassGroups)),
  conflictingClassGroupModifiers: renameAll(pick(full.conflictingClassGroupModifiers)),
  orderSensitiveModifiers: full.orderSensitiveModifiers,
};

const out = path.join(SRC, 'lib', 'tw-merge-config.ts');
writeFileSync(
  out,
  `// Generated by apps/web/build/generate-tw-merge-config.mjs: do not edit by hand.
// The app's ${utilities.length} Tailwind class names in their ${kept.size} tailwind-merge class groups.
// prettier-ignore
import type { Config, DefaultClassGroupIds, DefaultThemeGroupIds } from 'tailwind-merge';

// prettier-ignore
export const twMergeConfig = (): Config<DefaultClassGroupIds, DefaultThemeGroupIds> =>
  (${JSON.stringify(config)}) as unknown as Config<DefaultClassGroupIds, DefaultThemeGroupIds>;
`,
);
process.stdout.write(
  `Wrote ${path.relative(process.cwd(), out)}: ${kept.size} class groups for ${utilities.length} class names\n`,
);
