import { randomBytes } from 'node:crypto';
import {
  COMPANY_MESSAGES,
  type AdminCompany,
  type AdminCompanyList,
  type Company,
  type CompanyStats,
} from '@kettle/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, errorOf } from '../../../test/http.js';
import { auditOf, buildPost, signedIn, type Auth } from '../../../test/posts-kit.js';
import { companies, notifications, reports } from '../../db/schema.js';

/** Issue 10, item 3: report counts of a handle only for a company an admin verified. */
let app: TestApp;
let admin: { user: { id: string }; auth: Auth };
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, { isAdmin: true });
});
afterAll(() => app.teardown());

const own = (method: 'GET' | 'POST' | 'PUT', auth: Auth, path = '', payload?: object) =>
  app.inject({ method, url: `${API}/company${path}`, headers: auth, ...(payload ? { payload } : {}) });
const adminCall = (method: 'GET' | 'POST', auth: Auth, path: string, payload?: object) =>
  app.inject({ method, url: `${API}/admin/companies${path}`, headers: auth, ...(payload ? { payload } : {}) });

let seq = 0;
const uniqueHandle = (base = 'brand') => {
  seq += 1;
  return `@${base}_${seq}_${randomBytes(2).toString('hex')}`;
};

/** A company whose handle is tagged by two approved teas (7 votes, 1 reversal) with 2 post reports. */
async function reportedCompany(name = 'Oracle Target') {
  const owner = await signedIn(app);
  const handle = uniqueHandle('target');
  const created = await own('POST', owner.auth, '', { name, handle });
  expect(created.statusCode).toBe(201);
  const company = created.json<Company>();
  const author = await signedIn(app);
  const a = await buildPost(app, author.user.id, { status: 'approved', taggedHandle: handle, voteCount: 3 });
  await buildPost(app, author.user.id, { status: 'approved', taggedHandle: handle, voteCount: 4 });
  await buildPost(app, author.user.id, { status: 'approved', taggedHandle: '@other_x', originalPostId: a.id });
  for (let i = 0; i < 2; i += 1) {
    const reporter = await signedIn(app);
    await app.ctx.db.insert(reports).values({
      kind: 'post',
      reference: `KT-${randomBytes(4).toString('hex').toUpperCase()}`,
      reporterId: reporter.user.id,
      postId: a.id,
      reason: 'Spam',
    });
  }
  return { owner, handle, company };
}

const verify = (id: string, handle: string, auth: Auth = admin.auth) =>
  adminCall('POST', auth, `/${id}/verify`, { handle });
const unverify = (id: string, auth: Auth = admin.auth) => adminCall('POST', auth, `/${id}/unverify`);

describe('company stats before and after verification', () => {
  it('an unverified company sees only public figures: no report count even when reports exist', async () => {
    const { owner, handle, company } = await reportedCompany();
    expect(company).toMatchObject({ verified: false, verified_at: null });
    const res = await own('GET', owner.auth, '/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json<CompanyStats>()).toEqual({
      handle,
      verified: false,
      posts: 2,
      votes: 7,
      reversals: 1,
      reports: null,
    });
  });

  it('after an admin verifies, the owner sees the report count; unverify hides it again', async () => {
    const { owner, handle, company } = await reportedCompany();
    const verified = await verify(company.id, handle);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json<AdminCompany>()).toMatchObject({ id: company.id, verified: true, verified_by: admin.user.id });
    expect((await own('GET', owner.auth, '/stats')).json<CompanyStats>()).toMatchObject({ verified: true, reports: 2 });
    expect((await own('GET', owner.auth)).json<Company>()).toMatchObject({ verified: true });

    expect((await unverify(company.id)).json<AdminCompany>()).toMatchObject({ verified: false, verified_by: null });
    expect((await own('GET', owner.auth, '/stats')).json<CompanyStats>()).toMatchObject({
      verified: false,
      reports: null,
    });
  });

  it('changing the handle drops the verification; a change of letter case keeps it', async () => {
    const { owner, handle, company } = await reportedCompany();
    expect((await verify(company.id, handle)).statusCode).toBe(200);
    const recased = await own('PUT', owner.auth, '', { handle: handle.toUpperCase() });
    expect(recased.json<Company>()).toMatchObject({ verified: true });
    const renamed = await own('PUT', owner.auth, '', { name: 'Renamed Co' });
    expect(renamed.json<Company>()).toMatchObject({ verified: true });

    const moved = await own('PUT', owner.auth, '', { handle: uniqueHandle('elsewhere') });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Company>()).toMatchObject({ verified: false, verified_at: null });
    const [row] = await app.ctx.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row).toMatchObject({ verifiedAt: null, verifiedBy: null });
    expect((await own('GET', owner.auth, '/stats')).json<CompanyStats>().reports).toBeNull();
  });

  it('refuses to verify a handle the admin did not check (changed since the list was loaded)', async () => {
    const { owner, handle, company } = await reportedCompany();
    const next = uniqueHandle('swapped');
    expect((await own('PUT', owner.auth, '', { handle: next })).statusCode).toBe(200);
    const stale = await verify(company.id, handle);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).detail).toBe(COMPANY_MESSAGES.handleChanged);
    expect((await own('GET', owner.auth)).json<Company>().verified).toBe(false);
    expect((await verify(company.id, next.toUpperCase())).statusCode).toBe(200);
  });
});

describe('admin companies', () => {
  it('non-admins get 403 and visitors 401 on every admin route', async () => {
    const { company, handle } = await reportedCompany();
    const member = await signedIn(app);
    for (const [auth, status] of [
      [member.auth, 403],
      [{}, 401],
    ] as const) {
      expect((await adminCall('GET', auth, '')).statusCode).toBe(status);
      expect((await verify(company.id, handle, auth)).statusCode).toBe(status);
      expect((await unverify(company.id, auth)).statusCode).toBe(status);
    }
    const [row] = await app.ctx.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row?.verifiedAt).toBeNull();
  });

  it('verify and unverify write audit rows and notify the owner in the app', async () => {
    const { owner, handle, company } = await reportedCompany('Audited');
    await verify(company.id, handle);
    // Verifying again changes nothing and records nothing new.
    expect((await verify(company.id, handle)).statusCode).toBe(200);
    await unverify(company.id);
    expect((await auditOf(app, company.id)).map((row) => [row.action, row.actorId, row.data])).toEqual([
      ['company.verify', admin.user.id, { handle, before: { verified: false }, after: { verified: true } }],
      ['company.unverify', admin.user.id, { handle, before: { verified: true }, after: { verified: false } }],
    ]);
    const notices = await app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.user.id))
      .orderBy(notifications.createdAt);
    expect(notices.map((n) => [n.kind, n.title, n.link])).toEqual([
      ['company_verified', COMPANY_MESSAGES.notice.verifiedTitle, '/account'],
      ['company_unverified', COMPANY_MESSAGES.notice.unverifiedTitle, '/account'],
    ]);
  });

  it('an unknown or malformed id is 404', async () => {
    expect((await verify('00000000-0000-4000-8000-000000000000', '@nobody')).statusCode).toBe(404);
    expect((await unverify('not-a-uuid')).statusCode).toBe(422);
  });

  it('lists every field, searches name, handle and owner, filters by verified, and pages', async () => {
    const tag = randomBytes(3).toString('hex');
    const first = await reportedCompany(`Findme ${tag} One`);
    const second = await reportedCompany(`Findme ${tag} Two`);
    await verify(second.company.id, second.handle);

    const all = await adminCall('GET', admin.auth, `?search=${tag}`);
    expect(all.statusCode).toBe(200);
    const page = all.json<AdminCompanyList>();
    expect(page.metadata).toEqual({ total_elements: 2, skip: 0, limit: 20 });
    expect(page.data.map((c) => c.name)).toEqual([`Findme ${tag} Two`, `Findme ${tag} One`]);
    expect(Object.keys(page.data[0] ?? {}).sort()).toEqual(
      [
        'created_at',
        'description',
        'handle',
        'id',
        'name',
        'owner',
        'updated_at',
        'verified',
        'verified_at',
        'verified_by',
        'website',
      ].sort(),
    );
    const only = async (query: string) =>
      (await adminCall('GET', admin.auth, query)).json<AdminCompanyList>().data.map((c) => c.id);
    expect(await only(`?search=${tag}&verified=true`)).toEqual([second.company.id]);
    expect(await only(`?search=${tag}&verified=false`)).toEqual([first.company.id]);
    expect(await only(`?search=${first.handle.slice(1).toUpperCase()}`)).toEqual([first.company.id]);
    expect(await only(`?search=${first.owner.user.username}`)).toEqual([first.company.id]);
    expect(await only(`?search=${tag}&skip=1&limit=1`)).toEqual([first.company.id]);
    // LIKE wildcards are searched as text.
    expect(await only(`?search=${encodeURIComponent('%')}`)).toEqual([]);
    expect((await adminCall('GET', admin.auth, '?verified=maybe')).statusCode).toBe(422);
    const [row] = await app.ctx.db
      .select()
      .from(companies)
      .where(and(eq(companies.id, second.company.id)));
    expect(row?.verifiedBy).toBe(admin.user.id);
  });
});
