import { REPORT_MESSAGES, type TakedownCreated } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../test/harness.js';
import { mailsTo } from '../../../test/mailbox.js';
import { takedownBody, takedownCall } from '../../../test/reports-kit.js';
import { reports } from '../../db/schema.js';

let app: TestApp;
useTestApp((made) => {
  app = made;
});

const stamp = () => Date.now().toString(36);

describe('takedown confirmations are limited per recipient', () => {
  it('mails one address 3 confirmations an hour, however it is spelled; every request is still kept', async () => {
    const inbox = `victim-${stamp()}@example.test`;
    const [local] = inbox.split('@');
    // Case and a +tag reach the same inbox, so they count against the same limit.
    const spellings = [inbox, inbox.toUpperCase(), `${local}+a@example.test`, `${local}+b@example.test`];
    const answers: TakedownCreated[] = [];
    for (const email of spellings) {
      const res = await takedownCall(app, takedownBody({ email }));
      expect(res.statusCode, res.body).toBe(201);
      answers.push(res.json<TakedownCreated>());
    }

    expect(answers.map((a) => a.confirmation_mailed)).toEqual([true, true, true, false]);
    expect(answers.slice(0, 3).every((a) => a.message === REPORT_MESSAGES.takedownThanks)).toBe(true);
    expect(answers[3]?.message).toBe(REPORT_MESSAGES.takedownThanksUnmailed);
    // Every request is on the desk, whatever happened to its mail.
    for (const { reference } of answers) {
      expect(await app.ctx.db.select().from(reports).where(eq(reports.reference, reference))).toHaveLength(1);
    }
    const sent = [
      ...(await mailsTo(app, inbox)),
      ...(await mailsTo(app, `${local}+a@example.test`)),
      ...(await mailsTo(app, `${local}+b@example.test`)),
    ];
    expect(sent).toHaveLength(3);
    expect(sent.some((mail) => mail.subject.includes(answers[3]?.reference ?? '?'))).toBe(false);

    // Another address has its own budget.
    const other = await takedownCall(app, takedownBody({ email: `someone-else-${stamp()}@example.test` }));
    expect(other.json<TakedownCreated>().confirmation_mailed).toBe(true);
  });
});
