import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { ProcessedImage } from '../../lib/images/process-image.js';
import type { UserRow } from '../rows.js';
import type { Tx } from '../client.js';
import type { CastName } from './cast.js';
import { backdate, type StampedTable } from './clock.js';

/** One thing that happened in the demo's past, run through the real services at its turn. */
export type Step = { at: Date; tables: readonly StampedTable[]; run: () => Promise<void> };

/** What the steps share while the story is told: the seeding context and what earlier steps made. */
export type Stage = {
  ctx: AppContext;
  tx: Tx;
  log: FastifyBaseLogger;
  now: Date;
  cast: Map<CastName, UserRow>;
  /** Tea key → post id. */
  posts: Map<string, string>;
  /** `${tea key}#${index}` → comment id. */
  comments: Map<string, string>;
  /** A photo (drawn in the background) by `${tea key}#${index}`. */
  photo: (key: string) => Promise<ProcessedImage>;
};

export function member(stage: Stage, name: CastName): UserRow {
  const user = stage.cast.get(name);
  if (!user) throw new Error(`demo: ${name} has not arrived yet`);
  return user;
}

export function postId(stage: Stage, key: string): string {
  const id = stage.posts.get(key);
  if (!id) throw new Error(`demo: tea ${key} has not been submitted yet`);
  return id;
}

/** Runs the steps in time order (stable for equal times), backdating what each one wrote. */
export async function play(stage: Stage, steps: Step[]): Promise<void> {
  const ordered = steps.map((step, index) => ({ step, index }));
  ordered.sort((a, b) => a.step.at.getTime() - b.step.at.getTime() || a.index - b.index);
  for (const { step } of ordered) {
    await step.run();
    await backdate(stage.tx, step.at, step.tables);
  }
}
