import { postCardListSchema, postCardSchema, type PostCard, type PostListQuery } from '@kettle/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { namedStatement } from '../../../db/prepared.js';
import { postUnlocks, users } from '../../../db/schema.js';
import { isUuid } from '../../../lib/ids.js';
import { parsedPages } from '../../../lib/page-cache.js';
import { serialBatches, type SerialBatches } from '../../../lib/serial-batches.js';
import { rowsOf } from '../../../lib/sql-rows.js';
import { usableAccount } from '../../../plugins/authenticate.js';
import { actorIsAdmin } from '../../users/actor.js';
import { findListPage } from './public-posts.service.js';
import { toPostCard } from './public-posts.presenter.js';
import { opensTo } from '../access/rule.js';
import { loadReadContext } from './read-context.js';

/**
 * A page of the list (no search) as the page cache keeps it for signed-in readers (docs/performance.md
 * P3): every card in both forms, locked as a visitor sees it and open as its author, an admin or
 * an unlocker sees it, each already the JSON text the route's response schema writes, and who
 * wrote each. The list's membership and order are the same for every reader, so one page serves
 * them all; a reader's answer is those texts joined, so no card is encoded again per request.
 */
type ReaderPage = { ids: string[]; authorIds: string[]; locked: string[]; open: string[]; metadata: string };

const cardText = (card: PostCard) => JSON.stringify(postCardSchema.encode(card));

/** The page, as the text the page cache keeps. */
export async function buildReaderPage(ctx: AppContext, query: PostListQuery): Promise<string> {
  const { rows, metadata } = await findListPage(ctx, null, query);
  const locked = await loadReadContext(ctx.db, rows, null, ctx.secret);
  // SECURITY: the open forms stay on the server; readerListText hands each one only to a reader it
  // is open to, by the rule toPostCard applies (access/rule.ts opensTo).
  const opened = { ...locked, unlocked: new Set(rows.map((row) => row.id)) };
  const page: ReaderPage = {
    ids: rows.map((row) => row.id),
    authorIds: rows.map((row) => row.authorId),
    locked: rows.map((row) => cardText(toPostCard(row, locked))),
    open: rows.map((row) => cardText(toPostCard(row, opened))),
    metadata: JSON.stringify(postCardListSchema.shape.metadata.encode(metadata)),
  };
  return JSON.stringify(page);
}

const readerPage = parsedPages<ReaderPage>(256);

/** What the list needs of a reader on a page: whether they may read, and what is open to them. */
type ReaderOnPage = { isActive: boolean; actsAsAdmin: boolean; unlocked: string };

/**
 * Each reader asking with which of their page's teas they unlocked, for every reader asking at
 * once: `q.n` is a reader's place in the arrays, so each row goes back to the request that asked.
 * A reader's page is its ids joined with commas (the arrays of a batch differ in length). An
 * admin acts as one only as actingAs lets them (actorIsAdmin: two-factor where required).
 */
const readersOfPages = namedStatement(
  'kettle_readers_of_pages',
  sql`
    select q.n::int as n, actor.is_active, ${actorIsAdmin} as acts_as_admin,
      coalesce((
        select string_agg(pu.post_id::text, ',') from ${postUnlocks} pu
        where pu.user_id = actor.id and pu.post_id = any(string_to_array(q.page, ',')::uuid[])
      ), '') as unlocked
    from unnest(${sql.placeholder('readers')}::uuid[], ${sql.placeholder('pages')}::text[])
      with ordinality as q(reader, page, n)
    join ${users} actor on actor.id = q.reader`,
);

type Asking = { readerId: string; ids: readonly string[] };

/**
 * The readers of one app asking within one turn of the event loop, read in one statement: under
 * load every signed-in list paid a round trip of its own to the database, and sending it (the
 * write to the socket, the database's wake-up) was a fifth of the server's time (docs/performance.md
 * P3). A request waits at most until the loop's check phase, after the requests that arrived with it.
 */
const askingAtOnce = new WeakMap<AppContext, SerialBatches<Asking, ReaderOnPage | undefined>>();

function readerBatches(ctx: AppContext): SerialBatches<Asking, ReaderOnPage | undefined> {
  let batches = askingAtOnce.get(ctx);
  if (!batches) {
    batches = serialBatches({
      send: async (asking) => {
        const result = await readersOfPages(ctx.db, {
          readers: asking.map((a) => a.readerId),
          pages: asking.map((a) => a.ids.join(',')),
          adminsNeedTwoFactor: ctx.config.isProduction,
        });
        const found = new Map<number, ReaderOnPage>();
        for (const row of rowsOf<{ n: number; is_active: boolean; acts_as_admin: boolean; unlocked: string }>(result))
          found.set(row.n, { isActive: row.is_active, actsAsAdmin: row.acts_as_admin, unlocked: row.unlocked });
        // A reader with no row has no account any more: usableAccount refuses them alone.
        return asking.map((_, index) => found.get(index + 1));
      },
      // A read holds nothing, and nothing is kept between batches: an account or an unlock may
      // change at any moment. Each turn's readers go at once, whatever is out.
      holds: () => [],
      max: 100,
      out: Number.POSITIVE_INFINITY,
    });
    askingAtOnce.set(ctx, batches);
  }
  return batches;
}

/**
 * The list as the reader `readerId` (a checked token's subject) reads it, as the JSON text the
 * route's schema would write for it. Their account is read with their unlocks, and refused as
 * every signed-in call refuses it (usableAccount) when it is gone or deactivated.
 */
export async function readerListText(ctx: AppContext, readerId: string, kept: string): Promise<string> {
  const { ids, authorIds, locked, open, metadata } = readerPage(kept);
  // Only this server signs the subject, but one that is no uuid would fail the whole batch's cast.
  const asked = isUuid(readerId) ? await readerBatches(ctx)({ readerId, ids }) : undefined;
  const reader = usableAccount(asked);
  const unlocked = new Set(reader.unlocked.split(','));
  const viewer = { id: readerId, isAdmin: reader.actsAsAdmin };
  // A page holds published teas only (findListPage), so each is seen; the rule says which form.
  const cards = ids.map((id, index) =>
    opensTo(viewer, { authorId: authorIds[index] ?? '', status: 'approved' }, unlocked.has(id))
      ? open[index]
      : locked[index],
  );
  return `{"data":[${cards.join(',')}],"metadata":${metadata}}`;
}
