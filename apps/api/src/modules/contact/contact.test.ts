import { ERROR_CODES, MESSAGES } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, errorOf, newSignup, register } from '../../../test/http.js';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';
import { contactMessages, mailOutbox, users } from '../../db/schema.js';

const TEAM = 'team@example.test';
const teamEnv = (port: number) => ({
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  ADMIN_EMAIL: TEAM,
  ADMIN_PASSWORD: 'Team-Pass-123',
});

let sink: SmtpSink;
let app: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  app = await createTestApp({ env: teamEnv(sink.port) });
});
afterAll(async () => {
  await app.teardown();
  await sink.close();
});

let seq = 0;
const contact = (overrides: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    fullname: 'Tess Leaf',
    email: `sender-${seq}@example.test`,
    subject: `Question number ${seq}`,
    message: 'Hello team, how do coins work here?',
    ...overrides,
  };
};
const send = (target: TestApp, payload: object, remoteAddress: string = nextIp()) =>
  target.inject({ method: 'POST', url: `${API}/auth/send-contact-email`, payload, remoteAddress });
const rowsFrom = (email: string) => app.ctx.db.select().from(contactMessages).where(eq(contactMessages.email, email));
const received = (subject: string) => sink.messages.filter((m) => (m.headers.get('subject') ?? '').includes(subject));

describe('POST /api/v1/auth/send-contact-email', () => {
  it('answers 202, keeps the message and mails it to the team with Reply-To the sender', async () => {
    const body = contact();
    const res = await send(app, body);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: "Message sent successfully! We'll get back to you soon." });
    await app.ctx.mailer.flush();
    await sink.waitFor(1);
    const mails = received(body.subject);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to).toEqual([TEAM]);
    expect(mail?.headers.get('subject')).toBe(`[Kettle contact] ${body.subject}`);
    expect(mail?.headers.get('reply-to')).toBe(body.email);
    expect(mail?.text).toContain(body.message);
    expect(mail?.text).toContain(body.fullname);
    expect(await rowsFrom(body.email)).toMatchObject([
      { fullname: body.fullname, subject: body.subject, message: body.message, userId: null },
    ]);
    const [outbox] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, body.email));
    expect(outbox?.status).toBe('sent');
  });

  const invalid: Array<[string, Record<string, string>, string, string]> = [
    ['fullname', { fullname: 'A' }, 'fullname', 'Full name must be at least 2 characters long'],
    ['fullname', { fullname: 'A'.repeat(51) }, 'fullname', 'Full name cannot exceed 50 characters'],
    ['email', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['email', { email: `${'a'.repeat(95)}@x.test` }, 'email', 'Email cannot exceed 100 characters'],
    ['subject', { subject: 'Hi' }, 'subject', 'Subject must be at least 3 characters long'],
    ['subject', { subject: 'S'.repeat(101) }, 'subject', 'Subject cannot exceed 100 characters'],
    ['message', { message: 'Too short' }, 'message', 'Message must be at least 10 characters long'],
    ['message', { message: 'M'.repeat(501) }, 'message', 'Message cannot exceed 500 characters'],
    ['fullname (blank after trim)', { fullname: '   ' }, 'fullname', 'Full name must be at least 2 characters long'],
  ];
  it.each(invalid)('answers 422 for a bad %s', async (_name, override, field, message) => {
    const body = contact(override);
    const res = await send(app, body);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({ detail: message, code: ERROR_CODES.validation, errors: [{ field, message }] });
    expect(await rowsFrom(body.email)).toHaveLength(0);
  });

  it.each([
    ['fullname', { fullname: 'Eve\r\nBcc: victim@example.test' }],
    ['subject', { subject: 'Hello\r\nBcc: victim@example.test' }],
    ['subject (bare LF)', { subject: 'Hello\nBcc: victim@example.test' }],
    ['email', { email: 'eve@example.test\r\nBcc: victim@example.test' }],
  ])('refuses a line break in %s (header injection) with 422 and sends nothing', async (_name, override) => {
    const before = sink.messages.length;
    const res = await send(app, contact(override));
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).code).toBe(ERROR_CODES.validation);
    await app.ctx.mailer.flush();
    expect(sink.messages.length).toBe(before);
    expect(sink.messages.some((m) => m.to.includes('victim@example.test'))).toBe(false);
  });

  it('keeps line breaks inside the message body (not a header)', async () => {
    const body = contact({ message: 'First line\r\nSecond line\nThird' });
    expect((await send(app, body)).statusCode).toBe(202);
    await app.ctx.mailer.flush();
    const [mail] = received(body.subject);
    expect(mail?.headers.has('bcc')).toBe(false);
    expect(mail?.to).toEqual([TEAM]);
  });

  it('answers 413 with the JSON envelope for a body over 10 KB', async () => {
    const res = await send(app, contact({ message: 'x'.repeat(20 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toContain('application/json');
    expect(errorOf(res)).toEqual({ detail: MESSAGES.contact.tooLarge, code: ERROR_CODES.payloadTooLarge });
  });

  it('drops a message that filled the honeypot: same 202 body, no row, no mail', async () => {
    const body = contact({ website: 'http://spam.example' });
    const res = await send(app, body);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: MESSAGES.contact.sent });
    await app.ctx.mailer.flush();
    expect(await rowsFrom(body.email)).toHaveLength(0);
    expect(received(body.subject)).toHaveLength(0);
  });

  it('allows 10 messages an hour per IP; the 11th is 429 and neither kept nor sent', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) expect((await send(app, contact(), ip)).statusCode).toBe(202);
    const body = contact();
    const eleventh = await send(app, body, ip);
    expect(eleventh.statusCode).toBe(429);
    expect(errorOf(eleventh)).toEqual({
      detail: 'Too many messages. Please try again later.',
      code: ERROR_CODES.rateLimited,
    });
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    await app.ctx.mailer.flush();
    expect(await rowsFrom(body.email)).toHaveLength(0);
    expect(received(body.subject)).toHaveLength(0);
  });

  it('delivers the sign-up verification mail through real SMTP; its link verifies the account', async () => {
    const signup = newSignup();
    expect((await register(app, signup)).statusCode).toBe(201);
    await app.ctx.mailer.flush();
    const deadline = Date.now() + 5_000;
    while (!sink.messages.some((m) => m.to.includes(signup.email)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const mail = sink.messages.find((m) => m.to.includes(signup.email));
    const token = /http:\/\/kettle\.test\/auth\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token.length).toBeGreaterThanOrEqual(43);
    const res = await app.inject({ method: 'POST', url: `${API}/auth/verify-email/${token}`, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, signup.email));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
  });
});

describe('SMTP outage (security.md W6)', () => {
  it('answers 202 while SMTP is down, keeps the mail pending, and delivers it exactly once after recovery', async () => {
    const first = await startSmtpSink();
    const port = first.port;
    // A fresh app: its 30 s retry timer cannot fire during this short test.
    const local = await createTestApp({ env: teamEnv(port) });
    try {
      await first.close();
      const body = contact();
      const res = await send(local, body);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: MESSAGES.contact.sent });
      await local.ctx.mailer.flush();
      const [queued] = await local.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, body.email));
      expect(queued).toMatchObject({ status: 'pending', to: TEAM });
      expect(queued?.lastError).toBeTruthy();
      expect(
        await local.ctx.db.select().from(contactMessages).where(eq(contactMessages.email, body.email)),
      ).toHaveLength(1);

      const second = await startSmtpSink(port);
      try {
        await local.ctx.mailer.retryPending();
        await second.waitFor(1);
        await local.ctx.mailer.retryPending();
        expect(second.messages).toHaveLength(1);
        expect(second.messages[0]?.headers.get('subject')).toBe(`[Kettle contact] ${body.subject}`);
        const [delivered] = await local.ctx.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.id, queued?.id ?? ''));
        expect(delivered?.status).toBe('sent');
        expect(delivered?.sentAt).toBeInstanceOf(Date);
      } finally {
        await second.close();
      }
    } finally {
      await local.teardown();
    }
  });
});
