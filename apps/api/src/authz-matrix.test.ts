/**
 * The authorization matrix (issue 15, reliability plan Z1). Every route of the app, read from
 * Fastify's route table at run time, is called by every role (visitor, unverified, user A, user B,
 * suspended, deactivated, admin) on every target its path can name (own, own pending, other's,
 * other's pending, a missing id), and each answer, reduced to an outcome class, must equal the
 * cell of test/authz-matrix.md. A route missing from the file, or a row whose route is gone,
 * fails the test: a new route gets its authorization read by a person before it ships. A few rules
 * (ruleBreaks) are checked on the measured answers themselves, so no regeneration can bless an
 * admin route open to members, another member's object handed out, or a suspension let through.
 *
 * After a deliberate change, regenerate the file and read the diff before committing it:
 *   AUTHZ_MATRIX_WRITE=1 npx vitest run --project api src/authz-matrix.test.ts
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import {
  buildWorld,
  callCell,
  outcomeOf,
  ROLES,
  routeTable,
  targetsOf,
  type Role,
  type World,
} from '../test/authz-kit.js';
import { useTestApp, type TestApp } from '../test/harness.js';

const FILE = fileURLToPath(new URL('../test/authz-matrix.md', import.meta.url));
const WRITE = process.env.AUTHZ_MATRIX_WRITE === '1';

let app: TestApp;
// The worlds' comments and reports are inserted without their charges, so the spend-to-charge
// checks are off; balances still must match their ledgers after every cell.
useTestApp(
  (made) => {
    app = made;
  },
  { invariants: { spends: false } },
);

type Row = { route: string; target: string; cells: Record<Role, string> };

async function measure(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const route of routeTable(app)) {
    // A read changes nothing, so its cells share one world; any other call gets a fresh one per
    // role, so that deleting an account or emptying a pot never decides a later cell's answer
    // (a role's targets are distinct objects).
    const shared: World | undefined = route.method === 'GET' ? await buildWorld(app) : undefined;
    const byTarget = new Map<string, Row>();
    for (const role of ROLES) {
      const world = shared ?? (await buildWorld(app));
      for (const target of targetsOf(route, role)) {
        const res = await callCell(app, world, route, role, target);
        let row = byTarget.get(target);
        if (!row) {
          row = { route: `${route.method} ${route.path}`, target, cells: {} as Record<Role, string> };
          byTarget.set(target, row);
        }
        row.cells[role] = outcomeOf(res.statusCode);
      }
    }
    rows.push(...[...byTarget.values()].sort((a, b) => TARGETS.indexOf(a.target) - TARGETS.indexOf(b.target)));
  }
  return rows;
}

const HEADER = ['route', 'target', ...ROLES];
const TARGETS = ['none', 'own', 'own-pending', 'other', 'other-pending', 'existing', 'missing'];

function render(rows: Row[]): string {
  const table = [HEADER, ...rows.map((r) => [r.route, r.target, ...ROLES.map((role) => r.cells[role] ?? '·')])];
  const widths = HEADER.map((_, i) => Math.max(...table.map((cells) => (cells[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [
    '# Authorization matrix (issue 15, Z1)',
    '',
    'Written by `AUTHZ_MATRIX_WRITE=1 npx vitest run --project api src/authz-matrix.test.ts`; checked',
    'cell by cell by `apps/api/src/authz-matrix.test.ts`. Targets: `own` / `own-pending` = an object of',
    "the caller's own (a pending tea for `-pending`), `other` / `other-pending` = user A's (user B's when",
    'A calls), `existing` = a shared object (category, state), `missing` = an id that names nothing,',
    '`none` = the route names no object. Outcomes: `ok` = 2xx, `4xx-input` = 400/422 (the call got past',
    'authorization and its empty or minimal body was judged), otherwise the status; `·` = no such cell.',
    '',
    line(HEADER),
    line(HEADER.map(() => '-')).replace(/ /g, '-'),
    ...table.slice(1).map(line),
    '',
  ].join('\n');
}

function cellsOf(rows: Row[]): Map<string, string> {
  const cells = new Map<string, string>();
  for (const row of rows)
    for (const role of ROLES) cells.set(`${row.route} | ${row.target} | ${role}`, row.cells[role] ?? '·');
  return cells;
}

function parse(text: string): Row[] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| route '))
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    )
    .map(([route = '', target = '', ...outcomes]) => ({
      route,
      target,
      cells: Object.fromEntries(ROLES.map((role, i) => [role, outcomes[i] ?? '·'])) as Record<Role, string>,
    }));
}

// Rules no regeneration may bless: checked on the measured matrix itself, not on the file.
const ADMIN_ONLY = /\/admin\/|^GET \/dev\/|^GET \/metrics|^GET \/api\/v1\/company\/all/;
// What a member may do to another's published tea or to another member; nothing of another's pending.
const PUBLIC_ON_OTHERS = new Set([
  'GET /api/v1/posts/:id | other',
  'GET /api/v1/posts/:id/comments | other',
  'GET /api/v1/posts/:id/events | other',
  'POST /api/v1/posts/:id/comments | other',
  'POST /api/v1/posts/:id/vote | other',
  'POST /api/v1/posts/:id/unlock | other',
  'POST /api/v1/posts/:id/report | other',
  'POST /api/v1/comments/:id/report | other',
  // The caller's own report about someone's tea (null when none).
  'GET /api/v1/posts/:id/my-report | other',
  'GET /api/v1/posts/:id/my-report | other-pending',
  'DELETE /api/v1/users/me/blocks/:userId | other',
]);
// product.md, enforcement: what a suspension stops.
const SUSPENDED_STOPS =
  /^(POST|DELETE) \/api\/v1\/(posts|posts\/reversal|posts\/:id\/(unlock|vote|comments|report|empty-pot)|comments\/:id\/report)$/;

function ruleBreaks(rows: Row[]): string[] {
  const breaks: string[] = [];
  for (const { route, target, cells } of rows) {
    for (const role of ROLES) {
      if (cells[role] !== 'ok') continue;
      const cell = `${route} | ${target} | ${role}`;
      if (role !== 'admin' && ADMIN_ONLY.test(route)) breaks.push(`${cell}: admin-only route answered ok`);
      if (role !== 'admin' && target.startsWith('other') && !PUBLIC_ON_OTHERS.has(`${route} | ${target}`)) {
        breaks.push(`${cell}: another member's object answered ok`);
      }
      if (role === 'suspended' && SUSPENDED_STOPS.test(route)) breaks.push(`${cell}: a suspended account got through`);
      if (role === 'deactivated' && cells.visitor !== 'ok') breaks.push(`${cell}: deactivated did more than a visitor`);
    }
  }
  return breaks;
}

test('every route × role × target answers what authz-matrix.md says', async () => {
  const actual = await measure();
  const breaks = ruleBreaks(actual);
  expect.soft(breaks, `authorization rules broken:\n${breaks.join('\n')}`).toEqual([]);
  if (WRITE) writeFileSync(FILE, render(actual));
  expect(existsSync(FILE), `${FILE} is missing: run with AUTHZ_MATRIX_WRITE=1`).toBe(true);
  const expected = parse(readFileSync(FILE, 'utf8'));

  const routesNow = new Set(actual.map((r) => r.route));
  const routesInFile = new Set(expected.map((r) => r.route));
  const unlisted = [...routesNow].filter((r) => !routesInFile.has(r));
  const gone = [...routesInFile].filter((r) => !routesNow.has(r));
  expect.soft(unlisted, 'routes with no row in authz-matrix.md (add them: AUTHZ_MATRIX_WRITE=1)').toEqual([]);
  expect.soft(gone, 'rows of authz-matrix.md whose route no longer exists').toEqual([]);

  // Cell by cell, on the routes both sides know (the lists above name the others).
  const want = cellsOf(expected.filter((r) => routesNow.has(r.route)));
  const got = cellsOf(actual.filter((r) => routesInFile.has(r.route)));
  const diff = [...new Set([...want.keys(), ...got.keys()])]
    .filter((key) => want.get(key) !== got.get(key))
    .map((key) => `${key}: expected ${want.get(key) ?? '(no cell)'}, got ${got.get(key) ?? '(no cell)'}`);
  expect(diff, `cells differing from authz-matrix.md:\n${diff.join('\n')}`).toEqual([]);
  // Every cell is an answer the route gave: none may be a crash.
  const all = cellsOf(actual);
  expect([...all.entries()].filter(([, outcome]) => outcome.startsWith('5'))).toEqual([]);
  console.info(`authz matrix: ${[...all.values()].filter((o) => o !== '·').length} cells checked`);
}, 600_000);
