import { DEFAULT_CATEGORIES, US_STATES } from '@kettle/shared';
import type { ProcessedImage } from '../../lib/images/process-image.js';
import { renderScene } from './scenes.js';
import { eq } from 'drizzle-orm';
import { createComment } from '../../modules/comments/comments.service.js';
import { awardBounty } from '../../modules/posts/bounty/bounty.service.js';
import { setPostStatus } from '../../modules/posts/admin/posts-admin.service.js';
import { createPost } from '../../modules/posts/posts.service.js';
import { insertUnlock } from '../../modules/posts/unlocks/unlocks.repository.js';
import { enterPost } from '../../modules/posts/access/gate.js';
import { chargeForPost } from '../../modules/coins/coins.service.js';
import { reportComment, reportPost } from '../../modules/reports/reports.service.js';
import { votePost } from '../../modules/votes/votes.service.js';
import { categories, posts, states } from '../schema.js';
import { README_CAST, type CastName } from './cast.js';
import { hoursAfter, hoursBefore } from './clock.js';
import type { DemoTea, QueuedTea } from './script-types.js';
import { member, postId, type Stage, type Step } from './stage.js';
import { QUEUE, REPORTS, TEAS } from './teas.js';

const DAY_HOURS = 24;
/** Nothing in the story happens in the last quarter hour, so no card says 'just now'. */
const LATEST_HOURS_AGO = 0.25;

type Submitted = Omit<QueuedTea, 'hours'>;

async function taxonomyIds(stage: Stage, tea: Submitted): Promise<{ categoryId: string; stateId: string }> {
  const name = DEFAULT_CATEGORIES.find((c) => c.name === tea.category)?.name;
  const stateName = US_STATES.find((s) => s.code === tea.state)?.name;
  const [category] = await stage.tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.name, name ?? ''));
  const [state] = await stage.tx
    .select({ id: states.id })
    .from(states)
    .where(eq(states.name, stateName ?? ''));
  if (!category || !state) throw new Error(`demo: no category ${tea.category} or state ${tea.state}`);
  return { categoryId: category.id, stateId: state.id };
}

function submitStep(stage: Stage, tea: Submitted, at: Date, reverses?: string): Step {
  return {
    at,
    tables: ['posts', 'post_images', 'coin_ledger', 'users'],
    run: async () => {
      const { categoryId, stateId } = await taxonomyIds(stage, tea);
      const images = await Promise.all((tea.photos ?? []).map((_, i) => stage.photo(`${tea.key}#${i}`)));
      const post = await createPost(stage.ctx, member(stage, tea.by), {
        data: {
          title: tea.title,
          content: tea.content,
          category_id: categoryId,
          state_id: stateId,
          tagged_handle: tea.handle,
          bounty: tea.bounty ?? 0,
          attested: true,
        },
        images,
        originalPostId: reverses ? postId(stage, reverses) : undefined,
      });
      stage.posts.set(tea.key, post.id);
    },
  };
}

function approveStep(stage: Stage, tea: DemoTea, at: Date): Step {
  return {
    at,
    tables: ['notifications', 'audit_log'],
    run: async () => {
      const id = postId(stage, tea.key);
      await setPostStatus(stage.ctx, member(stage, README_CAST.admin), id, { status: 'approved' });
      await stage.tx.update(posts).set({ publishedAt: at, updatedAt: at }).where(eq(posts.id, id));
    },
  };
}

type Engagement = { at: Date; by: CastName; kind: 'read' | 'vote' | 'comment'; comment?: number };

/** Who did what after publication, in time order; each reader pays the unlock before engaging. */
function engagementSteps(stage: Stage, tea: DemoTea, published: Date): Step[] {
  const latest = hoursBefore(stage.now, LATEST_HOURS_AGO);
  const clamp = (at: Date) => (at > latest ? latest : at);
  const planned: Engagement[] = [
    ...(tea.readers ?? []).map((by, i) => ({ at: hoursAfter(published, 1.5 * (i + 1)), by, kind: 'read' as const })),
    ...(tea.votes ?? []).map((by, i) => ({ at: hoursAfter(published, 0.7 + 1.9 * i), by, kind: 'vote' as const })),
    ...(tea.comments ?? []).map((c, i) => ({
      at: hoursAfter(published, c.hours),
      by: c.by,
      kind: 'comment' as const,
      comment: i,
    })),
  ].map((e) => ({ ...e, at: clamp(e.at) }));
  planned.sort((a, b) => a.at.getTime() - b.at.getTime());
  const unlocked = new Set<CastName>([tea.by, README_CAST.admin]);
  const steps: Step[] = [];
  for (const e of planned) {
    if (!unlocked.has(e.by)) {
      unlocked.add(e.by);
      steps.push(unlockStep(stage, tea.key, e.by, new Date(e.at.getTime() - 10 * 60_000)));
    }
    if (e.kind === 'vote') steps.push(voteStep(stage, tea.key, e.by, e.at));
    if (e.kind === 'comment' && e.comment !== undefined) steps.push(commentStep(stage, tea, e.comment, e.at));
  }
  if (tea.awardTo !== undefined) {
    const lastComment = planned.filter((e) => e.kind === 'comment').at(-1)?.at ?? published;
    steps.push(awardStep(stage, tea, tea.awardTo, clamp(hoursAfter(lastComment, 0.5))));
  }
  return steps;
}

function unlockStep(stage: Stage, key: string, by: CastName, at: Date): Step {
  return {
    at,
    tables: ['post_unlocks', 'coin_ledger', 'users'],
    run: async () => {
      // unlockPost's charge without its reply (the post as the reader now sees it), which the
      // demo never reads and which would double the seed's time: same rows, same ledger entry.
      const reader = member(stage, by);
      const post = await enterPost(stage.tx, reader, postId(stage, key), 'unlock');
      if (!(await insertUnlock(stage.tx, reader.id, post.id, post.unlockPrice))) return;
      await chargeForPost(stage.tx, reader.id, 'unlock', post);
    },
  };
}

function voteStep(stage: Stage, key: string, by: CastName, at: Date): Step {
  return {
    at,
    tables: ['post_votes', 'post_events', 'coin_ledger', 'users'],
    run: async () => void (await votePost(stage.ctx, member(stage, by).id, postId(stage, key))),
  };
}

function commentStep(stage: Stage, tea: DemoTea, index: number, at: Date): Step {
  const comment = tea.comments?.[index];
  return {
    at,
    tables: ['comments', 'post_events', 'coin_ledger', 'users'],
    run: async () => {
      if (!comment) return;
      const parent = comment.reply === undefined ? null : (stage.comments.get(`${tea.key}#${comment.reply}`) ?? null);
      const created = await createComment(stage.ctx, member(stage, comment.by).id, postId(stage, tea.key), {
        content: comment.text,
        parent_comment_id: parent,
      });
      // The demo's comments are ordinary ones (demo-texts.ts, checked by the guard's quality test).
      if (created.held) throw new Error(`the privacy guard held a demo comment: ${comment.text}`);
      stage.comments.set(`${tea.key}#${index}`, created.comment.id);
    },
  };
}

function awardStep(stage: Stage, tea: DemoTea, index: number, at: Date): Step {
  return {
    at,
    tables: ['coin_ledger', 'notifications', 'users'],
    run: async () => {
      const id = postId(stage, tea.key);
      const commentId = stage.comments.get(`${tea.key}#${index}`) ?? '';
      await awardBounty(stage.ctx, member(stage, tea.by), id, { comment_id: commentId });
      await stage.tx.update(posts).set({ bountySettledAt: at }).where(eq(posts.id, id));
    },
  };
}

function reportSteps(stage: Stage): Step[] {
  return REPORTS.map((report) => ({
    at: hoursBefore(stage.now, report.hours),
    tables: ['reports', 'coin_ledger', 'users', 'notifications'],
    run: async () => {
      const input = { reason: report.reason, description: report.description };
      const by = member(stage, report.by);
      if (report.comment === undefined) {
        await reportPost(stage.ctx, by, postId(stage, report.tea), input);
        return;
      }
      const commentId = stage.comments.get(`${report.tea}#${report.comment}`) ?? '';
      await reportComment(stage.ctx, by, commentId, input);
    },
  }));
}

/** Every tea's life (submitted, approved, read, voted, discussed), the queue and the open reports. */
export function teaSteps(stage: Stage): Step[] {
  const steps: Step[] = [];
  TEAS.forEach((tea, i) => {
    const published = hoursBefore(stage.now, tea.days * DAY_HOURS);
    steps.push(submitStep(stage, tea, hoursBefore(published, 2 + (i % 5) * 1.5), tea.reverses));
    steps.push(approveStep(stage, tea, published));
    steps.push(...engagementSteps(stage, tea, published));
  });
  for (const tea of QUEUE) steps.push(submitStep(stage, tea, hoursBefore(stage.now, tea.hours)));
  steps.push(...reportSteps(stage));
  return steps;
}

/**
 * Every photo of the story, keyed `${tea key}#${index}`. Drawing starts at once and runs off the
 * main thread (sharp) while the transaction works through the steps; each submission awaits its own.
 */
export function renderPhotos(): Map<string, Promise<ProcessedImage>> {
  const wanted = [...TEAS, ...QUEUE].flatMap((tea, t) =>
    (tea.photos ?? []).map((scene, i) => ({ key: `${tea.key}#${i}`, scene, seed: t * 7 + i + 1 })),
  );
  return new Map(
    wanted.map((w) => {
      const image = renderScene(w.scene, w.seed);
      // Awaited by its submission step; this only keeps an early failure from going unhandled.
      image.catch(() => undefined);
      return [w.key, image];
    }),
  );
}
