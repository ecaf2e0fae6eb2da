import { useNavigate } from 'react-router';
import { checkoutUrl, inAppPath } from './checkout-url';

/**
 * Goes where a payment answer points: our own pages through the router (the app stays loaded),
 * the provider's pages by a full navigation. Answers false when the address is unusable.
 */
export function useFollowUrl() {
  const navigate = useNavigate();
  return (raw: unknown, options: { replace?: boolean } = {}): boolean => {
    const url = checkoutUrl(raw);
    if (!url) return false;
    const path = inAppPath(url);
    if (path) void navigate(path, { replace: options.replace });
    else window.location.assign(url.href);
    return true;
  };
}
