import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { removeToast } from '@/lib/toast-store';
import { json, renderRoute, stubApi } from '@/testing';
import { ContactPage } from './contact-page';

const renderContact = () => renderRoute('/contact', { element: <ContactPage /> }).user;

type User = ReturnType<typeof userEvent.setup>;

const field = (label: string) => screen.getByLabelText(label);
const sendButton = () => screen.getByRole('button', { name: 'Send Message' });

async function replace(user: User, label: string, value: string) {
  await user.clear(field(label));
  await user.click(field(label));
  await user.paste(value);
}

async function fillValid(user: User) {
  await replace(user, 'Full Name', 'Jane Doe');
  await replace(user, 'Email', 'jane@example.com');
  await replace(user, 'Subject', 'Hello there');
  await replace(user, 'Message', 'This is a long enough message.');
}

afterEach(() => {
  vi.unstubAllGlobals();
  removeToast();
});

describe('ContactPage', () => {
  it('keeps Send Message disabled until every field is valid', async () => {
    const user = renderContact();
    expect(screen.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(sendButton()).toBeDisabled();

    await replace(user, 'Full Name', 'Jane Doe');
    await replace(user, 'Email', 'jane@example.com');
    await replace(user, 'Subject', 'Hello there');
    expect(sendButton()).toBeDisabled();

    await replace(user, 'Message', 'This is a long enough message.');
    expect(sendButton()).toBeEnabled();

    await replace(user, 'Email', 'nope');
    expect(sendButton()).toBeDisabled();
  });

  it.each([
    ['Full Name', 'J', 'Full name must be at least 2 characters long'],
    ['Full Name', 'J'.repeat(51), 'Full name cannot exceed 50 characters'],
    ['Email', 'jane@', 'Please enter a valid email address'],
    ['Email', `${'j'.repeat(90)}@example.com`, 'Email cannot exceed 100 characters'],
    ['Subject', 'Hi', 'Subject must be at least 3 characters long'],
    ['Subject', 'S'.repeat(101), 'Subject cannot exceed 100 characters'],
    ['Message', 'Too short', 'Message must be at least 10 characters long'],
    ['Message', 'M'.repeat(501), 'Message cannot exceed 500 characters'],
  ])('%s "%s" shows "%s" as the user types', async (label, value, message) => {
    const user = renderContact();
    await replace(user, label, value);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it('counts the message characters out of 500', async () => {
    const user = renderContact();
    expect(screen.getByText('0/500')).toBeInTheDocument();
    await replace(user, 'Message', 'Hello');
    expect(screen.getByText('5/500')).toBeInTheDocument();
  });

  it('sends the message as JSON, confirms and resets the form', async () => {
    const { fetchMock } = stubApi(() => json({ message: 'Queued' }, 202));
    const user = renderContact();
    await fillValid(user);
    await user.click(sendButton());

    expect(await screen.findByText("Message sent successfully! We'll get back to you soon.")).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/send-contact-email');
    expect(JSON.parse(String(init?.body))).toEqual({
      fullname: 'Jane Doe',
      email: 'jane@example.com',
      subject: 'Hello there',
      message: 'This is a long enough message.',
      website: '',
    });
    expect(field('Full Name')).toHaveValue('');
    expect(sendButton()).toBeDisabled();
  });

  it('shows the API message, or the fallback when the request fails outright', async () => {
    stubApi(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = renderContact();
    await fillValid(user);
    await user.click(sendButton());
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeInTheDocument();
    expect(field('Full Name')).toHaveValue('Jane Doe');

    stubApi(() => json({ detail: 'Mail is down.', code: 'SERVICE_UNAVAILABLE' }, 503));
    await user.click(sendButton());
    expect(await screen.findByText('Mail is down.')).toBeInTheDocument();
  });
});
