import { GUARD_KINDS } from '@kettle/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMyPost, page, renderMyTeas, stubMyTeas } from '../testing/my-teas-kit';

afterEach(() => vi.unstubAllGlobals());

const phone = {
  field: 'content' as const,
  kind: 'phone' as const,
  start: 12,
  end: 26,
  text: '(512) 867-2291',
  severity: 'high' as const,
  rule: 'privacy' as const,
};

describe('My Teas and the privacy guard', () => {
  it('tells the author a tea is held and why, or what a moderator removed, and nothing once it is cleared', async () => {
    const held = makeMyPost({
      title: 'Held tea',
      privacy: {
        flags: ['privacy', 'minor'],
        status: 'open',
        held: true,
        findings: [
          phone,
          { ...phone, kind: 'minor', severity: 'minor', rule: 'minors', text: 'her son', start: 28, end: 35 },
        ],
      },
    });
    const redacted = makeMyPost({
      title: 'Redacted tea',
      status: 'approved',
      privacy: { flags: ['privacy'], status: 'redacted', held: false, findings: [{ ...phone, text: '' }] },
    });
    const cleared = makeMyPost({
      title: 'Cleared tea',
      status: 'approved',
      privacy: { flags: ['allegation'], status: 'cleared', held: false, findings: [] },
    });
    stubMyTeas(() => page([held, redacted, cleared]));
    renderMyTeas();

    const heldCard = await screen.findByRole('article', { name: 'Held tea' });
    expect(
      within(heldCard).getByText(
        'Held for a moderator: the privacy guard found phone number and a minor. Nobody else sees this tea until a moderator decides.',
      ),
    ).toBeInTheDocument();
    expect(within(heldCard).getByText(GUARD_KINDS.minor.why)).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Redacted tea' })).getByText(
        'A moderator removed phone number before publishing, to keep private lives private.',
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Cleared tea' })).queryByText(/moderator/),
    ).not.toBeInTheDocument();
  });
});
