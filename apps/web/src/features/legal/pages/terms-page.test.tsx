import { COSTS, DEFAULT_DAILY_DROP_COINS, DEFAULT_SIGNUP_BONUS_COINS } from '@kettle/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing';
import { TermsPage } from './terms-page';

const renderTerms = () => renderRoute('/terms', { element: <TermsPage />, toaster: false });

describe('TermsPage', () => {
  it('has one h1 and a last-updated date', () => {
    renderTerms();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeInTheDocument();
    expect(screen.getByText(/^Last updated:/)).toHaveTextContent('November 1, 2026');
  });

  it('states that Wyoming law governs', () => {
    renderTerms();
    const section = screen.getByRole('region', { name: 'Governing Law' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Governing Law' })).toBeInTheDocument();
    expect(section).toHaveTextContent(/State of Wyoming/);
  });

  it('caps liability at what was paid in the last 12 months', () => {
    renderTerms();
    const section = screen.getByRole('region', { name: 'Limitation of Liability' });
    expect(within(section).getByRole('heading', { name: /last 12 months/i })).toBeInTheDocument();
    expect(section).toHaveTextContent(/amount you paid us in the 12 months before the claim/);
  });

  it('asks for 30 days of informal resolution before arbitration', () => {
    renderTerms();
    const section = screen.getByRole('region', { name: 'Dispute Resolution' });
    expect(within(section).getByRole('heading', { name: /30-day informal resolution/i })).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: /binding individual arbitration/i })).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: /no class actions/i })).toBeInTheDocument();
  });

  it('links every contents entry to a section heading, in page order', () => {
    renderTerms();
    const toc = screen.getByRole('navigation', { name: 'Contents' });
    const entries = within(toc).getAllByRole('link');
    const sections = screen.getAllByRole('region');
    expect(entries.map((link) => link.getAttribute('href'))).toEqual(sections.map((section) => `#${section.id}`));
    expect(entries.map((link) => link.textContent)).toEqual(
      sections.map((section) => within(section).getAllByRole('heading', { level: 2 })[0]?.textContent),
    );
  });

  it('quotes coin amounts from the shared constants', () => {
    renderTerms();
    const guide = screen.getByRole('region', { name: 'How It Works' });
    expect(guide).toHaveTextContent(`Submit a tea for ${COSTS.submitTea} coins`);
    expect(guide).toHaveTextContent(`delete your own tea for ${COSTS.emptyPot} coins`);
    expect(guide).toHaveTextContent(`for ${COSTS.submitReversal} coins`);
    expect(guide).toHaveTextContent(`Claim ${DEFAULT_DAILY_DROP_COINS} free coins`);
    expect(guide).toHaveTextContent(`get ${DEFAULT_SIGNUP_BONUS_COINS} coins`);
  });
});
