import type { NavItem } from '@/components/layout/nav-links';

/** Spec §2 navigation, limited to the pages that exist. */
export const USER_NAV: ReadonlyArray<NavItem> = [
  { to: '/', label: 'Home', end: true },
  { to: '/my-teas', label: 'My Teas' },
  { to: '/submit', label: 'Submit Tea' },
  { to: '/terms', label: 'Terms' },
  { to: '/account', label: 'My Account' },
  { to: '/guide', label: 'Coin Guide' },
  { to: '/contact', label: 'Contact' },
];

export const ADMIN_NAV: ReadonlyArray<NavItem> = [
  { to: '/admin/', label: 'Home', end: true },
  { to: '/admin/moderation', label: 'Moderation' },
  { to: '/admin/categories', label: 'Categories' },
  { to: '/admin/states', label: 'States' },
];
