/** The web tests' shared helpers: a fake API behind a stubbed fetch, a route tree to render, fixtures. */
export * from './api';
export * from './render-route';
export * from './users';
export * from './account-actions';
