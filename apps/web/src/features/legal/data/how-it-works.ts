import { COSTS, DEFAULT_DAILY_DROP_COINS, DEFAULT_SIGNUP_BONUS_COINS, LIMITS } from '@kettle/shared';
import type { LucideIcon } from 'lucide-react';
import { Coffee, CreditCard, Gift, LockOpen, MapPinned, ShieldAlert, UserPlus } from 'lucide-react';

export type HowItWorksStep = {
  id: string;
  title: string;
  icon: LucideIcon;
  points: ReadonlyArray<string>;
  links?: ReadonlyArray<{ to: string; label: string }>;
};

export const HOW_IT_WORKS: ReadonlyArray<HowItWorksStep> = [
  {
    id: 'spill',
    title: 'Spill the tea',
    icon: Coffee,
    points: [
      `Submit a tea for ${COSTS.submitTea} coins: a title, your story, the handle it is about, a category, a state and up to ${LIMITS.maxImages} photos.`,
      'Moderators review it first. We let you know when it is published.',
    ],
    links: [{ to: '/submit', label: 'Submit a tea' }],
  },
  {
    id: 'daily-drops',
    title: 'Daily drops',
    icon: Gift,
    points: [`Claim ${DEFAULT_DAILY_DROP_COINS} free coins once a day. The day resets at midnight UTC.`],
  },
  {
    id: 'unlock',
    title: 'Unlock',
    icon: LockOpen,
    points: [
      `Spend coins to read a tea in full, usually ${COSTS.unlockPost}; the price is on the card. Your own teas are always free to read.`,
      `Once unlocked you can comment for ${COSTS.comment} coins and upvote for ${COSTS.upvote}.`,
    ],
  },
  {
    id: 'damage-control',
    title: 'Damage control',
    icon: ShieldAlert,
    points: [
      `Empty the Pot: delete your own tea for ${COSTS.emptyPot} coins, as long as nobody has unlocked it yet.`,
      `Reverse the Table: post a reversal with the other side of a story for ${COSTS.submitReversal} coins.`,
    ],
  },
  {
    id: 'buy-coins',
    title: 'Buy coins',
    icon: CreditCard,
    points: ['Top up with a coin bundle, paid by card. Bigger bundles come with bonus coins.'],
    links: [{ to: '/buy-coins', label: 'See bundles' }],
  },
  {
    id: 'browse',
    title: 'Browse by state and category',
    icon: MapPinned,
    points: ['Find the teas that matter to you by US state or by topic.'],
    links: [
      { to: '/states', label: 'Browse states' },
      { to: '/categories', label: 'Browse categories' },
    ],
  },
  {
    id: 'create-account',
    title: 'Create an account',
    icon: UserPlus,
    points: [`Sign up with a username of your choice and get ${DEFAULT_SIGNUP_BONUS_COINS} coins to start.`],
    links: [{ to: '/auth/signup', label: 'Sign up' }],
  },
];
