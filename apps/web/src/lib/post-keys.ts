// The post key roots that several features share. Apart from the patches in post-cache.ts because
// the home page's first load needs the list key but none of the patches (goal F1).

/** Every public list page: ['posts', 'list', ...], so a new tea (['posts'] invalidated) refreshes them. */
export const postListsKey = ['posts', 'list'] as const;

/** Every admin post query (moderation's list and detail, the admin feed): one invalidation refreshes them all. */
export const adminPostsKey = ['posts', 'admin'] as const;
