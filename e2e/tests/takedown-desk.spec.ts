import { expect, test } from '../support/fixtures';
import { makeTea } from '../support/api';
import { baseURL } from '../support/env';
import { account, adminToken, marker, publishTea } from '../support/feed';
import { saveScreenshot } from '../support/screenshots';

/**
 * A visitor asks for a tea to be taken down through the public form; the admin finds the request
 * on the desk by its reference, its email and the tea's title, and sees the tea it names.
 */
test('the takedown desk shows the named tea and finds a request by reference, email and tea', async ({
  page,
  adminPage,
}) => {
  const admin = await adminToken();
  const author = await account(admin);
  const mark = marker('td');
  const tea = await publishTea(author, admin, makeTea(`Takedown desk ${mark}`));
  const email = `asker-${mark}@example.test`;

  await page.goto('/moderation');
  await page.getByLabel('Type of issue').selectOption('personal_information');
  await page.getByLabel('Description').fill('My home address is in this tea, please take it down.');
  await page.getByLabel('Your email').fill(email);
  await page.getByLabel('Content URL (optional)').fill(`${baseURL()}/posts/${tea.id}`);
  await page.getByRole('button', { name: 'Submit Report' }).click();
  await expect(page.getByRole('heading', { name: 'Report received' })).toBeFocused();
  const reference = (await page.getByText(/^KT-[2-9A-HJ-NP-Z]{8}$/).textContent()) ?? '';
  expect(reference).toMatch(/^KT-/);

  await adminPage.goto('/admin/reports');
  const box = adminPage.getByRole('searchbox', { name: 'Search reports' });
  const cards = adminPage.getByRole('main').getByRole('article');
  for (const term of [reference.toLowerCase(), email, tea.title]) {
    await box.fill(term);
    await box.press('Enter');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(reference);
  }
  const card = cards.first();
  await expect(card.getByText('Reference', { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText(
    reference,
  );
  await expect(card.getByRole('link', { name: tea.title })).toHaveAttribute('href', `/admin/posts/${tea.id}`);
  await saveScreenshot(adminPage, 'takedown-desk');

  await box.fill(`no-such-${mark}`);
  await box.press('Enter');
  await expect(adminPage.getByText('No report matches your search or filter.')).toBeVisible();
  await adminPage.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(box).toHaveValue('');
  await expect(cards.first()).toBeVisible();
});
