import { PAGE_SIZES } from './constants.js';

/** Where the API lives, under the site's own origin. */
export const API_BASE = '/api/v1';

/** A query as the web app sends it: empty values are left out (product.md §7). */
export type ApiQuery = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** The address of an API GET, built the same way by the web app and by the server's first view. */
export function apiUrl(path: string, query?: ApiQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/** The element of index.html that carries the first view's answers, as JSON keyed by apiUrl. */
export const FIRST_VIEW_ELEMENT_ID = 'kettle-first-view';

export type FirstView = {
  /** Public GETs the page makes before it can show anything: the server answers them in the page. */
  requests: ReadonlyArray<{ path: string; query?: ApiQuery }>;
  /** The page's own lazy module (a web source path), whose chunks the page asks for at once. */
  page?: string;
};

/** Lists whose answer is the same whoever asks: a signed-in reader's page may start from them too. */
export const SAME_FOR_EVERYONE: ReadonlyArray<string> = ['/categories/', '/states/'];

const TAXONOMY = SAME_FOR_EVERYONE.map((path) => ({ path }));

const POST_PAGE_MODULE = 'src/features/posts/pages/post-page.tsx';
const SUBMIT_PAGE_MODULE = 'src/features/posts/pages/submit-page.tsx';

const POST_PAGE = /^\/posts\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * What the first view of an address needs (issue 11, goal F2): the plain front page and a post
 * page, the two addresses people arrive on, and the submit form. A filtered list or any other page
 * loads as usual.
 */
export function firstView(pathname: string, search: string): FirstView {
  if (pathname === '/' && search === '') {
    return {
      requests: [{ path: '/posts/', query: { skip: 0, limit: PAGE_SIZES.posts } }, ...TAXONOMY],
    };
  }
  const post = POST_PAGE.exec(pathname);
  if (post) return { requests: [{ path: `/posts/${post[1]}` }], page: POST_PAGE_MODULE };
  // A reader's page (the server cannot tell who): the form's lists and the page's own chunks. Not
  // the form's (the page paints before it loads) nor the header's: measured, preloading them too
  // made the first paint later (they share the connection with what that paint needs).
  if (pathname === '/submit') return { requests: TAXONOMY, page: SUBMIT_PAGE_MODULE };
  return { requests: [] };
}
