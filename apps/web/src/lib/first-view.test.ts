import { FIRST_VIEW_ELEMENT_ID } from '@kettle/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A page as the server sends it: the first view's answers in their element. */
function pageCarrying(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_VIEW_ELEMENT_ID;
  element.textContent = text;
  document.body.append(element);
}

// The answers are read once per page load: each test loads the module afresh.
const load = async () => {
  vi.resetModules();
  return { ...(await import('./first-view')), ...(await import('./session')) };
};

describe('firstViewData', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => document.getElementById(FIRST_VIEW_ELEMENT_ID)?.remove());

  it("starts a visitor's query with the page's answer to that very GET, once", async () => {
    pageCarrying(JSON.stringify({ '/api/v1/posts/?skip=0&limit=9': { data: ['tea'] } }));
    const { firstViewData } = await load();
    const first = firstViewData<{ data: string[] }, string[]>('/posts/', { skip: 0, limit: 9 }, (raw) => raw.data);
    expect(first.initialData?.()).toEqual(['tea']);
    // Taken: a later query of the same address fetches.
    expect(firstViewData('/posts/', { skip: 0, limit: 9 })).toEqual({});
    expect(document.getElementById(FIRST_VIEW_ELEMENT_ID)).toBeNull();
  });

  it('dates an answer taken later by when the page was read, so a stale one is refetched', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    try {
      pageCarrying(JSON.stringify({ '/api/v1/states/': { data: [] }, '/api/v1/categories/': { data: [] } }));
      const { firstViewData } = await load();
      expect(firstViewData('/states/').initialDataUpdatedAt).toBe(1_000_000);
      vi.setSystemTime(1_000_000 + 10 * 60_000);
      expect(firstViewData('/categories/').initialDataUpdatedAt).toBe(1_000_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives nothing for another address or another query', async () => {
    pageCarrying(JSON.stringify({ '/api/v1/posts/?skip=0&limit=9': { data: [] } }));
    const { firstViewData } = await load();
    expect(firstViewData('/posts/', { skip: 9, limit: 9 })).toEqual({});
    expect(firstViewData('/categories/')).toEqual({});
  });

  it("leaves a signed-in reader's own queries alone: the server answered as a visitor", async () => {
    pageCarrying(JSON.stringify({ '/api/v1/posts/abc': { id: 'abc' }, '/api/v1/states/': { data: ['Ohio'] } }));
    const { firstViewData, setTokens } = await load();
    setTokens('access', 'refresh');
    expect(firstViewData('/posts/abc')).toEqual({});
    // The states are the same whoever asks.
    expect(firstViewData('/states/').initialData?.()).toEqual({ data: ['Ohio'] });
  });

  it('fetches as usual when the page carries no answers or a torn copy of them', async () => {
    expect((await load()).firstViewData('/states/')).toEqual({});
    pageCarrying('{"/api/v1/categories/": {"data": [');
    expect((await load()).firstViewData('/categories/')).toEqual({});
  });
});
