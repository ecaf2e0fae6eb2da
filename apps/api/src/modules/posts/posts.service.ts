import {
  COSTS,
  POST_MESSAGES,
  type OwnPost,
  type PostCreateData,
  type ReversalCreateData,
  type StoredFinding,
} from '@kettle/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { postImages, posts } from '../../db/schema.js';
import {
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  validationFailed,
  type FieldError,
} from '../../lib/app-error.js';
import { newStorageKey, type ProcessedImage } from '../../lib/images/process-image.js';
import { removeImageFiles } from '../../lib/images/delete-images.js';
import { assertCanAfford, spendCoins } from '../coins/coins.service.js';
import type { UserRow } from '../../db/rows.js';
import { escrowBounty } from './bounty/bounty.service.js';
import { submissionTotal } from './bounty/bounty.policy.js';
import { HANDLE_LIMIT, reversalRefusal } from './posts.policy.js';
import type { PostRow } from '../../db/rows.js';
import { presentOwnPost } from './reading/read-context.js';
import * as repo from './posts.repository.js';
import { findingsOfTea } from './privacy/tea-findings.js';
import { recordReview } from './privacy/privacy-reviews.service.js';

export type NewPost = { data: PostCreateData; images: ProcessedImage[]; originalPostId?: string };
type Submission = NewPost & { findings: StoredFinding[] };

const HOUR_MS = 3_600_000;

/**
 * A fast refusal before any image is decoded (issue 10, item 15): the fee plus the bounty must be
 * in the balance now. The charge itself happens, conditionally, in the submission's transaction.
 */
export async function assertCanPay(
  ctx: AppContext,
  user: UserRow,
  data: Pick<PostCreateData, 'bounty'>,
  reversal: boolean,
): Promise<void> {
  await assertCanAfford(ctx.db, user.id, submissionTotal(data.bounty, reversal));
}

async function assertReferencesExist(ctx: AppContext, data: PostCreateData): Promise<void> {
  const [category, state] = await Promise.all([
    repo.categoryExists(ctx.db, data.category_id),
    repo.stateExists(ctx.db, data.state_id),
  ]);
  const errors: FieldError[] = [];
  if (!category) errors.push({ field: 'category_id', message: POST_MESSAGES.invalidCategory });
  if (!state) errors.push({ field: 'state_id', message: POST_MESSAGES.invalidState });
  if (errors.length > 0) throw validationFailed(errors);
}

async function assertHandleLimit(tx: Tx, authorId: string, handle: string): Promise<void> {
  const since = new Date(Date.now() - HANDLE_LIMIT.windowHours * HOUR_MS);
  const recent = await repo.recentPostsAboutHandle(tx, authorId, handle, since);
  if (recent.count < HANDLE_LIMIT.count) return;
  const freeAt = (recent.oldest?.getTime() ?? Date.now()) + HANDLE_LIMIT.windowHours * HOUR_MS;
  throw tooManyRequests(POST_MESSAGES.handleLimit, (freeAt - Date.now()) / 1000);
}

async function assertReversible(tx: Tx, author: UserRow, originalId: string): Promise<void> {
  const original = await repo.findPost(tx, originalId);
  const refusal = reversalRefusal(author, original);
  if (refusal === 'missing') throw notFound(POST_MESSAGES.reversalOriginalMissing);
  if (refusal === 'own') throw forbidden(POST_MESSAGES.reversalOwnPost);
  if (await repo.hasLiveReversal(tx, originalId)) throw conflict(POST_MESSAGES.reversalExists);
}

type KeyedImage = ProcessedImage & { key: string; previewKey: string };

/** Post row, charge and image rows in one transaction; the files are written last, inside it. */
async function insertPaidPost(
  ctx: AppContext,
  tx: Tx,
  author: UserRow,
  input: Submission,
  files: KeyedImage[],
  stored: string[],
): Promise<PostRow> {
  const { data } = input;
  await repo.lockAuthor(tx, author.id);
  await assertHandleLimit(tx, author.id, data.tagged_handle);
  if (input.originalPostId) await assertReversible(tx, author, input.originalPostId);
  // The author's row is locked: the fee and the bounty are refused together, naming their total.
  await assertCanAfford(tx, author.id, submissionTotal(data.bounty, Boolean(input.originalPostId)));
  const [post] = await tx
    .insert(posts)
    .values({
      authorId: author.id,
      title: data.title,
      content: data.content,
      taggedHandle: data.tagged_handle,
      categoryId: data.category_id,
      stateId: data.state_id,
      bounty: data.bounty,
      bountyStatus: data.bounty > 0 ? 'escrowed' : 'none',
      evidenceLink: data.evidence_link ?? null,
      originalPostId: input.originalPostId ?? null,
      // The schema refuses a submission without it: the time is when this author attested it.
      attestedAt: new Date(),
    })
    .returning();
  if (!post) throw new Error('post insert returned nothing');
  await spendCoins(tx, {
    userId: author.id,
    cost: input.originalPostId ? COSTS.submitReversal : COSTS.submitTea,
    kind: input.originalPostId ? 'submit_reversal' : 'submit_tea',
    reference: { type: 'post', id: post.id },
  });
  await escrowBounty(tx, post);
  // Kept whatever the author did with the composer's highlights: the moderators' queue reads it.
  await recordReview(tx, { postId: post.id }, input.findings, 'submission');
  if (files.length === 0) return post;
  await tx.insert(postImages).values(
    files.map((file, position) => ({
      postId: post.id,
      storageKey: file.key,
      previewKey: file.previewKey,
      width: file.width,
      height: file.height,
      position,
    })),
  );
  for (const file of files) {
    await ctx.images.put(file.key, file.data);
    stored.push(file.key);
    await ctx.images.put(file.previewKey, file.preview);
    stored.push(file.previewKey);
  }
  return post;
}

/**
 * Creates a tea (or, with originalPostId, a reversal): pending, paid for, with its images.
 * Any failure takes no coins and leaves no file behind.
 */
export async function createPost(ctx: AppContext, author: UserRow, input: NewPost): Promise<OwnPost> {
  await assertReferencesExist(ctx, input.data);
  const submission = { ...input, findings: findingsOfTea(input.data) };
  const files = input.images.map((image) => ({ ...image, key: newStorageKey(), previewKey: newStorageKey() }));
  const stored: string[] = [];
  let post: PostRow;
  try {
    post = await ctx.db.transaction((tx) => insertPaidPost(ctx, tx, author, submission, files, stored));
  } catch (error) {
    await removeImageFiles(ctx.images, stored);
    if (repo.isLiveReversalViolation(error)) throw conflict(POST_MESSAGES.reversalExists);
    throw error;
  }
  return presentOwnPost(ctx.db, post, ctx.secret);
}

/**
 * A reversal answers the original about the same subject, so its handle, category and state are
 * the original's, never the form's. The original is checked again in the submission's transaction.
 */
export async function createReversal(
  ctx: AppContext,
  author: UserRow,
  form: { data: ReversalCreateData; images: ProcessedImage[] },
): Promise<OwnPost> {
  const { original_post_id: originalId, ...fields } = form.data;
  const original = await repo.findPost(ctx.db, originalId);
  if (!original || reversalRefusal(author, original) === 'missing') {
    throw notFound(POST_MESSAGES.reversalOriginalMissing);
  }
  const data: PostCreateData = {
    ...fields,
    tagged_handle: original.taggedHandle,
    category_id: original.categoryId,
    state_id: original.stateId,
  };
  return createPost(ctx, author, { data, images: form.images, originalPostId: original.id });
}
