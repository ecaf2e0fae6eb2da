import {
  ERROR_CODES,
  REPORT_MESSAGES,
  type Report,
  type ReportList,
  type ReportUpdated,
  type TakedownCreated,
} from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { errorOf } from '../../../test/http.js';
import { expectInvariants, signedIn } from '../../../test/posts-kit.js';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';
import { mailOutbox, reports } from '../../db/schema.js';
import {
  decideCall,
  deskCall,
  lookupCall,
  myReportsCall,
  REFERENCE,
  takedownBody,
  takedownCall,
} from '../../../test/reports-kit.js';

let sink: SmtpSink;
let app: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}` } });
});
afterEach(() => expectInvariants(app));
afterAll(async () => {
  await app.teardown();
  await sink.close();
});

const byReference = async (reference: string) =>
  (await app.ctx.db.select().from(reports).where(eq(reports.reference, reference)))[0];
const rowsFor = (email: string) => app.ctx.db.select().from(reports).where(eq(reports.contactEmail, email));

/** The mails the sink received for `to`, once the outbox has delivered. */
async function mailsTo(to: string, atLeast = 1) {
  await app.ctx.mailer.flush();
  const deadline = Date.now() + 5_000;
  while (sink.messages.filter((m) => m.to.includes(to)).length < atLeast && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return sink.messages.filter((m) => m.to.includes(to));
}

describe('POST /api/v1/moderation/requests', () => {
  it("stores a visitor's request, answers its reference, and mails the confirmation over SMTP", async () => {
    const body = takedownBody({ type: 'impersonation', email: 'Someone.Real@Example.test' });
    const res = await takedownCall(app, body);
    expect(res.statusCode).toBe(201);
    const answer = res.json<TakedownCreated>();
    expect(answer.message).toBe('Thank you. Our team will review your report within 24-48 hours.');
    expect(answer.reference).toMatch(REFERENCE);

    expect(await byReference(answer.reference)).toMatchObject({
      kind: 'takedown',
      reporterId: null,
      contactEmail: 'someone.real@example.test',
      reason: 'impersonation',
      description: body.description,
      contentUrl: body.content_url,
      postId: null,
      status: 'pending',
    });

    const [mail] = await mailsTo('someone.real@example.test');
    expect(mail?.headers.get('subject')).toContain(answer.reference);
    expect(mail?.text).toContain(`Your reference is ${answer.reference}.`);
    expect(mail?.text).toContain('within 24-48 hours');
    expect(mail?.text).toContain('Impersonation');
    expect(mail?.text).toContain('http://kettle.test/moderation?tab=status');
    // The sender's own words are never relayed to the address they typed.
    expect(mail?.text).not.toContain(body.description);
    const [outbox] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'someone.real@example.test'));
    expect(outbox?.status).toBe('sent');
  });

  it('keeps the signed-in requester as the reporter and lists the request in their Report Status', async () => {
    const member = await signedIn(app);
    const res = await takedownCall(app, takedownBody({ content_url: '' }), { auth: member.auth });
    expect(res.statusCode).toBe(201);
    const { reference } = res.json<TakedownCreated>();
    expect(await byReference(reference)).toMatchObject({ reporterId: member.user.id, contentUrl: null });
    const mine = (await myReportsCall(app, member.auth)).json<ReportList>();
    expect(mine.reports.map((r) => r.reference)).toEqual([reference]);
    expect(mine.reports[0]).toMatchObject({ kind: 'takedown', contact_email: null, reporter_username: null });
  });

  it('reaches the admins: listed on the reports desk with its contact address', async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const body = takedownBody({ type: 'copyright' });
    const { reference } = (await takedownCall(app, body)).json<TakedownCreated>();
    const desk = (await deskCall(app, admin.auth, '?limit=100')).json<ReportList>();
    const listed = desk.reports.find((r) => r.reference === reference);
    expect(listed).toMatchObject({
      kind: 'takedown',
      reason: 'copyright',
      description: body.description,
      contact_email: body.email,
      reporter_username: null,
      content_url: body.content_url,
    });

    // And the decision goes back to the requester by SMTP, quoting the reference.
    const decided = await decideCall(app, admin.auth, listed?.id ?? '', { status: 'rejected' });
    expect(decided.json<ReportUpdated>().report.status).toBe('rejected');
    const mails = await mailsTo(body.email, 2);
    const outcome = mails.find((m) => (m.headers.get('subject') ?? '').includes(REPORT_MESSAGES.outcome.rejectedTitle));
    expect(outcome?.text).toContain(REPORT_MESSAGES.outcome.body('rejected', `request ${reference}`));
  });

  it.each([
    ['type', { type: 'nonsense' }, REPORT_MESSAGES.takedownTypeRequired],
    ['description', { description: 'too short' }, REPORT_MESSAGES.takedownDescriptionRequired],
    ['description', { description: 'x'.repeat(1001) }, REPORT_MESSAGES.descriptionTooLong],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['email', { email: 'eve@example.test\r\nBcc: victim@example.test' }, 'Please enter a valid email address'],
    ['content_url', { content_url: 'javascript:alert(1)' }, REPORT_MESSAGES.contentUrlInvalid],
  ])('answers 422 for a bad %s and stores nothing', async (field, override, message) => {
    const body = takedownBody(override as object);
    const res = await takedownCall(app, body);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errors).toContainEqual({ field, message });
    const email = typeof body.email === 'string' ? body.email.toLowerCase() : '';
    expect(await rowsFor(email)).toHaveLength(0);
  });

  it('drops a request that filled the honeypot: the same 201 answer, no row, no mail', async () => {
    const body = { ...takedownBody(), website: 'http://spam.example' };
    const res = await takedownCall(app, body);
    expect(res.statusCode).toBe(201);
    const answer = res.json<TakedownCreated>();
    expect(answer.message).toBe(REPORT_MESSAGES.takedownThanks);
    expect(answer.reference).toMatch(REFERENCE);
    expect(await rowsFor(body.email)).toHaveLength(0);
    expect(await byReference(answer.reference)).toBeUndefined();
    await app.ctx.mailer.flush();
    expect(sink.messages.some((m) => m.to.includes(body.email))).toBe(false);
  });

  it('allows 5 requests an hour per IP; the 6th is 429 with Retry-After, neither kept nor mailed', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) expect((await takedownCall(app, takedownBody(), { ip })).statusCode).toBe(201);
    const body = takedownBody();
    const sixth = await takedownCall(app, body, { ip });
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth)).toEqual({ detail: REPORT_MESSAGES.tooManyTakedowns, code: ERROR_CODES.rateLimited });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowsFor(body.email)).toHaveLength(0);
    await app.ctx.mailer.flush();
    expect(sink.messages.some((m) => m.to.includes(body.email))).toBe(false);
    // Another address is not affected.
    expect((await takedownCall(app, takedownBody())).statusCode).toBe(201);
  });
});

describe('POST /api/v1/moderation/requests/lookup', () => {
  it('answers the request for the right reference and email, in any letter case', async () => {
    const body = takedownBody();
    const { reference } = (await takedownCall(app, body)).json<TakedownCreated>();
    const res = await lookupCall(app, { reference, email: body.email });
    expect(res.statusCode).toBe(200);
    expect(res.json<Report>()).toMatchObject({
      reference,
      kind: 'takedown',
      status: 'pending',
      reason: body.type,
      description: body.description,
      contact_email: null,
      reporter_username: null,
      admin_notes: null,
    });
    const relaxed = await lookupCall(app, {
      reference: ` ${reference.toLowerCase()} `,
      email: body.email.toUpperCase(),
    });
    expect(relaxed.statusCode).toBe(200);
    expect(relaxed.json<Report>().reference).toBe(reference);
  });

  it('answers the same 404 for a wrong email and an unknown reference', async () => {
    const body = takedownBody();
    const { reference } = (await takedownCall(app, body)).json<TakedownCreated>();
    const wrongEmail = await lookupCall(app, { reference, email: 'someone-else@example.test' });
    const unknown = await lookupCall(app, { reference: 'KT-ZZZZZZZZ', email: body.email });
    for (const res of [wrongEmail, unknown]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toEqual({ detail: REPORT_MESSAGES.lookupMissing, code: ERROR_CODES.notFound });
    }
  });

  it('does not find member reports by their reference (they have no contact address)', async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const desk = (await deskCall(app, admin.auth, '?limit=1')).json<ReportList>();
    const any = desk.reports[0];
    if (!any) throw new Error('no report on the desk');
    const res = await lookupCall(app, { reference: any.reference, email: 'nobody@example.test' });
    expect(res.statusCode).toBe(404);
  });

  it('allows 20 lookups an hour per IP; the 21st is 429', async () => {
    const ip = nextIp();
    const guess = { reference: 'KT-AAAAAAAA', email: 'guess@example.test' };
    for (let i = 0; i < 20; i += 1) expect((await lookupCall(app, guess, ip)).statusCode).toBe(404);
    const limited = await lookupCall(app, guess, ip);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).detail).toBe(REPORT_MESSAGES.tooManyLookups);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
