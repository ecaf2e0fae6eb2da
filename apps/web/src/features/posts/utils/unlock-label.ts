import { formatCount } from '@kettle/shared';

/** 'Unlock for 40 coins': the unlock button's words, on a card and on the post page alike. */
export const unlockLabel = (price: number) => `Unlock for ${formatCount(price)} ${price === 1 ? 'coin' : 'coins'}`;
