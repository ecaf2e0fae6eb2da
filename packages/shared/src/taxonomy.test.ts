import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES, US_STATES } from './seed-data.js';
import { categoryInputSchema, stateInputSchema } from './taxonomy.js';

const messages = (schema: typeof categoryInputSchema | typeof stateInputSchema, input: object) =>
  schema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

describe('categoryInputSchema', () => {
  it('accepts every default category (decisions.md: the character set must allow them)', () => {
    for (const category of DEFAULT_CATEGORIES) expect(categoryInputSchema.safeParse(category).success).toBe(true);
  });
  it.each([
    [{ name: '' }, 'Category name is required'],
    [{ name: 'ab' }, 'Category name must be at least 3 characters'],
    [{ name: 'a'.repeat(51) }, 'Category name must be less than 50 characters'],
    [{ name: 'Tea <script>' }, "Category name can only contain letters, numbers, spaces and - _ ' & ( ) . ? !"],
    [{ description: '' }, 'Description is required'],
    [{ description: 'too short' }, 'Description must be at least 10 characters'],
    [{ description: 'd'.repeat(201) }, 'Description must be less than 200 characters'],
  ])('%j → %s', (patch, expected) => {
    expect(
      messages(categoryInputSchema, { name: 'Fine Name', description: 'A fine description.', ...patch }),
    ).toContain(expected);
  });
});

describe('stateInputSchema', () => {
  it('accepts the 50 states and upper-cases codes', () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(50);
    expect(
      stateInputSchema.parse({ name: 'Washington D.C.', code: 'dc', description: 'The capital district.' }).code,
    ).toBe('DC');
  });
  it.each([
    [{ name: 'A' }, 'State name must be at least 2 characters'],
    [{ code: 'ABC' }, 'State code must be two letters'],
    [{ code: '1A' }, 'State code must be two letters'],
  ])('%j → %s', (patch, expected) => {
    expect(
      messages(stateInputSchema, { name: 'Ohio', code: 'OH', description: 'The Buckeye State.', ...patch }),
    ).toContain(expected);
  });
});
