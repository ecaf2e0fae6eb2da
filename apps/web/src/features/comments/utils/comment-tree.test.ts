import type { Comment } from '@kettle/shared';
import { describe, expect, it } from 'vitest';
import { countComments, hasComment, insertComment, withoutComments, withoutUser } from './comment-tree';

const comment = (id: string, patch: Partial<Comment> = {}): Comment => ({
  id,
  content: `text ${id}`,
  user_id: 'u-ava',
  username: 'ava',
  created_at: '2026-11-22T10:00:00.000Z',
  parent_comment_id: null,
  is_own: false,
  replies: [],
  ...patch,
});

const tree = (): Comment[] => [
  comment('a', {
    replies: [comment('a1', { parent_comment_id: 'a', replies: [comment('a1x', { parent_comment_id: 'a1' })] })],
  }),
  comment('b', { user_id: 'u-ben', username: 'ben' }),
];

describe('comment tree', () => {
  it('counts replies at every depth', () => {
    expect(countComments([])).toBe(0);
    expect(countComments(tree())).toBe(4);
  });

  it('finds an id at any depth', () => {
    expect(hasComment(tree(), 'a1x')).toBe(true);
    expect(hasComment(tree(), 'zz')).toBe(false);
  });

  it('appends a top-level comment last and a reply last under its parent, without touching the input', () => {
    const before = tree();
    const top = insertComment(before, comment('c'));
    expect(top.status === 'inserted' && top.comments.map((c) => c.id)).toEqual(['a', 'b', 'c']);

    const deep = insertComment(before, comment('a1y', { parent_comment_id: 'a1' }));
    if (deep.status !== 'inserted') throw new Error(deep.status);
    expect(deep.comments[0]?.replies[0]?.replies.map((c) => c.id)).toEqual(['a1x', 'a1y']);
    expect(deep.comments[1]).toBe(before[1]);
    expect(before[0]?.replies[0]?.replies).toHaveLength(1);
  });

  it('refuses an id it has and a reply whose parent it lacks', () => {
    expect(insertComment(tree(), comment('a1x', { parent_comment_id: 'a1' }))).toEqual({ status: 'duplicate' });
    expect(insertComment(tree(), comment('n', { parent_comment_id: 'gone' }))).toEqual({ status: 'orphan' });
  });

  it("drops a user's comments with the threads under them", () => {
    const withBenReply = [
      comment('a', { replies: [comment('r', { user_id: 'u-ben', replies: [comment('rr')] })] }),
      comment('b', { user_id: 'u-ben' }),
    ];
    expect(withoutUser(withBenReply, 'u-ben')).toEqual([comment('a')]);
  });

  it('drops deleted comments with the threads under them, and keeps the same tree when none is there', () => {
    expect(withoutComments(tree(), new Set(['a1']))).toEqual([comment('a'), tree()[1]]);
    expect(withoutComments(tree(), new Set(['b', 'a1x']))).toEqual([
      comment('a', { replies: [comment('a1', { parent_comment_id: 'a' })] }),
    ]);
    const same = tree();
    expect(withoutComments(same, new Set(['zzz']))).toBe(same);
  });
});
