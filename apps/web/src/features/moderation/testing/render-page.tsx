/** The admin pages a moderation page leads to, as stand-ins (all but the one under test, `pattern`). */
export const adminStandIns = (pattern: string) =>
  [
    { path: '/admin/', element: <h1>Admin feed</h1> },
    { path: '/admin/posts/:id', element: <h1>Post page</h1> },
  ].filter((route) => route.path !== pattern);
