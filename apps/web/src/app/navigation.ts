import type { NavItem } from '@/components/layout/nav-links';

/** product.md §2 navigation, limited to the pages that exist. */
export const USER_NAV: ReadonlyArray<NavItem> = [
  { to: '/', label: 'Home', end: true },
  { to: '/my-teas', label: 'My Teas' },
  { to: '/submit', label: 'Submit Tea' },
  { to: '/buy-coins', label: 'Buy Coins' },
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
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/companies', label: 'Companies' },
  { to: '/admin/reports', label: 'Reports' },
  { to: '/admin/appeals', label: 'Appeals' },
];

/** The public pages every visitor can reach from the footer of the user shell. */
export const FOOTER_NAV: ReadonlyArray<NavItem> = [
  { to: '/categories', label: 'Categories' },
  { to: '/states', label: 'States' },
  { to: '/terms', label: 'Terms' },
  { to: '/guide', label: 'Coin Guide' },
  { to: '/moderation', label: 'Moderation & Safety' },
  { to: '/contact', label: 'Contact' },
];
