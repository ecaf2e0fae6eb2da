import { randomBytes } from 'node:crypto';
import { expect, test } from '../support/fixtures';
import { ADMIN_EMAIL } from '../support/env';
import { waitForMail } from '../support/mailbox';
import { expectToast } from '../support/ui';

test('the contact form mails the admin', async ({ page }) => {
  const tag = randomBytes(4).toString('hex');
  const subject = `Leaky kettle ${tag}`;
  const message = `The spout drips when I pour. Reference ${tag}.`;

  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  await page.getByLabel('Full Name', { exact: true }).fill('Tess Pot');
  await page.getByLabel('Email', { exact: true }).fill(`${tag}@example.test`);
  await page.getByLabel('Subject', { exact: true }).fill(subject);
  await page.getByLabel('Message', { exact: true }).fill(message);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, "Message sent successfully! We'll get back to you soon.");

  const mail = await waitForMail({ to: ADMIN_EMAIL, subject, contains: tag });
  expect(mail.text).toContain(message);
});
