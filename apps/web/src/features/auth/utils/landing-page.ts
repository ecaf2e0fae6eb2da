/** Where a signed-in user starts: admins in the admin area, everyone else on their own teas. */
export const landingPage = (isAdmin: boolean): string => (isAdmin ? '/admin/' : '/my-teas');
