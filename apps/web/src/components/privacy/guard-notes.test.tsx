import { GUARD_KINDS } from '@kettle/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useGuardFindings } from '@/lib/privacy-guard/use-guard-findings';
import { GuardedTextarea } from './guarded-textarea';
import { GuardNotes } from './guard-notes';

/** A composer as the forms build one: the box, its marks, and the notes with their fixes. */
function Composer({ subject }: { subject?: string }) {
  const [text, setText] = useState('');
  const findings = useGuardFindings(text, subject);
  return (
    <>
      <GuardedTextarea
        aria-label="Content"
        text={text}
        findings={findings}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <GuardNotes text={text} findings={findings} onFix={setText} />
    </>
  );
}

const EXAMPLE =
  'she lives at 1420 Maple Ave, Austin TX 78701, call her at (512) 867-2291 or jess.m@gmail.com, her son goes to Lincoln Middle';

// The detector loads on the first check (a dynamic import here: the test DOM has no Worker).
const LOADS = { timeout: 10_000 };

function setup(subject?: string) {
  const user = userEvent.setup();
  render(<Composer subject={subject} />);
  const box = screen.getByRole('textbox', { name: 'Content' });
  return { user, box: box as HTMLTextAreaElement };
}

describe('the privacy guard in a composer', () => {
  it('marks the issue’s example as it is typed, says why, and removes one detail in one click', async () => {
    const { user, box } = setup();
    await user.click(box);
    await user.paste(EXAMPLE);

    const phone = await screen.findByRole('button', { name: 'Remove phone number “(512) 867-2291”' }, LOADS);
    expect(screen.getByRole('button', { name: 'Remove email address “jess.m@gmail.com”' })).toBeInTheDocument();
    expect(screen.getByText(/A moderator will read this before anyone else sees it/)).toBeInTheDocument();
    expect(screen.getAllByText(GUARD_KINDS.minor.why)).not.toHaveLength(0);
    expect(screen.getByText(/^Privacy check: \d+ things would hold this for a moderator/)).toBeInTheDocument();
    // The marks lie under the typed words, hidden from screen readers (the notes speak for them).
    const backdrop = box.parentElement?.querySelector('[aria-hidden="true"]');
    const marked = [...(backdrop?.querySelectorAll('mark') ?? [])].map((mark) => mark.textContent);
    expect(marked).toContain('(512) 867-2291');
    expect(marked).toContain('jess.m@gmail.com');

    await user.click(phone);
    expect(box.value).toContain('call her at [phone removed] or jess.m@gmail.com');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove phone number “(512) 867-2291”' })).not.toBeInTheDocument(),
    );
  });

  it('removes every private detail at once, leaving the rest of the text', async () => {
    const { user, box } = setup();
    await user.click(box);
    await user.paste(EXAMPLE);
    await user.click(await screen.findByRole('button', { name: /^Remove all \d+ private details$/ }, LOADS));
    expect(box.value).not.toMatch(/867-2291|jess\.m@gmail\.com|1420 Maple/);
    expect(box.value).toContain('[phone removed]');
    expect(box.value).toContain('[email removed]');
    await waitFor(() => expect(screen.queryByText(/A moderator will read this/)).not.toBeInTheDocument(), LOADS);
  });

  it('offers a first-hand rewording for a claim stated as fact', async () => {
    const { user, box } = setup();
    await user.click(box);
    await user.paste('We dated for a year. She is a thief.');
    const note = (await screen.findByText('Stated as fact', {}, LOADS)).closest('li');
    expect(note).not.toBeNull();
    await user.click(
      within(note as HTMLElement).getByRole('button', { name: 'Start the sentence with “In my opinion,”' }),
    );
    expect(box.value).toBe('We dated for a year. In my opinion, she is a thief.');
    await waitFor(() => expect(screen.queryByText('Stated as fact')).not.toBeInTheDocument(), LOADS);
  });

  it('says nothing about an ordinary tea, and takes the subject’s own handle for theirs', async () => {
    const { user, box } = setup('@jordan_23');
    await user.click(box);
    await user.paste('@jordan_23 brought a kettle to the office party and brewed tea for 40 people.');
    // Another handle in the same box is someone else's profile: its note shows the check ran.
    await user.paste(' Ask @sam_k about it.');
    expect(
      await screen.findByRole('button', { name: 'Remove another person’s profile “@sam_k”' }, LOADS),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /@jordan_23/ })).not.toBeInTheDocument();
    await user.clear(box);
    await user.paste('Brewed tea for 40 people in Austin in 2023; it cost $12.');
    await waitFor(() => expect(screen.queryByRole('list')).not.toBeInTheDocument(), LOADS);
  });
});
