import type { ReactNode } from 'react';
import { json, stubApi } from './api';
import { landing, renderRoute } from './render-route';
import { reader } from './users';

/**
 * Renders `ui` signed in with this balance already in the current-user query (as the header
 * loaded it), and records every request: a paid action must send none before its confirm.
 */
export function renderWithBalance(ui: ReactNode, balance: number) {
  const calls: Array<{ method: string; url: string }> = [];
  stubApi(({ method, url }) => {
    calls.push({ method, url: `${url.pathname}${url.search}` });
    return url.pathname.startsWith('/api/v1/auth/me') ? json(reader(balance)) : undefined;
  });
  const rendered = renderRoute('/', {
    element: ui,
    routes: [landing('/buy-coins', 'Buy Tea Coins')],
    user: reader(balance),
  });
  return { calls, ...rendered };
}
