import { ENFORCEMENT_MESSAGES } from '@kettle/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME } from '@/features/admin-users/testing/user-fixtures';
import { callsTo, json, makeAction, reader, renderRoute, stubApi } from '@/testing';
import { AVA_ID, makePost } from '../testing/fixtures';
import { adminStandIns } from '../testing/render-page';
import { AdminPostPage } from './admin-post-page';

const ACTIONS = `/admin/users/${AVA_ID}/actions`;

function servePost(post: ReturnType<typeof makePost>) {
  return stubApi({
    'GET /auth/me': () => json(ME),
    [`GET /posts/admin/${post.id}`]: () => json(post),
    [`GET /posts/${post.id}/comments`]: () => json({ held: [], comments: [] }),
    [`GET ${ACTIONS}`]: () => json({ data: [] }),
    [`POST ${ACTIONS}`]: () => json(makeAction({ kind: 'suspension', days: 7 }), 201),
  });
}

/** Signed in as ME, already known to the app: so its own content never shows the control, even briefly. */
const signedInAdmin = { ...reader(0), id: ME.id, username: ME.username, is_admin: true };

const renderPost = (id: string) =>
  renderRoute(`/admin/posts/${id}`, {
    pattern: '/admin/posts/:id',
    element: <AdminPostPage />,
    routes: adminStandIns('/admin/posts/:id'),
    user: signedInAdmin,
  });

afterEach(() => vi.unstubAllGlobals());

describe('AdminPostPage: Take action on author', () => {
  it("suspends the tea's author, citing this tea", async () => {
    const post = makePost({ title: 'Fish again', author_username: 'ava' });
    const { calls } = servePost(post);
    const { user } = renderPost(post.id);

    await user.click(await screen.findByRole('button', { name: 'Take action on author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take Action' });
    // The post names its author, so nothing is read to open the form.
    expect(within(dialog).getByText(/^ava is told in the app and by email/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Suspension' }));
    await user.type(within(dialog).getByLabelText('Days'), '7');
    await user.selectOptions(within(dialog).getByLabelText('Rule broken'), 'Keep private lives private');
    await user.type(within(dialog).getByLabelText('Message'), 'This tea names a private person.');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend User' }));

    expect(await screen.findByText(ENFORCEMENT_MESSAGES.issued.suspension)).toBeInTheDocument();
    expect(callsTo(calls, `POST ${ACTIONS}`).map((call) => call.body)).toEqual([
      { kind: 'suspension', days: 7, rule: 'privacy', message: 'This tea names a private person.', post_id: post.id },
    ]);
    expect(calls.some((call) => call.path.startsWith('/users/admin/'))).toBe(false);
  });

  it("is not offered on the admin's own tea", async () => {
    const post = makePost({ author_id: ME.id, author_username: ME.username });
    servePost(post);
    renderPost(post.id);
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Take action/ })).not.toBeInTheDocument();
  });
});
