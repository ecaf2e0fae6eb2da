import { describe, expect, it } from 'vitest';
import { COSTS } from './constants.js';
import { COIN_ACTIONS, COIN_FAQ, coinActionsByCost, type CoinAction } from './guide.js';

describe('COIN_ACTIONS', () => {
  it('lists every cost in COSTS exactly once, at its constant price', () => {
    const ids = COIN_ACTIONS.map((action) => action.id);
    expect([...ids].sort()).toEqual(Object.keys(COSTS).sort());
    for (const action of COIN_ACTIONS) expect(action.cost).toBe(COSTS[action.id]);
  });

  it('gives every action a name and an explanation', () => {
    for (const action of COIN_ACTIONS) {
      expect(action.name.trim()).not.toBe('');
      expect(action.explanation.trim()).not.toBe('');
    }
  });
});

describe('coinActionsByCost', () => {
  it('sorts the guide ascending by cost', () => {
    const costs = coinActionsByCost().map((action) => action.cost);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    expect(costs).toHaveLength(COIN_ACTIONS.length);
  });

  it('keeps the source order of actions that cost the same', () => {
    const build = (id: CoinAction['id'], cost: number): CoinAction => ({ id, name: id, cost, explanation: id });
    const input = [build('submitTea', 25), build('upvote', 5), build('emptyPot', 25), build('comment', 5)];
    expect(coinActionsByCost(input).map((action) => action.id)).toEqual(['upvote', 'comment', 'submitTea', 'emptyPot']);
  });

  it('does not reorder the list it was given', () => {
    const before = COIN_ACTIONS.map((action) => action.id);
    coinActionsByCost();
    expect(COIN_ACTIONS.map((action) => action.id)).toEqual(before);
  });
});

describe('COIN_FAQ', () => {
  it('has unique ids and answers the questions the guide promises', () => {
    const ids = COIN_FAQ.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    const questions = COIN_FAQ.map((item) => item.question).join('\n');
    for (const topic of [/run out/i, /expire/i, /refund/i, /why .*coins/i, /unlocking/i, /spend/i, /own teas/i]) {
      expect(questions).toMatch(topic);
    }
  });
});
