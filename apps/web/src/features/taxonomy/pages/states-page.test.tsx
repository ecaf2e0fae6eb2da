import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { removeToast } from '@/lib/toast-store';
import { callsTo, json, landing, renderRoute, route, stubApi } from '@/testing';
import { StatesPage } from './taxonomy-page';
import { list, signedInAs } from './taxonomy-test-kit';

const WY = { id: '0b8c2f1e-2222-4a1e-9a57-000000000001', name: 'Wyoming', code: 'WY', description: 'Tea in Wyoming.' };
const NY = {
  id: '0b8c2f1e-2222-4a1e-9a57-000000000002',
  name: 'New York',
  code: 'NY',
  description: 'Tea in New York.',
};
const listRoute = () => route('GET', '/states/', () => json(list([NY, WY])));

const renderStates = () => renderRoute('/states', { element: <StatesPage />, routes: [landing('/', 'All Teas')] });
const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label);

afterEach(() => {
  vi.unstubAllGlobals();
  removeToast();
});

describe('StatesPage', () => {
  it('links each state by name and shows its code', async () => {
    stubApi([listRoute()]);
    renderStates();
    expect(screen.getByRole('heading', { name: 'States', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'New York' })).toHaveAttribute('href', '/?state=New%20York');
    expect(screen.getByText('WY')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add State' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to fetch states' when the list cannot load", async () => {
    stubApi([route('GET', '/states/', () => json({ detail: 'Server error. Please try again later.' }, 500))]);
    renderStates();
    expect(await screen.findByRole('heading', { name: 'Failed to fetch states' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('validates the two-letter code as the admin types', async () => {
    stubApi([signedInAs('admin'), listRoute()]);
    const { user } = renderStates();
    await user.click(await screen.findByRole('button', { name: 'Add State' }));
    await user.type(field('Code'), 'W1');
    expect(await within(dialog()).findByText('State code must be two letters')).toBeInTheDocument();
    await user.clear(field('Name'));
    await user.type(field('Name'), 'W');
    expect(await within(dialog()).findByText('State name must be at least 2 characters')).toBeInTheDocument();
  });

  it('creates a state with an upper-cased code and confirms', async () => {
    const created = {
      id: '0b8c2f1e-2222-4a1e-9a57-000000000003',
      name: 'Washington D.C.',
      code: 'DC',
      description: 'The capital district.',
    };
    const { calls } = stubApi([
      signedInAs('admin'),
      listRoute(),
      route('POST', '/states/admin/', () => json(created, 201)),
    ]);
    const { user } = renderStates();
    await user.click(await screen.findByRole('button', { name: 'Add State' }));
    await user.type(field('Name'), created.name);
    await user.type(field('Code'), 'dc');
    await user.type(field('Description'), created.description);
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('State created successfully!')).toBeInTheDocument();
    const [post] = callsTo(calls, 'POST /states/admin/');
    expect(post?.body).toEqual({
      name: created.name,
      code: 'DC',
      description: created.description,
    });
    expect(screen.getByRole('link', { name: 'Washington D.C.' })).toBeInTheDocument();
  });

  it("puts a taken code under the Code field and confirms an edit with the spec's words", async () => {
    const message = 'A state with this code already exists.';
    stubApi([
      signedInAs('admin'),
      listRoute(),
      route('PUT', `/states/admin/${WY.id}`, ({ body }) =>
        typeof body === 'object' && body && 'code' in body && body.code === 'NY'
          ? json({ detail: message, code: 'CONFLICT', errors: [{ field: 'code', message }] }, 409)
          : json({ ...WY, description: 'Tea in the Cowboy State.' }),
      ),
    ]);
    const { user } = renderStates();
    await user.click(await screen.findByRole('button', { name: 'Edit Wyoming' }));
    await user.clear(field('Code'));
    await user.type(field('Code'), 'NY');
    await user.click(within(dialog()).getByRole('button', { name: 'Update' }));
    expect(await within(dialog()).findByText(message)).toBeInTheDocument();

    await user.clear(field('Code'));
    await user.type(field('Code'), 'WY');
    await user.clear(field('Description'));
    await user.type(field('Description'), 'Tea in the Cowboy State.');
    await user.click(within(dialog()).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('State updated successfully!')).toBeInTheDocument();
    expect(screen.getByText('Tea in the Cowboy State.')).toBeInTheDocument();
  });
});
