import { postCardListSchema, type PostCardList } from '@kettle/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializer } from './response-serializer.js';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });

const card = {
  id: '7f1c3f0e-2a4b-4c5d-8e9f-0a1b2c3d4e5f',
  title: 'A "quoted" title with a line\nbreak and an emoji 🫖',
  content: 'Less than 150 characters…',
  is_locked: true,
  image_urls: ['/api/v1/uploads/a.webp?sig=x'],
  created_at: '2026-11-25T10:00:00.000Z',
  unlock_price: 10,
  is_unlocked_by_user: false,
  category: { name: 'Tea' },
  state: { name: 'Ohio' },
  author_username: 'ava',
  tagged_handle: '@a•••••',
  vote_count: 3,
  original_post_id: null,
  has_reversal: false,
  bounty: 0,
  bounty_status: 'none',
} satisfies PostCardList['data'][number];
const list: PostCardList = {
  data: [card],
  metadata: { total_elements: 1, skip: 0, limit: 9, total_capped: false },
};

describe('the response serializer (fast-json-stringify from the route schema)', () => {
  it('writes what zod would, byte for byte', () => {
    const fast = createResponseSerializer({ crossCheck: false })(route(postCardListSchema));
    expect(fast(list)).toBe(JSON.stringify(postCardListSchema.encode(list)));
  });

  it('writes only the properties the schema names', () => {
    const fast = createResponseSerializer({ crossCheck: false })(route(postCardListSchema));
    const leaky = { ...list, data: [{ ...card, password_hash: 'secret-hash', author_id: 'u1' }] };
    const text = fast(leaky);
    expect(text).not.toContain('secret-hash');
    expect(text).not.toContain('author_id');
  });

  it('in tests, refuses an answer zod refuses (fast-json-stringify alone would print it)', () => {
    const schema = z.object({ status: z.enum(['open', 'closed']) });
    const bad = { status: 'leaked' };
    expect(createResponseSerializer({ crossCheck: false })(route(schema))(bad)).toBe('{"status":"leaked"}');
    expect(() => createResponseSerializer({ crossCheck: true })(route(schema))(bad)).toThrow();
  });

  it("keeps zod's serializer where JSON Schema cannot say what the route answers", () => {
    const schema = z.object({ at: z.date() });
    const at = new Date('2026-11-25T10:00:00.000Z');
    expect(createResponseSerializer({ crossCheck: true })(route(schema))({ at })).toBe(
      '{"at":"2026-11-25T10:00:00.000Z"}',
    );
  });
});
