import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildUser } from '../../test/factories.js';
import { useTestApp, type TestApp } from '../../test/harness.js';
import { refs } from '../../test/posts-kit.js';
import { rowsOf } from '../lib/sql-rows.js';

let app: TestApp;
useTestApp((made) => {
  app = made;
});

/**
 * Migration 0014: a vote's rewrite of its tea's row (vote_count) stays on the row's page, so no
 * index of posts (the trigram GIN indexes among them) takes an entry for it. With full pages, as
 * bulk inserts leave them without a fillfactor, the same update is not HOT and this fails.
 */
it('a vote count update of a tea on a packed page is a HOT update', async () => {
  const author = await buildUser(app);
  const { categoryId, stateId } = await refs(app);
  await app.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into posts (author_id, title, content, tagged_handle, category_id, state_id, status)
      select ${author.id}, 'A packed tea ' || g, 'Enough content to be a real post body, number ' || g || '.',
        '@packed_' || g, ${categoryId}, ${stateId}, 'approved'
      from generate_series(1, 400) g`);
    const [first] = rowsOf<{ id: string }>(
      await tx.execute(sql`select id from posts where title like 'A packed tea %' order by ctid limit 1`),
    );
    await tx.execute(sql`update posts set vote_count = vote_count + 1 where id = ${first?.id}`);
    const [counts] = rowsOf<{ updated: number | string; hot: number | string }>(
      await tx.execute(sql`select pg_stat_get_xact_tuples_updated('posts'::regclass) as updated,
        pg_stat_get_xact_tuples_hot_updated('posts'::regclass) as hot`),
    );
    expect({ updated: Number(counts?.updated), hot: Number(counts?.hot) }).toEqual({ updated: 1, hot: 1 });
  });
});
