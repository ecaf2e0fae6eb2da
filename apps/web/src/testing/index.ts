/** The web tests' shared helpers: a fake API behind a stubbed fetch, and a route tree to render. */
export * from './api';
export * from './render-route';
export * from './users';
