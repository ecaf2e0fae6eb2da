import type { ReportReason } from '@kettle/shared';
import type { CastName } from './cast.js';
import type { SceneName } from './scenes.js';

/** A comment on a demo tea; `reply` is the index of the comment it answers, in the same tea. */
export type DemoComment = { by: CastName; text: string; hours: number; reply?: number };

/** One published tea of the demo, and what the community did with it. */
export type DemoTea = {
  key: string;
  by: CastName;
  /** Always a made-up handle: nobody real is gossiped about in the demo. */
  handle: string;
  /** Default category name (DEFAULT_CATEGORIES) and US state code. */
  category: string;
  state: string;
  title: string;
  content: string;
  /** Published this many days ago; submitted a few hours before. */
  days: number;
  photos?: SceneName[];
  bounty?: number;
  /** Readers who only unlocked it (voters and commenters unlock it first by themselves). */
  readers?: CastName[];
  votes?: CastName[];
  comments?: DemoComment[];
  /** Index of the comment the author gives the bounty to. */
  awardTo?: number;
  /** Key of the tea this one reverses (a reversal is written by someone else, product.md §4). */
  reverses?: string;
};

/** A tea still in the moderation queue, submitted this many hours ago. */
export type QueuedTea = Omit<DemoTea, 'days' | 'readers' | 'votes' | 'comments' | 'awardTo' | 'reverses'> & {
  hours: number;
};

/** An open report on a tea, or on one of its comments (`comment` is its index). */
export type DemoReport = {
  by: CastName;
  tea: string;
  comment?: number;
  reason: ReportReason;
  description: string;
  hours: number;
};
