import type { AccountExport, Comment } from '@kettle/shared';
import { describe, expect, it } from 'vitest';
import { moderate } from '../../../test/bounty-kit.js';
import { deleteCommentCall, postComment } from '../../../test/conversation-kit.js';
import { useTestApp, type TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import { buildPost, signedIn } from '../../../test/posts-kit.js';
import { approvedPost, unlock } from '../../../test/reading-kit.js';
import { companies } from '../../db/schema.js';

let app: TestApp;
useTestApp((made) => {
  app = made;
});

const exportOf = async (auth: Record<string, string>): Promise<{ body: string; file: AccountExport }> => {
  const res = await app.inject({ method: 'GET', url: `${API}/users/me/export`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, file: res.json<AccountExport>() };
};

describe('GET /users/me/export holds only the member’s own words and data', () => {
  it('leaves out other members’ replies and ids and the moderators behind a decision', async () => {
    const member = await signedIn(app, { coins: 500 });
    const other = await signedIn(app, { coins: 500 });
    const admin = await signedIn(app, { isAdmin: true });

    // An admin moderates the member's tea (rejects it) and verifies their company.
    const tea = await buildPost(app, member.user.id, { status: 'pending', title: 'My tea for review' });
    expect((await moderate(app, admin, tea.id, 'rejected')).statusCode).toBe(200);
    await app.ctx.db.insert(companies).values({
      ownerId: member.user.id,
      name: 'Member Co',
      handle: '@memberco',
      verifiedAt: new Date(),
      verifiedBy: admin.user.id,
    });

    // Another member replies to the member's comment; an admin then removes the comment (and the reply with it).
    const theirs = await approvedPost(app, other.user.id);
    expect((await unlock(app, member.auth, theirs.id)).statusCode).toBe(200);
    const mine = await postComment(app, member.auth, theirs.id, { content: 'The member wrote this.' });
    expect(mine.statusCode, mine.body).toBe(201);
    const myComment = mine.json<{ comment: Comment }>().comment;
    const reply = await postComment(app, other.auth, theirs.id, {
      content: 'The other member replied this.',
      parent_comment_id: myComment.id,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect((await deleteCommentCall(app, admin.auth, myComment.id)).statusCode).toBe(204);

    // The privacy guard holds one of the member's comments for a moderator.
    const held = await postComment(app, member.auth, theirs.id, { content: 'Call her at (512) 867-2291 tonight.' });
    expect(held.statusCode, held.body).toBe(202);

    // The member blocks the other member.
    const block = await app.inject({
      method: 'POST',
      url: `${API}/users/me/blocks`,
      headers: member.auth,
      payload: { user_id: other.user.id },
    });
    expect(block.statusCode, block.body).toBeLessThan(300);

    const { body, file } = await exportOf(member.auth);
    // The member's own words and decisions are there...
    expect(file.teas.map((t) => t.title)).toContain('My tea for review');
    expect(file.removed_comments).toHaveLength(1);
    expect(JSON.stringify(file.removed_comments)).toContain('The member wrote this.');
    expect(file.blocks).toHaveLength(1);
    expect(file.held_comments.map((row) => row.content)).toEqual(['Call her at (512) 867-2291 tonight.']);
    expect(file.company).toMatchObject({ name: 'Member Co' });
    // ...and nobody else's words or ids, nor the admin's.
    expect(body).not.toContain('The other member replied this.');
    expect(body).not.toContain(other.user.id);
    expect(body).not.toContain(admin.user.id);
  });
});
