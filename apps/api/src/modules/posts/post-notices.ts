import { NOTIFICATION_TEXT } from '@kettle/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { postApprovedMail, postRejectedMail } from '../../lib/mailer/post-templates.js';
import { notify } from '../../lib/notify.js';
import { findUserById } from '../users/users.service.js';
import type { PostRow } from '../../db/rows.js';

const MY_TEAS = '/my-teas';
const postLink = (post: PostRow) => `/posts/${post.id}`;

/** The in-app notice of a moderation decision; call it in the decision's transaction. */
export async function noticeInApp(db: DbOrTx, post: PostRow): Promise<void> {
  if (post.status === 'approved') {
    const text = NOTIFICATION_TEXT.postApproved;
    await notify(db, {
      userId: post.authorId,
      kind: 'post_approved',
      title: text.title,
      body: text.body(post.title),
      link: postLink(post),
    });
  } else if (post.status === 'rejected') {
    const text = NOTIFICATION_TEXT.postRejected;
    await notify(db, {
      userId: post.authorId,
      kind: 'post_rejected',
      title: text.title,
      body: text.body(post.title, post.rejectionReason),
      link: MY_TEAS,
    });
  }
}

/** The mail of a moderation decision; call it once the decision has committed. */
export async function noticeByMail(ctx: AppContext, post: PostRow): Promise<void> {
  if (post.status === 'pending') return;
  const author = await findUserById(ctx.db, post.authorId);
  if (!author) return;
  const origin = ctx.config.appOrigin;
  const message =
    post.status === 'approved'
      ? postApprovedMail(author.email, author.username, post.title, `${origin}${postLink(post)}`)
      : postRejectedMail(author.email, author.username, post.title, post.rejectionReason, `${origin}${MY_TEAS}`);
  await ctx.mailer.send(message);
}
