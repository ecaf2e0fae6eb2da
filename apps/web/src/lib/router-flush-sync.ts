import { flushSync } from 'react-dom';

/**
 * What react-router/dom's provider passes to RouterProvider, so a navigation may ask to be rendered
 * at once (account deletion signs out and leaves in one render). That module is not used because
 * it would bring the router's development build beside the production one.
 */
export const routerFlushSync = (update: () => unknown) => void flushSync(update);
