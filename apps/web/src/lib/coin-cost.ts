import { useCurrentUser } from './current-user';

export type CoinCost = {
  cost: number;
  /** Undefined while the signed-in user is loading (or for a visitor). */
  balance: number | undefined;
  /** How many coins are missing; 0 when the balance covers the cost or is not known yet. */
  shortfall: number;
};

/** What a paid action costs against the balance the header shows (the current user's query). */
export function coinCost(cost: number, balance: number | undefined): CoinCost {
  return { cost, balance, shortfall: balance === undefined ? 0 : Math.max(0, cost - balance) };
}

/**
 * The cost of one paid action for the signed-in reader. The browser only warns early: the
 * server still refuses a short balance with 402, so a stale balance cannot buy anything.
 */
export function useCoinCost(cost: number): CoinCost {
  const { data: user } = useCurrentUser();
  return coinCost(cost, user?.coin_balance);
}
