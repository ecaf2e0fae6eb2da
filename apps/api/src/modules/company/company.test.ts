import { randomBytes } from 'node:crypto';
import { COMPANY_MESSAGES, type AdminCompanyList, type Company, type CompanyStats } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, errorOf } from '../../../test/http.js';
import { auditOf, buildPost, signedIn, type Auth } from '../../../test/posts-kit.js';
import { companies, reports } from '../../db/schema.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.teardown());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', auth: Auth, payload?: object, path = '') =>
  app.inject({ method, url: `${API}/company${path}`, headers: auth, ...(payload ? { payload } : {}) });

let seq = 0;
const uniqueHandle = (base = 'brand') => {
  seq += 1;
  return `@${base}_${seq}_${randomBytes(2).toString('hex')}`;
};

describe('company profile CRUD', () => {
  it('needs a signed-in user', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      expect(
        (await call(method, {}, method === 'POST' || method === 'PUT' ? { name: 'X' } : undefined)).statusCode,
      ).toBe(401);
    }
    expect((await call('GET', {}, undefined, '/stats')).statusCode).toBe(401);
  });

  it('creates, reads, edits partially and deletes the own profile', async () => {
    const owner = await signedIn(app);
    const none = await call('GET', owner.auth);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();

    const handle = uniqueHandle('acme');
    const created = await call('POST', owner.auth, {
      name: '  Acme Tea Co  ',
      handle,
      website: 'https://acme.example',
      description: 'We sell kettles.',
    });
    expect(created.statusCode).toBe(201);
    const body = created.json<Company>();
    expect(body).toMatchObject({
      name: 'Acme Tea Co',
      handle,
      website: 'https://acme.example',
      description: 'We sell kettles.',
    });
    expect(Object.keys(body).sort()).toEqual(
      ['created_at', 'description', 'handle', 'id', 'name', 'updated_at', 'verified', 'verified_at', 'website'].sort(),
    );

    expect((await call('GET', owner.auth)).json<Company>()).toEqual(body);

    const edited = await call('PUT', owner.auth, { description: 'Kettles and cups.' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Company>()).toMatchObject({ name: 'Acme Tea Co', handle, description: 'Kettles and cups.' });

    const cleared = await call('PUT', owner.auth, { website: '' });
    expect(cleared.json<Company>().website).toBeNull();

    const removed = await call('DELETE', owner.auth);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await call('GET', owner.auth)).json()).toBeNull();
    expect((await call('DELETE', owner.auth)).statusCode).toBe(404);
    expect(await auditOf(app, body.id)).toMatchObject([
      { action: 'company.delete', actorId: owner.user.id, data: { name: 'Acme Tea Co', handle } },
    ]);
  });

  it('adds the leading @ and refuses handles that break the tagged-handle rule', async () => {
    const owner = await signedIn(app);
    for (const bad of ['@', '@has space', '@dash-ed', `@${'a'.repeat(50)}`, '']) {
      const res = await call('POST', owner.auth, { name: 'Brand', handle: bad });
      expect(res.statusCode, bad).toBe(422);
      expect(errorOf(res).errors?.[0]?.field).toBe('handle');
    }
    const bare = `plain_${randomBytes(3).toString('hex')}`;
    const res = await call('POST', owner.auth, { name: 'Brand', handle: bare });
    expect(res.statusCode).toBe(201);
    expect(res.json<Company>().handle).toBe(`@${bare}`);
  });

  it('checks name, website and description like the form does', async () => {
    const owner = await signedIn(app);
    const cases: Array<[object, string]> = [
      [{ name: '   ', handle: uniqueHandle() }, 'name'],
      [{ name: 'x'.repeat(101), handle: uniqueHandle() }, 'name'],
      [{ name: 'Brand', handle: uniqueHandle(), website: 'javascript:alert(1)' }, 'website'],
      [{ name: 'Brand', handle: uniqueHandle(), website: 'not a url' }, 'website'],
      [{ name: 'Brand', handle: uniqueHandle(), description: 'd'.repeat(1001) }, 'description'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', owner.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(errorOf(res).errors?.map((e) => e.field)).toContain(field);
    }
    expect(await app.ctx.db.select().from(companies).where(eq(companies.ownerId, owner.user.id))).toHaveLength(0);
  });

  it('allows one company per user (409)', async () => {
    const owner = await signedIn(app);
    expect((await call('POST', owner.auth, { name: 'First', handle: uniqueHandle() })).statusCode).toBe(201);
    const second = await call('POST', owner.auth, { name: 'Second', handle: uniqueHandle() });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).detail).toBe(COMPANY_MESSAGES.alreadyOwned);
  });

  it('keeps a handle to one company whatever its letter case, on create, edit and racing creates', async () => {
    const first = await signedIn(app);
    const handle = uniqueHandle('Claimed');
    expect((await call('POST', first.auth, { name: 'Owner', handle })).statusCode).toBe(201);

    const other = await signedIn(app);
    const taken = await call('POST', other.auth, { name: 'Copycat', handle: handle.toLowerCase() });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({
      detail: COMPANY_MESSAGES.handleTaken,
      errors: [{ field: 'handle', message: COMPANY_MESSAGES.handleTaken }],
    });

    expect((await call('POST', other.auth, { name: 'Other', handle: uniqueHandle() })).statusCode).toBe(201);
    const edit = await call('PUT', other.auth, { handle: handle.toUpperCase() });
    expect(edit.statusCode).toBe(409);
    expect(errorOf(edit).errors?.[0]?.field).toBe('handle');

    // An owner may change the case of their own handle.
    const recase = await call('PUT', first.auth, { handle: handle.toUpperCase() });
    expect(recase.statusCode).toBe(200);
    expect(recase.json<Company>().handle).toBe(handle.toUpperCase());

    const racers = await Promise.all([signedIn(app), signedIn(app), signedIn(app)]);
    const contested = uniqueHandle('race');
    const results = await Promise.all(racers.map((r) => call('POST', r.auth, { name: 'Racer', handle: contested })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('frees the handle when a company is deleted', async () => {
    const first = await signedIn(app);
    const handle = uniqueHandle('freed');
    await call('POST', first.auth, { name: 'Gone soon', handle });
    expect((await call('DELETE', first.auth)).statusCode).toBe(204);
    const next = await signedIn(app);
    expect((await call('POST', next.auth, { name: 'New owner', handle })).statusCode).toBe(201);
  });
});

describe('GET /company/stats', () => {
  it('is 404 without a company', async () => {
    const user = await signedIn(app);
    expect((await call('GET', user.auth, undefined, '/stats')).statusCode).toBe(404);
  });

  it('counts approved posts tagging the handle in any case, their votes, approved reversals and post reports', async () => {
    const owner = await signedIn(app);
    const handle = uniqueHandle('Stats');
    await call('POST', owner.auth, { name: 'Counted', handle });
    const author = await signedIn(app);
    const reporter = await signedIn(app);
    const a = await buildPost(app, author.user.id, { status: 'approved', taggedHandle: handle, voteCount: 3 });
    const b = await buildPost(app, author.user.id, {
      status: 'approved',
      taggedHandle: handle.toUpperCase(),
      voteCount: 4,
    });
    // Not counted: not approved, another handle, a handle that merely starts the same.
    await buildPost(app, author.user.id, { status: 'pending', taggedHandle: handle, voteCount: 50 });
    await buildPost(app, author.user.id, { status: 'rejected', taggedHandle: handle, voteCount: 50 });
    await buildPost(app, author.user.id, { status: 'approved', taggedHandle: `${handle}x`, voteCount: 50 });
    // Reversals of those posts: one approved counts, a pending one does not.
    await buildPost(app, reporter.user.id, { status: 'approved', taggedHandle: '@someone_else', originalPostId: a.id });
    await buildPost(app, reporter.user.id, { status: 'pending', taggedHandle: '@someone_else', originalPostId: b.id });
    const other = await buildPost(app, author.user.id, { status: 'approved', taggedHandle: '@unrelated_brand' });
    const report = (postId: string, kind: 'post' | 'comment', reporterId: string) =>
      app.ctx.db.insert(reports).values({
        kind,
        reference: `KT-${randomBytes(4).toString('hex').toUpperCase()}`,
        reporterId,
        postId,
        reason: 'Spam',
      });
    await report(a.id, 'post', reporter.user.id);
    await report(b.id, 'post', reporter.user.id);
    await report(a.id, 'post', owner.user.id);
    await report(a.id, 'comment', reporter.user.id);
    await report(other.id, 'post', reporter.user.id);

    // Report counts are for verified companies only (company-verification.test.ts).
    await app.ctx.db.update(companies).set({ verifiedAt: new Date() }).where(eq(companies.ownerId, owner.user.id));
    const res = await call('GET', owner.auth, undefined, '/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json<CompanyStats>()).toEqual({ handle, verified: true, posts: 2, votes: 7, reversals: 1, reports: 3 });
  });

  it('answers zeros for a handle nobody tagged', async () => {
    const owner = await signedIn(app);
    const handle = uniqueHandle('quiet');
    await call('POST', owner.auth, { name: 'Quiet', handle });
    expect((await call('GET', owner.auth, undefined, '/stats')).json<CompanyStats>()).toEqual({
      handle,
      verified: false,
      posts: 0,
      votes: 0,
      reversals: 0,
      reports: null,
    });
  });
});

describe('GET /company/all (admins)', () => {
  it('is for admins only', async () => {
    const member = await signedIn(app);
    expect((await call('GET', {}, undefined, '/all')).statusCode).toBe(401);
    expect((await call('GET', member.auth, undefined, '/all')).statusCode).toBe(403);
  });

  it('lists every company with its owner, newest first, paged', async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const owners = [await signedIn(app), await signedIn(app)];
    for (const [index, owner] of owners.entries()) {
      await call('POST', owner.auth, { name: `Listed ${index}`, handle: uniqueHandle('listed') });
    }
    const total = (await app.ctx.db.select().from(companies)).length;
    const res = await call('GET', admin.auth, undefined, '/all?skip=0&limit=1');
    expect(res.statusCode).toBe(200);
    const page = res.json<AdminCompanyList>();
    expect(page.metadata).toEqual({ total_elements: total, skip: 0, limit: 1 });
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      name: 'Listed 1',
      owner: { id: owners[1]?.user.id, username: owners[1]?.user.username },
    });
    const all = (await call('GET', admin.auth, undefined, '/all?limit=100')).json<AdminCompanyList>();
    expect(all.data).toHaveLength(total);
    expect((await call('GET', admin.auth, undefined, '/all?limit=0')).statusCode).toBe(422);
  });
});
