import { DELETED_COMMENT, type Comment, type TakedownCreated } from '@kettle/shared';
import { eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deleteCommentCall, postComment } from '../../../test/conversation-kit.js';
import { nextIp } from '../../../test/factories.js';
import { useTestApp, type TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import { mailsTo } from '../../../test/mailbox.js';
import { signedIn } from '../../../test/posts-kit.js';
import { approvedPost, unlock } from '../../../test/reading-kit.js';
import { decideCall, reportRow, takedownBody, takedownCall } from '../../../test/reports-kit.js';
import { contactMessages, heldComments, mailOutbox, removedComments } from '../../db/schema.js';

let app: TestApp;
useTestApp((made) => {
  app = made;
});

const contactCall = (auth: Record<string, string>, email: string) =>
  app.inject({
    method: 'POST',
    url: `${API}/auth/send-contact-email`,
    headers: auth,
    remoteAddress: nextIp(),
    payload: {
      fullname: 'Member Person',
      email,
      subject: 'A question',
      message: 'Words the member wrote to the team.',
    },
  });

describe('DELETE /users/me removes what the member wrote and was sent', () => {
  it('removes their contact messages and outbox mail, and anonymises their takedown requests', async () => {
    const member = await signedIn(app);
    const admin = await signedIn(app, { isAdmin: true });
    const otherAddress = `member-elsewhere-${Date.now().toString(36)}@example.test`;

    // Signed in, the member writes to the team from another address too.
    expect((await contactCall(member.auth, member.user.email)).statusCode).toBe(202);
    expect((await contactCall(member.auth, otherAddress)).statusCode).toBe(202);
    // A takedown while signed in, answered at another address; one as a visitor from their own.
    const signedInRequest = await takedownCall(app, takedownBody({ email: otherAddress }), { auth: member.auth });
    const visitorRequest = await takedownCall(app, takedownBody({ email: member.user.email }));
    expect(signedInRequest.statusCode).toBe(201);
    expect(visitorRequest.statusCode).toBe(201);
    const references = [signedInRequest, visitorRequest].map((res) => res.json<TakedownCreated>().reference);
    await app.ctx.jobs.drain();

    const deleted = await app.inject({
      method: 'DELETE',
      url: `${API}/users/me`,
      headers: member.auth,
      payload: { password: member.user.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    // Every contact message the member wrote is gone, whichever address it gave.
    const messages = await app.ctx.db
      .select()
      .from(contactMessages)
      .where(or(eq(contactMessages.userId, member.user.id), eq(contactMessages.email, otherAddress)));
    expect(messages).toEqual([]);
    // No mail holds the member's words or the request's answers: the team's copies with their
    // Reply-To went with them, and the other address keeps no confirmation of their request.
    const replyTo = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(or(eq(mailOutbox.replyTo, member.user.email), eq(mailOutbox.replyTo, otherAddress)));
    expect(replyTo).toEqual([]);
    expect(await mailsTo(app, otherAddress)).toEqual([]);
    expect((await mailsTo(app, member.user.email)).map((m) => m.subject)).toEqual(['Your Kettle account was deleted']);

    // Each request stays on the desk under its reference, without the address.
    const desk = await app.inject({ method: 'GET', url: `${API}/posts/admin/reports?limit=100`, headers: admin.auth });
    const listed = desk.json<{ reports: Array<{ id: string; reference: string; contact_email: string | null }> }>();
    const requests = listed.reports.filter((r) => references.includes(r.reference));
    expect(requests).toHaveLength(2);
    expect(requests.map((r) => r.contact_email)).toEqual([null, null]);

    // A decision on an anonymised request mails nobody.
    const before = (await app.ctx.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
    const [first] = requests;
    expect((await decideCall(app, admin.auth, first?.id ?? '', { status: 'approved' })).statusCode).toBe(200);
    expect((await reportRow(app, first?.id ?? ''))?.status).toBe('approved');
    await app.ctx.jobs.drain();
    expect((await app.ctx.db.select({ id: mailOutbox.id }).from(mailOutbox)).length).toBe(before);
  });

  it('blanks their replies kept in another member’s removed thread, so an upheld appeal cannot bring them back', async () => {
    const member = await signedIn(app, { coins: 500 });
    const other = await signedIn(app, { coins: 500 });
    const admin = await signedIn(app, { isAdmin: true });
    const tea = await approvedPost(app, admin.user.id);
    expect((await unlock(app, member.auth, tea.id)).statusCode).toBe(200);
    expect((await unlock(app, other.auth, tea.id)).statusCode).toBe(200);
    const theirs = (await postComment(app, other.auth, tea.id, { content: 'The other member wrote this.' })).json<{
      comment: Comment;
    }>().comment;
    const reply = await postComment(app, member.auth, tea.id, {
      content: 'The deleted member replied this.',
      parent_comment_id: theirs.id,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect((await deleteCommentCall(app, admin.auth, theirs.id)).statusCode).toBe(204);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `${API}/users/me`,
      headers: member.auth,
      payload: { password: member.user.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [kept] = await app.ctx.db.select().from(removedComments).where(eq(removedComments.commentId, theirs.id));
    const rows = kept?.rows as Array<{ user_id: string; content: string }>;
    expect(rows.map((r) => r.content)).toEqual(['The other member wrote this.', DELETED_COMMENT]);
  });

  it('deletes their comments the privacy guard held: never published, they are only their words', async () => {
    const member = await signedIn(app, { coins: 100 });
    const admin = await signedIn(app, { isAdmin: true });
    const tea = await approvedPost(app, admin.user.id);
    expect((await unlock(app, member.auth, tea.id)).statusCode).toBe(200);
    const held = await postComment(app, member.auth, tea.id, { content: 'Her number is (512) 867-2291.' });
    expect(held.statusCode, held.body).toBe(202);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `${API}/users/me`,
      headers: member.auth,
      payload: { password: member.user.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await app.ctx.db.select().from(heldComments).where(eq(heldComments.userId, member.user.id))).toEqual([]);
  });
});
