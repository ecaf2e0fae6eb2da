import type userEvent from '@testing-library/user-event';
import { json, reader, route, stubApi } from '@/testing';

export const CATEGORY = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Cheater Alert',
  description: 'Caught cheating.',
};
export const STATE = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'California',
  code: 'CA',
  description: 'Tea spilled in and around California.',
};
export const ORIGINAL_POST_ID = '33333333-3333-4333-8333-333333333333';

export const buildUser = (patch: { email_verified?: boolean; coin_balance?: number } = {}) => ({
  ...reader(120),
  ...patch,
});

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Stubs fetch (with '@/testing'): the signed-in user and the taxonomy lists, plus one handler for
 * the create call (any POST). Returns the fetch mock.
 */
export function stubPostingApi({
  user = buildUser(),
  create,
}: {
  user?: ReturnType<typeof buildUser>;
  create?: Handler;
}) {
  const taxonomy = (data: unknown[]) => () => json({ data, metadata: { total_elements: 1 } });
  return stubApi(
    [
      route('GET', '/categories/', taxonomy([CATEGORY])),
      route('GET', '/states/', taxonomy([STATE])),
      (call, init) => (call.method === 'POST' && create ? create(init) : undefined),
    ],
    { user },
  ).fetchMock;
}

export type User = ReturnType<typeof userEvent.setup>;

export const imageFile = (name = 'photo.png', type = 'image/png', size = 1024) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
