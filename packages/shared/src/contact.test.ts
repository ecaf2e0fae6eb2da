import { describe, expect, it } from 'vitest';
import { contactSchema } from './contact.js';

const good = {
  fullname: 'Maya Brew',
  email: 'maya@example.com',
  subject: 'Hello there',
  message: 'A message of some length.',
};
const messages = (input: object) =>
  contactSchema.safeParse({ ...good, ...input }).error?.issues.map((i) => i.message) ?? [];

describe('contactSchema (product.md §5)', () => {
  it('accepts a valid message', () => expect(contactSchema.safeParse(good).success).toBe(true));
  it.each([
    [{ fullname: 'M' }, 'Full name must be at least 2 characters long'],
    [{ fullname: 'M'.repeat(51) }, 'Full name cannot exceed 50 characters'],
    [{ fullname: 'Maya\r\nBcc: x@y.z' }, 'Full name cannot contain line breaks'],
    [{ email: 'nope' }, 'Please enter a valid email address'],
    [{ email: `${'a'.repeat(95)}@b.com` }, 'Email cannot exceed 100 characters'],
    [{ subject: 'Hi' }, 'Subject must be at least 3 characters long'],
    [{ subject: 'S'.repeat(101) }, 'Subject cannot exceed 100 characters'],
    [{ subject: 'Hi\nBcc: x@y.z' }, 'Subject cannot contain line breaks'],
    [{ message: 'Too short' }, 'Message must be at least 10 characters long'],
    [{ message: 'M'.repeat(501) }, 'Message cannot exceed 500 characters'],
  ])('%j → %s', (input, expected) => {
    expect(messages(input)).toContain(expected);
  });
  it('trims before measuring', () =>
    expect(messages({ message: '   short    ' })).toContain('Message must be at least 10 characters long'));
});
