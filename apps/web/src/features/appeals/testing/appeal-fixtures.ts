import { APPEAL_DECISION_LABELS, type Appeal, type AppealDecision, type Appealable } from '@kettle/shared';
import { json } from '@/testing';

let counter = 0;
const nextId = (prefix: string) => {
  counter += 1;
  return `${prefix}-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

type Decision = Appealable['decision'];

/** A decision as the API names it: a tea not published on 20 November, unless overridden. */
export function makeDecision(kind: AppealDecision = 'post_rejected', overrides: Partial<Decision> = {}): Decision {
  return {
    kind,
    label: APPEAL_DECISION_LABELS[kind],
    reason: 'Names a private person.',
    rule_title: null,
    decided_at: '2026-11-20T10:00:00.000Z',
    decided_by: null,
    ...overrides,
  };
}

/** A rejected tea still open to appeal (GET /appeals/eligible). */
export function makeAppealable(overrides: Partial<Appealable> = {}): Appealable {
  return {
    target_type: 'post',
    target_id: nextId('a1a1a1a1'),
    decision: makeDecision(),
    title: 'The party on Elm Street',
    appeal_by: '2026-12-20T10:00:00.000Z',
    reviewer: 'another_admin',
    ...overrides,
  };
}

/** A pending appeal as the user's own list returns it (no content, no user). */
export function makeAppeal(overrides: Partial<Appeal> = {}): Appeal {
  return {
    id: nextId('b2b2b2b2'),
    target_type: 'post',
    target_id: nextId('a1a1a1a1'),
    statement: 'It names nobody: the handle is a public shop account.',
    status: 'pending',
    reason: null,
    decision: makeDecision(),
    content: null,
    user: null,
    reviewed_by: null,
    created_at: '2026-11-21T09:00:00.000Z',
    reviewed_at: null,
    reviewer: 'another_admin',
    review_block: null,
    ...overrides,
  };
}

/** The same appeal as an admin reads it: the user, the content and who decided. */
export function makeAdminAppeal(overrides: Partial<Appeal> = {}): Appeal {
  const appeal = makeAppeal();
  return {
    ...appeal,
    decision: makeDecision('post_rejected', { decided_by: 'boss' }),
    content: {
      post_id: appeal.target_id,
      title: 'The party on Elm Street',
      text: 'Everyone heard the kettle whistle at 3 am.',
      image_urls: ['/uploads/elm-1.webp'],
    },
    user: { id: '44444444-4444-4444-8444-444444444444', username: 'ava' },
    ...overrides,
  };
}

/** One page of appeals as GET /appeals/mine and GET /admin/appeals answer. */
export const appealPage = (data: Appeal[], { page = 1, total_pages = 1, total = data.length } = {}) =>
  json({ data, page, total_pages, total });

export const eligibleList = (data: Appealable[]) => json({ data });
