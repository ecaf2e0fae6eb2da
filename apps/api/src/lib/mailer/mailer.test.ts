import { eq, inArray } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';
import { mailOutbox } from '../../db/schema.js';
import { createMailer, LEASE_MS } from './mailer.js';
import { SMTP_TIMEOUTS, smtpTransport } from './smtp-transport.js';

let app: TestApp;
let sink: SmtpSink;
const silent = { warn: () => undefined };

beforeAll(async () => {
  app = await createTestApp();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
  await app.teardown();
});

const mailerFor = (port: number) =>
  createMailer({
    db: app.ctx.db,
    from: 'Kettle <no-reply@kettle.test>',
    transport: nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }),
    log: silent,
  });

const message = (subject: string) => ({ to: 'reader@example.test', subject, text: 'Hello', html: '<p>Hello</p>' });
const countWithSubject = (subject: string) => sink.messages.filter((m) => m.headers.get('subject') === subject).length;

describe('mail outbox delivers each mail once', () => {
  it('does not resend a mail whose first delivery is still in flight', async () => {
    const mailer = mailerFor(sink.port);
    await mailer.send(message('in flight'));
    await mailer.retryPending();
    await mailer.flush();
    await sink.waitFor(1);
    await mailer.retryPending();
    expect(countWithSubject('in flight')).toBe(1);
  });

  it('lets only one of two racing retry rounds claim a queued mail', async () => {
    // Queue it while SMTP is unreachable (a port nobody listens on).
    const closed = await startSmtpSink();
    const deadPort = closed.port;
    await closed.close();
    const down = mailerFor(deadPort);
    await down.send(message('queued once'));
    await down.flush();
    const [row] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'queued once'));
    expect(row?.status).toBe('pending');

    const up = mailerFor(sink.port);
    await Promise.all([up.retryPending(), up.retryPending(), mailerFor(sink.port).retryPending()]);
    const before = sink.messages.length;
    await up.retryPending();
    expect(sink.messages.length).toBe(before);
    expect(countWithSubject('queued once')).toBe(1);
    const [sent] = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, row?.id ?? ''));
    expect(sent?.status).toBe('sent');
  });

  it('drains a backlog past one batch in one round once SMTP is back, and spends one attempt per mail while it is away', async () => {
    const closed = await startSmtpSink();
    const deadPort = closed.port;
    await closed.close();
    const down = mailerFor(deadPort);
    const subjects = Array.from({ length: 45 }, (_, index) => `backlog ${index}`);
    for (const subject of subjects) await down.send(message(subject));
    await down.flush();
    const backlog = () => app.ctx.db.select().from(mailOutbox).where(inArray(mailOutbox.subject, subjects));

    // SMTP still away: the round stops at its first failing batch instead of retrying on the spot.
    await down.retryPending();
    const attempts = (await backlog()).map((row) => row.attempts).sort();
    expect(attempts.filter((n) => n === 2)).toHaveLength(20);
    expect(attempts.filter((n) => n === 1)).toHaveLength(25);

    await mailerFor(sink.port).retryPending();
    expect((await backlog()).every((row) => row.status === 'sent')).toBe(true);
    expect(subjects.filter((subject) => countWithSubject(subject) !== 1)).toEqual([]);
  });

  it('survives the database going away between sending a mail and recording it', async () => {
    // Inserts reach the database; every status update fails as with PostgreSQL stopped. The
    // update runs after the response, where a rejection would end the server process.
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const updateFails = () => ({ set: () => ({ where: () => Promise.reject(refused) }) });
    const db = new Proxy(app.ctx.db, {
      get: (target, name, receiver) => (name === 'update' ? updateFails : Reflect.get(target, name, receiver)),
    });
    const warnings: string[] = [];
    const mailer = createMailer({
      db,
      from: 'Kettle <no-reply@kettle.test>',
      transport: nodemailer.createTransport({ host: '127.0.0.1', port: sink.port, secure: false, ignoreTLS: true }),
      log: { warn: (_obj, msg) => warnings.push(msg) },
    });
    await mailer.send(message('sent, not recorded'));
    await expect(mailer.flush()).resolves.toBeUndefined();
    await sink.waitFor(1);
    expect(countWithSubject('sent, not recorded')).toBe(1);
    expect(warnings).toEqual(['mail status not saved']);
    // Still leased as 'sending': no round resends it before the lease ends.
    const [row] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'sent, not recorded'));
    expect(row?.status).toBe('sending');
    await mailerFor(sink.port).retryPending();
    expect(countWithSubject('sent, not recorded')).toBe(1);
  });

  it('gives up a delivery to a hung SMTP server, and sends that mail once when it answers again', async () => {
    // The sink accepts the connection and never greets, as a frozen server does.
    const warnings: string[] = [];
    const quick = { connectionTimeout: 300, greetingTimeout: 300, socketTimeout: 600 };
    const mailer = createMailer({
      db: app.ctx.db,
      from: 'Kettle <no-reply@kettle.test>',
      transport: smtpTransport(`smtp://127.0.0.1:${sink.port}`, quick),
      log: { warn: (_obj, msg) => warnings.push(msg) },
    });
    try {
      sink.freeze();
      await mailer.send(message('to a hung server'));
      // With nodemailer's own timeouts this waited 30 s for the greeting (10 min mid-conversation).
      await mailer.flush();
      expect(warnings).toEqual(['mail delivery failed; will retry']);
      const [row] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'to a hung server'));
      expect(row).toMatchObject({ status: 'pending', lockedUntil: null });
      expect(row?.lastError).toMatch(/greeting/i);
      sink.thaw();
      await mailer.retryPending();
      await expect.poll(() => countWithSubject('to a hung server')).toBe(1);
      await mailer.retryPending();
      expect(countWithSubject('to a hung server')).toBe(1);
    } finally {
      sink.thaw();
    }
  });

  it('bounds a delivery well inside its lease, so no second round can claim it meanwhile', () => {
    const longest = SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout;
    expect(longest).toBeLessThan(LEASE_MS / 4);
  });

  it('keeps mail in the outbox without a transport (the dev mailbox)', async () => {
    const mailer = createMailer({ db: app.ctx.db, from: 'x@y.z', log: silent });
    await mailer.send(message('stored only'));
    await mailer.retryPending();
    const [row] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'stored only'));
    expect(row?.status).toBe('stored');
  });
});
