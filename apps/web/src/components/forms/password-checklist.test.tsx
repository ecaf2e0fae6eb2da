import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PasswordChecklist } from '@/components/forms/password-checklist';

function Harness() {
  const [password, setPassword] = useState('');
  return (
    <>
      <label htmlFor="pw">Password</label>
      <input id="pw" value={password} onChange={(e) => setPassword(e.target.value)} />
      <PasswordChecklist password={password} />
    </>
  );
}

const item = (label: string) => {
  const list = screen.getByRole('list', { name: 'Password requirements' });
  const li = within(list).getByText(label).closest('li');
  if (!li) throw new Error(`No checklist item "${label}"`);
  return li;
};

const expectMet = (label: string, met: boolean) => {
  expect(item(label)).toHaveAttribute('data-met', String(met));
  expect(item(label)).toHaveTextContent(met ? '(met)' : '(not met)');
};

describe('PasswordChecklist', () => {
  it('starts with every rule unmet', () => {
    render(<Harness />);
    const list = screen.getByRole('list', { name: 'Password requirements' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    for (const label of ['At least 8 characters', 'One lowercase letter', 'One uppercase letter', 'One number']) {
      expectMet(label, false);
    }
  });

  it('flips items to met as the user types, and back when they delete', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Password');

    await user.type(input, 'abc');
    expectMet('One lowercase letter', true);
    expectMet('One uppercase letter', false);
    expectMet('One number', false);
    expectMet('At least 8 characters', false);

    await user.type(input, 'D1');
    expectMet('One uppercase letter', true);
    expectMet('One number', true);
    expectMet('At least 8 characters', false);

    await user.type(input, 'efg');
    expectMet('At least 8 characters', true);

    await user.type(input, '{Backspace}');
    expectMet('At least 8 characters', false);
  });
});
