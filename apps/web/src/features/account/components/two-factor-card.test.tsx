import { TWO_FACTOR_MESSAGES, TWO_FACTOR_TEXT } from '@kettle/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callsTo, deferred, json } from '@/testing';
import {
  preloadTwoFactorChunks,
  renderTwoFactorCard,
  SETUP,
  SETUP_ANSWER,
  STATUS,
  status,
} from '../testing/two-factor-kit';

beforeAll(preloadTwoFactorChunks, 30_000);
afterEach(() => vi.unstubAllGlobals());

describe('TwoFactorCard', () => {
  it('shows a named placeholder while the status loads, then Off with Turn on', async () => {
    const answer = deferred();
    renderTwoFactorCard({ [STATUS]: () => answer.promise });

    expect(screen.getByRole('region', { name: TWO_FACTOR_TEXT.cardTitle })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading two-factor sign-in' })).toBeInTheDocument();
    answer.resolve(json(status()));
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(screen.getByText(TWO_FACTOR_TEXT.offExplained)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeEnabled();
    expect(screen.queryByRole('status', { name: 'Loading two-factor sign-in' })).not.toBeInTheDocument();
  });

  it('says why the status failed to load, and Try Again reads it afresh', async () => {
    let attempts = 0;
    const { calls, user } = renderTwoFactorCard({
      [STATUS]: () => {
        attempts += 1;
        return attempts === 1
          ? json({ detail: 'The database is asleep.', code: 'INTERNAL_ERROR' }, 500)
          : json(status());
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('The database is asleep.');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    expect(callsTo(calls, STATUS)).toHaveLength(2);
  });

  it.each([
    [7, '7 recovery codes left', false],
    [1, '1 recovery code left', true],
  ])('when on with %i codes left, says "%s" (running low: %s) and offers Turn off', async (left, line, low) => {
    renderTwoFactorCard({ [STATUS]: () => json(status({ enabled: true, recovery_codes_left: left })) });

    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.getByText(line)).toBeInTheDocument();
    expect(Boolean(screen.queryByText(TWO_FACTOR_TEXT.codesLow))).toBe(low);
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument();
  });

  it('tells an admin who must turn it on why', async () => {
    renderTwoFactorCard({ [STATUS]: () => json(status({ required: true })) });
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.requiredForAdmins)).toBeInTheDocument();
    expect(screen.queryByText(TWO_FACTOR_TEXT.offExplained)).not.toBeInTheDocument();
  });

  it('shows Turn on busy while setup starts, and a refusal in the card with Turn on still there', async () => {
    const answer = deferred();
    const { calls, user } = renderTwoFactorCard({ [STATUS]: () => json(status()), [SETUP]: () => answer.promise });

    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    const pending = screen.getByRole('button', { name: 'Starting...' });
    expect(pending).toBeDisabled();
    expect(pending).toHaveAttribute('aria-busy', 'true');

    answer.resolve(json({ detail: TWO_FACTOR_MESSAGES.alreadyOn, code: 'CONFLICT' }, 409));
    expect(await screen.findByRole('alert')).toHaveTextContent(TWO_FACTOR_MESSAGES.alreadyOn);
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeEnabled();
    expect(callsTo(calls, SETUP)).toHaveLength(1);
  });

  it('Cancel leaves the setup for the Off view, with the focus back on Turn on', async () => {
    const { user } = renderTwoFactorCard({ [STATUS]: () => json(status()), [SETUP]: () => json(SETUP_ANSWER) });

    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: 'Set up your authenticator app' })).not.toBeInTheDocument();
    expect(screen.getByText('Off')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Turn on' })).toHaveFocus());
  });
});
