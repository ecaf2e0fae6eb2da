import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { signedIn } from '../../test/posts-kit.js';
import { approvedPost } from '../../test/reading-kit.js';
import { appeals, contactMessages, mailOutbox, removedComments } from '../db/schema.js';
import { CONTACT_RETENTION_MS, SENT_MAIL_RETENTION_MS, sweepOldMail } from './mail-retention.js';
import { APPEAL_WINDOW_MS } from './rejected-photos.js';
import { sweepRemovedComments } from './removed-comments.js';

// Personal data kept for a purpose goes once the purpose has passed (docs/privacy.md).
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ build: { sweeps: false } });
});
afterAll(() => app.teardown());

const HOUR_MS = 60 * 60 * 1000;
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

describe('sweepOldMail', () => {
  it('forgets sent, stored and failed mail after 30 days and contact messages after a year, never mail still to go', async () => {
    const now = new Date();
    const old = ago(now, SENT_MAIL_RETENTION_MS + HOUR_MS);
    const mail = (status: 'sent' | 'stored' | 'failed' | 'pending', createdAt: Date) => ({
      to: `${status}-${createdAt.getTime()}@example.com`,
      subject: 's',
      text: 't',
      html: 'h',
      status,
      createdAt,
    });
    await app.ctx.db
      .insert(mailOutbox)
      .values([
        mail('sent', old),
        mail('stored', old),
        mail('failed', old),
        mail('pending', old),
        mail('sent', ago(now, SENT_MAIL_RETENTION_MS - HOUR_MS)),
      ]);
    const message = (createdAt: Date) => ({
      fullname: 'A',
      email: 'a@example.com',
      subject: 's',
      message: 'm',
      createdAt,
    });
    await app.ctx.db
      .insert(contactMessages)
      .values([message(ago(now, CONTACT_RETENTION_MS + HOUR_MS)), message(ago(now, CONTACT_RETENTION_MS - HOUR_MS))]);

    expect(await sweepOldMail(app.ctx, now)).toBe(4);
    const left = await app.ctx.db.select().from(mailOutbox);
    expect(left.map((row) => row.status).sort()).toEqual(['pending', 'sent']);
    expect(await app.ctx.db.select().from(contactMessages)).toHaveLength(1);
  });
});

describe('sweepRemovedComments', () => {
  it('forgets kept threads after the appeal window or once restored, unless an appeal waits', async () => {
    const now = new Date();
    const author = await signedIn(app);
    const post = await approvedPost(app, author.user.id);
    const kept = (removedAt: Date, restoredAt: Date | null = null) => ({
      commentId: randomUUID(),
      postId: post.id,
      userId: author.user.id,
      rows: [],
      removedAt,
      restoredAt,
    });
    const expired = kept(ago(now, APPEAL_WINDOW_MS + HOUR_MS));
    const appealed = kept(ago(now, APPEAL_WINDOW_MS + HOUR_MS));
    const restored = kept(ago(now, HOUR_MS), now);
    const fresh = kept(ago(now, HOUR_MS));
    await app.ctx.db.insert(removedComments).values([expired, appealed, restored, fresh]);
    await app.ctx.db.insert(appeals).values({
      userId: author.user.id,
      targetType: 'comment',
      targetId: appealed.commentId,
      decisionAt: appealed.removedAt,
      decision: {},
      statement: 'Please look again.',
    });

    expect(await sweepRemovedComments(app.ctx, now)).toBe(2);
    const left = await app.ctx.db.select().from(removedComments);
    expect(left.map((row) => row.commentId).sort()).toEqual([appealed.commentId, fresh.commentId].sort());
  });
});
