import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '@/lib/current-user';
import { removeToast } from '@/lib/toast-store';
import { deferred, callsTo, json, landing, renderRoute, route, stubApi } from '@/testing';
import { CategoriesPage } from './taxonomy-page';
import { list, signedInAs } from './taxonomy-test-kit';

const BABY = {
  id: '0b8c2f1e-1111-4a1e-9a57-000000000001',
  name: 'Baby Mama Drama',
  description: 'Co-parenting chaos.',
};
const STD = {
  id: '0b8c2f1e-1111-4a1e-9a57-000000000002',
  name: "STD Stories (Who's Burning)",
  description: 'Health first.',
};
const CATEGORIES = [BABY, STD];
const listRoute = (data = CATEGORIES) => route('GET', '/categories/', () => json(list(data)));

const renderCategories = () =>
  renderRoute('/categories', { element: <CategoriesPage />, routes: [landing('/', 'All Teas')] });
const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label);

afterEach(() => {
  vi.unstubAllGlobals();
  removeToast();
});

describe('CategoriesPage: browsing', () => {
  it('shows skeletons, then each category as a link to its teas, without admin controls for a visitor', async () => {
    const { calls } = stubApi([listRoute()]);
    renderCategories();
    expect(screen.getByRole('heading', { name: 'Categories', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading categories');
    const link = await screen.findByRole('link', { name: 'Baby Mama Drama' });
    expect(link).toHaveAttribute('href', '/?category=Baby%20Mama%20Drama');
    expect(link).toHaveAccessibleDescription('Co-parenting chaos.');
    expect(screen.getByRole('link', { name: STD.name })).toHaveAttribute(
      'href',
      `/?category=${encodeURIComponent(STD.name)}`,
    );
    expect(screen.queryByRole('button', { name: 'Add Category' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Baby Mama Drama' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET /auth/me')).toHaveLength(0);
  });

  it('shows no add, edit or delete to a signed-in user who is not an admin', async () => {
    stubApi([signedInAs('user'), listRoute()]);
    const { queryClient } = renderCategories();
    await screen.findByRole('link', { name: 'Baby Mama Drama' });
    await waitFor(() => expect(queryClient.getQueryData(currentUserKey)).toBeDefined());
    expect(screen.queryByRole('button', { name: 'Add Category' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Baby Mama Drama' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Baby Mama Drama' })).not.toBeInTheDocument();
  });

  it('shows an admin Add Category and, on every card, Edit and Delete', async () => {
    stubApi([signedInAs('admin'), listRoute()]);
    renderCategories();
    expect(await screen.findByRole('button', { name: 'Add Category' })).toBeInTheDocument();
    for (const { name } of CATEGORIES) {
      expect(screen.getByRole('button', { name: `Edit ${name}` })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: `Delete ${name}` })).toBeInTheDocument();
    }
  });

  it("shows 'Failed to fetch categories' with Try Again, which fetches again", async () => {
    let attempts = 0;
    stubApi([
      route('GET', '/categories/', () => {
        attempts += 1;
        return attempts === 1
          ? json({ detail: 'Server error. Please try again later.', code: 'INTERNAL_ERROR' }, 500)
          : json(list(CATEGORIES));
      }),
    ]);
    const { user } = renderCategories();
    expect(await screen.findByRole('heading', { name: 'Failed to fetch categories' })).toBeInTheDocument();
    expect(screen.getByText('Server error. Please try again later.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Baby Mama Drama' })).toBeInTheDocument();
  });

  it("shows 'No categories yet' with one add button for an admin", async () => {
    stubApi([signedInAs('admin'), listRoute([])]);
    renderCategories();
    expect(await screen.findByRole('heading', { name: 'No categories yet' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Add Category' })).toHaveLength(1));
  });
});

describe('CategoriesPage: create', () => {
  it.each([
    ['Name', 'ab', 'Category name must be at least 3 characters'],
    ['Name', 'n'.repeat(51), 'Category name must be less than 50 characters'],
    ['Name', 'Tea <b>', "Category name can only contain letters, numbers, spaces and - _ ' & ( ) . ? !"],
    ['Description', 'short', 'Description must be at least 10 characters'],
    ['Description', 'd'.repeat(201), 'Description must be less than 200 characters'],
  ])('%s "%s" shows "%s" as the admin types', async (label, value, message) => {
    stubApi([signedInAs('admin'), listRoute()]);
    const { user } = renderCategories();
    await user.click(await screen.findByRole('button', { name: 'Add Category' }));
    await user.click(field(label));
    await user.paste(value);
    expect(await within(dialog()).findByText(message)).toBeInTheDocument();
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it('shows the required messages on an empty submit and sends nothing', async () => {
    const { calls } = stubApi([signedInAs('admin'), listRoute()]);
    const { user } = renderCategories();
    await user.click(await screen.findByRole('button', { name: 'Add Category' }));
    expect(screen.getByRole('dialog', { name: 'Add Category' })).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
    expect(await within(dialog()).findByText('Category name is required')).toBeInTheDocument();
    expect(within(dialog()).getByText('Description is required')).toBeInTheDocument();
    expect(callsTo(calls, 'POST /categories/admin/')).toHaveLength(0);
  });

  it('creates, says so, closes and shows the new card without refetching the list', async () => {
    const created = {
      id: '0b8c2f1e-1111-4a1e-9a57-000000000003',
      name: 'Tea Garden',
      description: 'Where leaves grow.',
    };
    const { calls } = stubApi([
      signedInAs('admin'),
      listRoute(),
      route('POST', '/categories/admin/', () => json(created, 201)),
    ]);
    const { user } = renderCategories();
    await user.click(await screen.findByRole('button', { name: 'Add Category' }));
    await user.type(field('Name'), '  Tea Garden ');
    await user.type(field('Description'), 'Where leaves grow.');
    expect(within(dialog()).getByText('18/200')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Category created successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tea Garden' })).toHaveAttribute('href', '/?category=Tea%20Garden');
    const [post] = callsTo(calls, 'POST /categories/admin/');
    expect(post?.body).toEqual({ name: 'Tea Garden', description: 'Where leaves grow.' });
    expect(callsTo(calls, 'GET /categories/')).toHaveLength(1);
  });

  it("puts the server's duplicate-name answer under the Name field", async () => {
    const message = 'A category with this name already exists.';
    stubApi([
      signedInAs('admin'),
      listRoute(),
      route('POST', '/categories/admin/', () =>
        json({ detail: message, code: 'CONFLICT', errors: [{ field: 'name', message }] }, 409),
      ),
    ]);
    const { user } = renderCategories();
    await user.click(await screen.findByRole('button', { name: 'Add Category' }));
    await user.type(field('Name'), 'baby mama drama');
    await user.type(field('Description'), 'A second try at it.');
    await user.click(within(dialog()).getByRole('button', { name: 'Create' }));
    expect(await within(dialog()).findByText(message)).toBeInTheDocument();
    expect(field('Name')).toHaveAccessibleDescription(message);
  });
});

describe('CategoriesPage: update and delete', () => {
  it("keeps Update disabled until something changes, shows 'Saving...', then confirms", async () => {
    const reply = deferred();
    const { calls } = stubApi([
      signedInAs('admin'),
      listRoute(),
      route('PUT', `/categories/admin/${BABY.id}`, () => reply.promise),
    ]);
    const { user } = renderCategories();
    await user.click(await screen.findByRole('button', { name: 'Edit Baby Mama Drama' }));
    expect(screen.getByRole('dialog', { name: 'Edit Category' })).toBeInTheDocument();
    expect(field('Name')).toHaveValue('Baby Mama Drama');
    const update = within(dialog()).getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();

    await user.type(field('Description'), '!');
    expect(update).toBeEnabled();
    await user.type(field('Description'), '{Backspace}');
    expect(update).toBeDisabled();

    await user.type(field('Name'), ' Deluxe');
    await user.click(update);
    expect(within(dialog()).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    reply.resolve(json({ ...BABY, name: 'Baby Mama Drama Deluxe' }));

    expect(await screen.findByText('Category updated successfully!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Baby Mama Drama Deluxe' })).toBeInTheDocument();
    const [put] = callsTo(calls, `PUT /categories/admin/${BABY.id}`);
    expect(put?.body).toEqual({
      name: 'Baby Mama Drama Deluxe',
      description: BABY.description,
    });
  });

  it('asks before deleting, naming the category; Cancel keeps it, Delete removes it', async () => {
    const { calls } = stubApi([
      signedInAs('admin'),
      listRoute(),
      route('DELETE', `/categories/admin/${BABY.id}`, () => new Response(null, { status: 204 })),
    ]);
    const { user } = renderCategories();
    await user.click(await screen.findByRole('button', { name: 'Delete Baby Mama Drama' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Baby Mama Drama?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(calls, `DELETE /categories/admin/${BABY.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Baby Mama Drama' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Category deleted successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Baby Mama Drama' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: STD.name })).toBeInTheDocument();
  });

  it('shows why a category in use cannot be deleted, and keeps it', async () => {
    const detail = 'This category is used by 3 posts and cannot be deleted.';
    stubApi([
      signedInAs('admin'),
      listRoute(),
      route('DELETE', `/categories/admin/${BABY.id}`, () => json({ detail, code: 'CONFLICT' }, 409)),
    ]);
    const { user } = renderCategories();
    await user.click(await screen.findByRole('button', { name: 'Delete Baby Mama Drama' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Baby Mama Drama' })).toBeInTheDocument();
  });
});
