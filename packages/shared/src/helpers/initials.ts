/** First two characters of the username, else of the email, else 'U' (product.md §2). */
export function initials(username?: string | null, email?: string | null): string {
  const source = username?.trim() || email?.trim();
  return source ? source.slice(0, 2).toUpperCase() : 'U';
}
