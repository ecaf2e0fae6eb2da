import type { NavItem } from '@/components/layout/nav-links';

/** `members`: the page needs an account (RequireAuth), so a visitor is not shown it. */
type UserNavItem = NavItem & { members?: true };

/** product.md §2 navigation, limited to the pages that exist. */
export const USER_NAV: ReadonlyArray<UserNavItem> = [
  { to: '/', label: 'Home', end: true },
  { to: '/my-teas', label: 'My Teas', members: true },
  { to: '/submit', label: 'Submit Tea', members: true },
  { to: '/buy-coins', label: 'Buy Coins', members: true },
  { to: '/terms', label: 'Terms' },
  { to: '/account', label: 'My Account', members: true },
  { to: '/guide', label: 'Coin Guide' },
  { to: '/contact', label: 'Contact' },
];

/** What a signed-out visitor can open: the menu offers Sign up and Login instead of the rest. */
export const VISITOR_NAV: ReadonlyArray<NavItem> = USER_NAV.filter((item) => !item.members);

export const ADMIN_NAV: ReadonlyArray<NavItem> = [
  { to: '/admin/', label: 'Home', end: true },
  { to: '/admin/moderation', label: 'Moderation' },
  { to: '/admin/privacy', label: 'Privacy' },
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
