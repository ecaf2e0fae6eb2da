import { BLOCK_MESSAGES, MESSAGES, type BlockedUser, type BlockList } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { userBlocks } from '../../db/schema.js';
import { notFound, validationFailed } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import type { UserRow } from '../../db/rows.js';
import { findUserById } from '../users/users.service.js';
import { deleteBlock, insertBlock, listBlocks } from './blocks.repository.js';

type BlockRow = Awaited<ReturnType<typeof listBlocks>>[number];

const toBlockedUser = (row: BlockRow): BlockedUser => ({
  user_id: row.userId,
  username: row.username,
  blocked_at: row.blockedAt.toISOString(),
});

/**
 * Block: the blocker stops seeing that user's comments (decisions.md, Stubs). Nothing else
 * changes for either side, and the blocked user is not told. Blocking twice answers the
 * existing block.
 */
export async function blockUser(ctx: AppContext, user: UserRow, blockedId: string): Promise<BlockedUser> {
  if (blockedId === user.id) throw validationFailed([{ field: 'user_id', message: BLOCK_MESSAGES.self }]);
  const target = await findUserById(ctx.db, blockedId);
  if (!target) throw notFound(MESSAGES.notFound.user);
  await insertBlock(ctx.db, user.id, target.id);
  const [row] = await listBlocks(ctx.db, user.id, target.id);
  // The user may have been deleted between the two statements (the block cascades away).
  if (!row) throw notFound(MESSAGES.notFound.user);
  return toBlockedUser(row);
}

export async function listBlockedUsers(ctx: AppContext, user: UserRow): Promise<BlockList> {
  return { blocks: (await listBlocks(ctx.db, user.id)).map(toBlockedUser) };
}

/** Undo (My Account). Idempotent: an id that names no block, or no user at all, changes nothing. */
export async function unblockUser(ctx: AppContext, user: UserRow, blockedId: string): Promise<void> {
  if (!isUuid(blockedId)) return;
  await deleteBlock(ctx.db, user.id, blockedId);
}

/**
 * Everyone this user blocked, for the modules that hide their words from the blocker (the
 * comments list, the live stream).
 */
export async function blockedUserIds(db: DbOrTx, blockerId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: userBlocks.blockedId })
    .from(userBlocks)
    .where(eq(userBlocks.blockerId, blockerId));
  return new Set(rows.map((row) => row.id));
}
