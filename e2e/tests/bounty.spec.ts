import { apiMe, apiSetPostStatus, apiUnlock, makeTea } from '../support/api';
import { baseURL } from '../support/env';
import { account, adminToken } from '../support/feed';
import { expect, test } from '../support/fixtures';
import { fillTeaForm } from '../support/teas';
import { expectToast } from '../support/ui';
import { signIn } from '../support/users';

const TEA_COST = 25;
const BOUNTY = 40;

/** A few direct calls this journey needs for its set-up (the journey itself goes through the UI). */
async function apiCall<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL()}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

test('a bounty is escrowed at submission and, once awarded by the author, lands in the commenter’s balance', async ({
  page,
}) => {
  const admin = await adminToken();
  const author = await account(admin, 100);
  const commenter = await account(admin, 100);
  const before = (await apiMe(author.token)).coin_balance;
  const tea = makeTea('Bounty tea');

  await test.step('the author submits a tea with a bounty; fee and bounty are taken together', async () => {
    await signIn(page, author.user, '/my-teas');
    await page.goto('/submit');
    await fillTeaForm(page, tea, { category: 'Family Feud', state: 'California (CA)', bounty: BOUNTY });
    await page.getByRole('button', { name: 'Submit Tea' }).click();
    await expectToast(page, 'Tea Submitted Successfully!');
    await expect.poll(async () => (await apiMe(author.token)).coin_balance).toBe(before - TEA_COST - BOUNTY);
  });

  const mine = await apiCall<{ data: Array<{ id: string; title: string }> }>(author.token, 'GET', '/posts/me');
  const post = mine.data.find((p) => p.title === tea.title);
  if (!post) throw new Error('the submitted tea is not in My Teas');
  await apiSetPostStatus(admin, post.id, 'approved');
  await apiUnlock(commenter.token, post.id);
  const words = 'I know exactly who it was, and here is how.';
  await apiCall(commenter.token, 'POST', `/posts/${post.id}/comments`, { content: words });
  const commenterBefore = (await apiMe(commenter.token)).coin_balance;

  await test.step('the author awards the bounty to the comment; the comment shows the winner badge', async () => {
    await page.goto(`/posts/${post.id}`);
    await expect(page.getByText(`Bounty: ${BOUNTY} Tea Coins (open)`)).toBeVisible();
    const comment = page.getByRole('article', { name: `Comment by ${commenter.user.username}` });
    await expect(comment.getByText(words)).toBeVisible();
    await comment.getByRole('button', { name: `Award bounty to @${commenter.user.username}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Award the bounty to @${commenter.user.username}?` });
    await dialog.getByRole('button', { name: 'Award bounty' }).click();
    await expectToast(page, 'Bounty awarded!');
    await expect(comment.getByText('Bounty winner')).toBeVisible();
    await expect(page.getByText(`Bounty: ${BOUNTY} Tea Coins (awarded)`)).toBeVisible();
    await expect(page.getByRole('button', { name: /Award bounty/ })).toHaveCount(0);
  });

  await test.step('the commenter’s balance rises by the bounty', async () => {
    await expect.poll(async () => (await apiMe(commenter.token)).coin_balance).toBe(commenterBefore + BOUNTY);
  });
});
