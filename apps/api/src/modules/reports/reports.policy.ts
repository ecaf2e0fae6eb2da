import type { PostStatus } from '@kettle/shared';

export type ReportRefusal = 'admin' | 'own' | null;

/**
 * Why this user may not report something written by `authorId`, or null when they may. Admins
 * decide reports, so they do not file them; nobody reports their own words.
 */
export function reportRefusal(reporter: { id: string; isAdmin: boolean }, authorId: string): ReportRefusal {
  if (reporter.isAdmin) return 'admin';
  if (reporter.id === authorId) return 'own';
  return null;
}

/**
 * Only published posts can be reported; reporting does not need an unlock (decisions.md, Coins).
 * The post detail's can_report (posts/access/gate.ts canReport) follows the same rules.
 */
export const isReportable = (post: { status: PostStatus }): boolean => post.status === 'approved';

/**
 * A comment can be reported by whoever can read it: its post is published and the reporter
 * unlocked it or wrote it (admins read everything but do not report).
 */
export const canReadComment = (
  reporterId: string,
  post: { authorId: string; status: PostStatus },
  unlocked: boolean,
): boolean => isReportable(post) && (unlocked || post.authorId === reporterId);

/** The reported comment's first `max` characters (code points, so no emoji is cut in half). */
export const commentExcerpt = (content: string, max: number): string => Array.from(content).slice(0, max).join('');
