import type { Comment, PostDetail } from '@kettle/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { json, renderRoute, stubApi } from '@/testing';
import { PostPage } from '../pages/post-page';
import { ReversalPage } from '../pages/reversal-page';
import { buildUser, CATEGORY, STATE } from './render-posts';

let counter = 0;
/** An approved post as GET /posts/{id} returns it to a reader who has unlocked it. */
export function makeDetail(overrides: Partial<PostDetail> = {}): PostDetail {
  counter += 1;
  return {
    id: `99999999-9999-4999-8999-${String(counter).padStart(12, '0')}`,
    title: `Detail tea ${counter}`,
    content: 'Somebody said something at the party and everyone heard about it.',
    is_locked: false,
    image_urls: [],
    images: [],
    created_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    updated_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    unlock_price: 40,
    is_unlocked_by_user: true,
    category: { name: CATEGORY.name },
    state: { name: STATE.name },
    category_id: CATEGORY.id,
    state_id: STATE.id,
    author_username: 'ava',
    tagged_handle: '@subject',
    vote_count: 3,
    original_post_id: null,
    has_reversal: false,
    status: 'approved',
    evidence_link: null,
    unlock_count: null,
    has_user_voted: false,
    can_vote: true,
    can_report: true,
    has_reported: false,
    report_status: null,
    bounty: 0,
    bounty_status: 'none',
    bounty_comment_id: null,
    bounty_expires_at: null,
    can_award_bounty: false,
    empty_pot_refusal: 'not_author',
    ...overrides,
  };
}

/** A reader who is not the author (the kit's posts are ava's). */
export const BEN = { ...buildUser({ coin_balance: 120 }), id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', username: 'ben' };
/** The author of the kit's posts. */
export const AVA = buildUser({ coin_balance: 60 });

/** One API call; `body` is the parsed JSON body when there is one. */
export type Call = { path: string; method: string; body?: unknown };
type Route = (call: Call) => Response | Promise<Response> | undefined;

/** A post's comments before any test says otherwise: none. */
const defaultRoute = ({ path, method }: Call) =>
  method === 'GET' && /^\/posts\/[^/]+\/comments$/.test(path) ? json({ held: [], comments: [] }) : undefined;

/**
 * Stubs fetch: the signed-in `user` (ben by default), then `route` for everything else, then an
 * empty comment list for any post; 404 otherwise.
 */
export function stubDetailApi(route: Route, user: ReturnType<typeof buildUser> = BEN) {
  const calls: Call[] = [];
  stubApi(async ({ path, method, body }, init) => {
    if (path === '/auth/me') return json(user);
    const call: Call = { path, method };
    if (typeof init?.body === 'string') call.body = body;
    calls.push(call);
    return (await route(call)) ?? defaultRoute(call);
  });
  return calls;
}

/** Shows where the router went, for the stand-in pages. */
function Where({ name }: { name: string }) {
  const location = useLocation();
  return (
    <>
      <h1>{name}</h1>
      <p data-testid="location">{location.pathname}</p>
    </>
  );
}

/**
 * Renders the post and reversal pages (and stand-ins for where they lead), signed in or not;
 * `state` is the router state of the entry (as a link from the bell sets it).
 */
export function renderDetail(
  entry: string,
  {
    signedIn = true,
    history = [] as string[],
    state = undefined as unknown,
    queryClient = undefined as QueryClient | undefined,
  } = {},
) {
  return renderRoute(entry, {
    routes: [
      { path: '/', element: <Where name="All Teas" /> },
      { path: '/posts/:id', element: <PostPage /> },
      { path: '/posts/reversal/:id', element: <ReversalPage /> },
      { path: '/my-teas', element: <Where name="My Teas" /> },
      { path: '/auth/signin', element: <Where name="Sign in" /> },
    ],
    history,
    state,
    signedIn,
    queryClient,
  });
}

let commentCounter = 0;
/** A comment as GET /posts/{id}/comments returns it (by ava unless told otherwise). */
export function makeComment(overrides: Partial<Comment> = {}): Comment {
  commentCounter += 1;
  return {
    id: `cccccccc-cccc-4ccc-8ccc-${String(commentCounter).padStart(12, '0')}`,
    content: `Comment number ${commentCounter}`,
    user_id: AVA.id,
    username: 'ava',
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    parent_comment_id: null,
    is_own: false,
    replies: [],
    ...overrides,
  };
}
