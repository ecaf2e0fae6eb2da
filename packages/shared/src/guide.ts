import { BOUNTY_LIMITS, COSTS, DEFAULT_DAILY_DROP_COINS, DEFAULT_SIGNUP_BONUS_COINS } from './constants.js';

export type CoinAction = { id: keyof typeof COSTS; name: string; cost: number; explanation: string };

/** Actions and what they cost: the Coin Guide renders this list, so it follows the constants. */
export const COIN_ACTIONS: ReadonlyArray<CoinAction> = [
  {
    id: 'unlockPost',
    name: 'Unlock Post',
    cost: COSTS.unlockPost,
    explanation: `Reveal a tea's full story, its tagged handle and its comments. Once unlocked, it stays unlocked for you. ${COSTS.unlockPost} coins is the usual price; moderators may set a different price on a particular post, and the card always shows it before you pay.`,
  },
  {
    id: 'comment',
    name: 'Comment',
    cost: COSTS.comment,
    explanation: 'Add your voice to a tea you have unlocked, or reply to someone else in the thread.',
  },
  {
    id: 'upvote',
    name: 'Upvote',
    cost: COSTS.upvote,
    explanation: 'Lift a tea you have unlocked higher in the pot. One upvote per person per post.',
  },
  {
    id: 'submitReversal',
    name: 'Submit Reversal',
    cost: COSTS.submitReversal,
    explanation:
      'Reverse the table: post your side of the story, linked to the original tea. Moderators review it before it appears.',
  },
  {
    id: 'submitTea',
    name: 'Submit Tea Post',
    cost: COSTS.submitTea,
    explanation: 'Spill a new tea about a public handle. Moderators review every tea before it is published.',
  },
  {
    id: 'report',
    name: 'Report Content',
    cost: COSTS.report,
    explanation: 'Flag a tea that breaks the rules. The small cost keeps reports honest and discourages spam reports.',
  },
  {
    id: 'emptyPot',
    name: 'Empty the Pot',
    cost: COSTS.emptyPot,
    explanation:
      'Delete your own tea, as long as nobody else has unlocked it yet. It is a penalty for taking words back, not a service fee.',
  },
];

/**
 * The quick reference, cheapest first. Actions that cost the same keep their order in the
 * source list (Array.prototype.sort is stable since ES2019), so the table never reshuffles.
 */
export function coinActionsByCost(actions: ReadonlyArray<CoinAction> = COIN_ACTIONS): CoinAction[] {
  return [...actions].sort((a, b) => a.cost - b.cost);
}

export type CoinFaqItem = {
  id: string;
  question: string;
  answer: string;
  /** An in-app page that helps with this question; the web renders it as a router link. */
  link?: { to: string; label: string };
};

export const COIN_FAQ: ReadonlyArray<CoinFaqItem> = [
  {
    id: 'running-out',
    question: 'What if I run out of coins?',
    answer: `You can buy a coin bundle by card at any time, or claim your free daily drop of ${DEFAULT_DAILY_DROP_COINS} coins once every day (the day resets at midnight UTC).`,
    link: { to: '/buy-coins', label: 'Buy Tea Coins' },
  },
  {
    id: 'expiry',
    question: 'Do coins expire?',
    answer: 'No. Tea Coins never expire. Whatever is in your balance stays there until you spend it.',
  },
  {
    id: 'signup-bonus',
    question: 'Do I get any coins for free?',
    answer: `Yes. Every new account starts with a sign-up bonus of ${DEFAULT_SIGNUP_BONUS_COINS} coins, and you can claim a daily drop of ${DEFAULT_DAILY_DROP_COINS} coins once per day.`,
  },
  {
    id: 'refunds',
    question: 'Can I get a refund?',
    answer:
      'Coin purchases are generally final. If something went wrong, such as a technical problem or a purchase you made by accident, contact our support team and we will look into it.',
    link: { to: '/contact', label: 'Contact support' },
  },
  {
    id: 'why-coins',
    question: 'Why does the site use coins at all?',
    answer:
      'Coins put a small price on every action. That promotes thoughtful, quality posts, cuts down on spam and throwaway reports, and helps sustain the community and its moderators.',
  },
  {
    id: 'why-unlock',
    question: 'Why does unlocking a tea cost coins?',
    answer:
      'Locked cards hide the story and mask the tagged handle, so the people being discussed are not exposed to casual scrolling. Asking for a few coins makes reading a deliberate choice, and it is the same small price that keeps spam and low-effort posting away.',
  },
  {
    id: 'spent-coins',
    question: 'What happens to the coins I spend?',
    answer:
      'Spent coins leave circulation. They are not passed to the author or to anyone else, so nobody can earn money by posting gossip. The one exception is a bounty, which an author offers to a commenter. Every change to your balance is recorded in your transaction history.',
  },
  {
    id: 'bounty',
    question: 'How do bounties work?',
    answer: `When you submit a tea you may offer a bounty of up to ${BOUNTY_LIMITS.max.toLocaleString('en-US')} coins. It is taken from your balance with the submission fee and held until you award it, once the tea is published, to the most helpful comment by someone else; that commenter receives it in full. If the tea is rejected, emptied or removed, or you award nobody within ${BOUNTY_LIMITS.expiryDays} days of publishing, the whole bounty comes back to you.`,
  },
  {
    id: 'own-posts',
    question: 'Do authors pay to read their own teas?',
    answer: 'No. You can always read your own teas for free, and so can the moderators who review them.',
  },
  {
    id: 'failed-actions',
    question: 'Will I lose coins if an action fails?',
    answer:
      'No. Coins are only taken when the action succeeds. If an unlock, comment or post fails, your balance is left untouched.',
  },
];
