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
 * Migrations 0014 and 0017: a vote's rewrite of its tea's row (vote_count) stays on the row's
 * page, so no index of posts (the trigram GIN indexes among them) takes an entry for it. Votes
 * come in bursts on the newest teas, side by side on one page: a vote on each of them, before any
 * old version can be pruned, must still fit. With full pages (no fillfactor), or a fifth free
 * (0014), most of these updates are not HOT and this fails.
 */
it('a vote on every tea of a packed page, all at once, is a HOT update each', async () => {
  const author = await buildUser(app);
  const { categoryId, stateId } = await refs(app);
  await app.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into posts (author_id, title, content, tagged_handle, category_id, state_id, status)
      select ${author.id}, 'A packed tea ' || g, 'Enough content to be a real post body, number ' || g || '.',
        '@packed_' || g, ${categoryId}, ${stateId}, 'approved'
      from generate_series(1, 400) g`);
    const page = rowsOf<{ id: string }>(
      await tx.execute(sql`select id from posts where title like 'A packed tea %'
        and (ctid::text::point)[0] = (select min((ctid::text::point)[0]) from posts where title like 'A packed tea %')`),
    );
    expect(page.length).toBeGreaterThan(4);
    for (const { id } of page) await tx.execute(sql`update posts set vote_count = vote_count + 1 where id = ${id}`);
    const [counts] = rowsOf<{ updated: number | string; hot: number | string }>(
      await tx.execute(sql`select pg_stat_get_xact_tuples_updated('posts'::regclass) as updated,
        pg_stat_get_xact_tuples_hot_updated('posts'::regclass) as hot`),
    );
    expect({ updated: Number(counts?.updated), hot: Number(counts?.hot) }).toEqual({
      updated: page.length,
      hot: page.length,
    });
  });
});
