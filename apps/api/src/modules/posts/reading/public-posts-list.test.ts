import type { PostCardList } from '@kettle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { buildPost, signedIn } from '../../../../test/posts-kit.js';
import { categories, states } from '../../../db/schema.js';
import { approvedPost, getPosts, listIds, minutesAgo } from '../../../../test/reading-kit.js';

let app: TestApp;
type Ref = { id: string; name: string };
type StateRef = Ref & { code: string };
let cats: Ref[];
let sts: StateRef[];
type Seeded = {
  id: string;
  cat: number;
  st: number;
  kettle: boolean;
  brewing: boolean;
  alpha: boolean;
  handle: string;
};
const seeded: Seeded[] = [];

beforeAll(async () => {
  // Hundreds of anonymous searches from one address: the per-address limit has its own test.
  app = await createTestApp({ env: { SEARCH_LIMIT_PER_MINUTE: '100000' } });
  cats = await app.ctx.db.select({ id: categories.id, name: categories.name }).from(categories).limit(3);
  sts = await app.ctx.db.select({ id: states.id, name: states.name, code: states.code }).from(states).limit(3);
  const { user } = await signedIn(app);
  for (let i = 0; i < 24; i += 1) {
    const cat = i % 2;
    const st = Math.floor(i / 2) % 2;
    const alpha = i % 5 === 0;
    const item = {
      cat,
      st,
      kettle: i % 3 === 0,
      brewing: i % 4 === 0,
      alpha,
      handle: alpha ? `@Alpha_${i}` : `@beta_${i}`,
    };
    const row = await approvedPost(app, user.id, {
      categoryId: cats[cat]?.id,
      stateId: sts[st]?.id,
      title: `Tea number ${i}${item.kettle ? ' about the Kettle' : ''}`,
      content: `Plain words for post ${i}.${item.brewing ? ' Something is BREWING here.' : ''}`,
      taggedHandle: item.handle,
      createdAt: minutesAgo(100 - i),
    });
    seeded.push({ id: row.id, ...item });
  }
  // Unpublished posts that match every filter must never show.
  for (const status of ['pending', 'rejected'] as const) {
    await buildPost(app, user.id, {
      status,
      categoryId: cats[0]?.id,
      stateId: sts[0]?.id,
      title: 'Kettle brewing alpha',
      content: 'Kettle brewing alpha everywhere.',
      taggedHandle: '@alpha_hidden',
    });
  }
});
afterAll(() => app.teardown());

const newestFirst = (rows: Seeded[]) => [...rows].reverse().map((row) => row.id);

describe('GET /api/v1/posts/ filters and search', () => {
  it('returns exactly the matching approved posts for every category × state × text × handle combination', async () => {
    const catFilters: Array<[string, (s: Seeded) => boolean]> = [
      ['', () => true],
      [`category_id=${cats[0]?.id}`, (s) => s.cat === 0],
      [`category=${encodeURIComponent(cats[1]?.name ?? '')}`, (s) => s.cat === 1],
    ];
    const stateFilters: Array<[string, (s: Seeded) => boolean]> = [
      ['', () => true],
      [`state_id=${sts[1]?.id}`, (s) => s.st === 1],
      [`state=${sts[0]?.code.toLowerCase()}`, (s) => s.st === 0],
      [`state=${encodeURIComponent(sts[1]?.name.toUpperCase() ?? '')}`, (s) => s.st === 1],
    ];
    const searches: Array<[string, (s: Seeded) => boolean]> = [
      ['', () => true],
      ['search=kettle', (s) => s.kettle],
      ['search=brewing', (s) => s.brewing],
      // A handle matches only whole, in any case, with or without '@'; never a fragment of it.
      ['search=%40ALPHA_10', (s) => s.handle === '@Alpha_10'],
      ['search=alpha_15', (s) => s.handle === '@Alpha_15'],
      ['search=%40ALPHA', () => false],
      ['search=alpha_1', () => false],
      ['search=%20%20', () => true],
    ];
    for (const [c, cp] of catFilters) {
      for (const [st, sp] of stateFilters) {
        for (const [q, qp] of searches) {
          const query = `?limit=100&${[c, st, q].filter(Boolean).join('&')}`;
          const expected = newestFirst(seeded.filter((s) => cp(s) && sp(s) && qp(s)));
          expect(await listIds(app, query), query).toEqual(expected);
        }
      }
    }
  });

  it('reports the exact total with filters and when browsing', async () => {
    const body = (await getPosts(app, `?category_id=${cats[0]?.id}&limit=3`)).json<PostCardList>();
    expect(body.metadata).toEqual({ total_elements: 12, skip: 0, limit: 3, total_capped: false });
    expect(body.data).toHaveLength(3);
    const searched = (await getPosts(app, '?search=kettle&limit=2')).json<PostCardList>();
    expect(searched.metadata).toEqual({ total_elements: 8, skip: 0, limit: 2, total_capped: false });
  });

  it('answers an empty list for an unknown category or state name, not an error', async () => {
    for (const query of ['?category=No%20Such%20Thing', '?state=ZZ', '?state=Atlantis', '?search=nothing-like-this']) {
      const res = await getPosts(app, query);
      expect(res.statusCode, query).toBe(200);
      expect(res.json<PostCardList>()).toMatchObject({ data: [], metadata: { total_elements: 0 } });
    }
  });

  it('treats % and _ in a search as literal characters', async () => {
    const { user } = await signedIn(app);
    const literal = await approvedPost(app, user.id, { title: 'Odd 50%_off sale', stateId: sts[2]?.id });
    await approvedPost(app, user.id, { title: 'Odd 50xxoff sale', stateId: sts[2]?.id });
    expect(await listIds(app, '?search=50%25_off')).toEqual([literal.id]);
    expect(await listIds(app, `?search=50%25&state_id=${sts[2]?.id}`)).toEqual([literal.id]);
  });

  it('matches a term without three letters or digits in a row by whole words, taken literally', async () => {
    const { user } = await signedIn(app);
    const stateId = sts[2]?.id;
    const quokka = await approvedPost(app, user.id, { title: 'Quokka seen in LA', stateId });
    await approvedPost(app, user.id, { title: 'Big aquarium in Dallas', stateId });
    await buildPost(app, user.id, { status: 'pending', title: 'Quokka in LA again', stateId });
    const inState = (term: string) => listIds(app, `?state_id=${stateId}&search=${encodeURIComponent(term)}`);
    expect(await inState('la')).toEqual([quokka.id]);
    expect(await inState('In LA')).toEqual([quokka.id]);
    // 'qu' and 'la' inside longer words are no match; 'LA.' is not in either title as written.
    expect(await inState('qu')).toEqual([]);
    expect(await inState('LA.')).toEqual([]);
  });

  it('folds the case of letters beyond ASCII in a short term too', async () => {
    // An ASCII term is checked under the "C" collation (ascii-match.ts); this one must not be.
    const { user } = await signedIn(app);
    const stateId = sts[2]?.id;
    const cava = await approvedPost(app, user.id, { title: 'ÇA VA, said the barista', stateId });
    await approvedPost(app, user.id, { title: 'Casa va bene', stateId });
    expect(await listIds(app, `?state_id=${stateId}&search=${encodeURIComponent('ça')}`)).toEqual([cava.id]);
  });

  it('validates the query: limit 1..100, skip ≥ 0, and a skip past 1000 is 422 with a clear message', async () => {
    for (const query of ['?limit=0', '?limit=101', '?skip=-1', '?category_id=nope', `?search=${'x'.repeat(101)}`]) {
      expect((await getPosts(app, query)).statusCode, query).toBe(422);
    }
    const far = await getPosts(app, '?skip=1001');
    expect(far.statusCode).toBe(422);
    expect(far.json<{ detail: string }>().detail).toBe('Page is too far. Narrow your search or filters.');
    expect((await getPosts(app, '?skip=1000')).statusCode).toBe(200);
    expect((await getPosts(app, '')).json<PostCardList>().metadata.limit).toBe(10);
  });
});

describe('paging', () => {
  it('is stable across pages even when posts share a timestamp: none twice, none missing', async () => {
    const { user } = await signedIn(app);
    const same = minutesAgo(500);
    const made = new Set<string>();
    for (let i = 0; i < 25; i += 1) {
      const row = await approvedPost(app, user.id, { categoryId: cats[2]?.id, stateId: sts[2]?.id, createdAt: same });
      made.add(row.id);
    }
    const filter = `category_id=${cats[2]?.id}&state_id=${sts[2]?.id}`;
    const seen: string[] = [];
    for (let skip = 0; skip < 25; skip += 7) {
      const body = (await getPosts(app, `?${filter}&skip=${skip}&limit=7`)).json<PostCardList>();
      expect(body.metadata.total_elements).toBe(25);
      seen.push(...body.data.map((card) => card.id));
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen)).toEqual(made);
    expect(await listIds(app, `?${filter}&limit=100`)).toEqual(seen);
  });
});
