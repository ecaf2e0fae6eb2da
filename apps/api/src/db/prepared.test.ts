import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { describe, expect, it } from 'vitest';
import { postComment, vote } from '../../test/conversation-kit.js';
import { useTestApp, type TestApp } from '../../test/harness.js';
import { signedIn } from '../../test/posts-kit.js';
import { rowsOf } from '../lib/sql-rows.js';
import { approvedPost, getPosts, unlock } from '../../test/reading-kit.js';

type Runs = { name: string; runs: string };
const NAMED_RUNS = `select name, generic_plans + custom_plans as runs from pg_prepared_statements where name like 'kettle\\_%'`;

/**
 * How often each of Kettle's named statements ran: in the embedded database, or summed over every
 * connection of PostgreSQL's pool (a name belongs to a connection there).
 */
async function namedRuns(app: TestApp): Promise<Map<string, number>> {
  const runs = new Map<string, number>();
  if (app.ctx.database.kind === 'pglite') {
    for (const row of rowsOf<Runs>(await app.ctx.db.execute(sql.raw(NAMED_RUNS)))) runs.set(row.name, Number(row.runs));
    return runs;
  }
  // drizzle keeps node-postgres' pool on `$client`; with none of them busy, this takes each once.
  const pool = (app.ctx.db as unknown as { $client: Pool }).$client;
  const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
  try {
    for (const client of clients) {
      const { rows } = await client.query<Runs>(NAMED_RUNS);
      for (const row of rows) runs.set(row.name, (runs.get(row.name) ?? 0) + Number(row.runs));
    }
  } finally {
    for (const client of clients) client.release();
  }
  return runs;
}

describe('the hot statements run by name (issue 13: parsed once per connection or database, then bound)', () => {
  let app: TestApp;
  useTestApp(
    (made) => {
      app = made;
    },
    // Periodic sweeps would use connections of their own.
    { build: { sweeps: false } },
  );

  it('each spend and the signed-in list run their statement by name, once a request', async () => {
    const author = await signedIn(app);
    const reader = await signedIn(app, { coins: 1_000 });
    const teas = [];
    for (let i = 0; i < 3; i += 1) teas.push(await approvedPost(app, author.user.id));
    const before = await namedRuns(app);
    for (const tea of teas) {
      expect((await unlock(app, reader.auth, tea.id)).statusCode).toBe(200);
      expect((await vote(app, reader.auth, tea.id)).statusCode).toBe(200);
      expect((await postComment(app, reader.auth, tea.id, { content: 'Steeped.' })).statusCode).toBe(201);
      expect((await getPosts(app, '', reader.auth)).statusCode).toBe(200);
    }
    const after = await namedRuns(app);
    const ran = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    expect(ran('kettle_unlocks')).toBe(3);
    expect(ran('kettle_votes')).toBe(3);
    expect(ran('kettle_comments')).toBe(3);
    expect(ran('kettle_readers_of_pages')).toBe(3);
  });

  it("a search page reads its cards' categories, states and images by name, once a page", async () => {
    const author = await signedIn(app);
    await approvedPost(app, author.user.id, { title: 'Steeped in the morning' });
    const before = await namedRuns(app);
    for (let i = 0; i < 3; i += 1) {
      const page = await getPosts(app, '?search=steeped');
      expect(page.json()).toMatchObject({ data: [{ title: 'Steeped in the morning' }] });
    }
    const after = await namedRuns(app);
    expect((after.get('kettle_read_context') ?? 0) - (before.get('kettle_read_context') ?? 0)).toBe(3);
  });
});
