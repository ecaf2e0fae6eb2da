import { describe, expect, it } from 'vitest';
import { lockedPreview, maskHandle, postListQuerySchema } from './post-cards.js';

describe('locked previews', () => {
  it('adds an ellipsis only to text the server cut at 150 characters', () => {
    expect(lockedPreview(`${'a'.repeat(149)} `)).toBe(`${'a'.repeat(149)}…`);
    expect(lockedPreview('Short and whole.')).toBe('Short and whole.');
  });

  it('masks a handle after its first character with five bullets, whatever its length', () => {
    expect(maskHandle('@jane_doe')).toBe('@j•••••');
    expect(maskHandle('@ab')).toBe('@a•••••');
    expect(maskHandle('@a_very_long_handle_of_thirty')).toBe('@a•••••');
    expect(maskHandle('noat')).toBe('@n•••••');
  });
});

describe('postListQuerySchema', () => {
  it('treats empty query values as absent and caps skip', () => {
    expect(postListQuerySchema.parse({ search: '  ', skip: '9' })).toMatchObject({ skip: 9, limit: 10 });
    expect(postListQuerySchema.safeParse({ skip: '1001' }).error?.issues[0]?.message).toBe(
      'Page is too far. Narrow your search or filters.',
    );
  });
});
