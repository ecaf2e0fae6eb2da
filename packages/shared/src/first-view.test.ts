import { describe, expect, it } from 'vitest';
import { apiUrl, firstView } from './first-view.js';
import { formatCount } from './helpers/format-count.js';

describe('apiUrl', () => {
  it('leaves out empty values and keeps the order given', () => {
    expect(apiUrl('/posts/', { category: undefined, state: '', search: null, skip: 0, limit: 9 })).toBe(
      '/api/v1/posts/?skip=0&limit=9',
    );
    expect(apiUrl('/posts/', { search: 'a b&c' })).toBe('/api/v1/posts/?search=a+b%26c');
    expect(apiUrl('/states/')).toBe('/api/v1/states/');
  });
});

describe('firstView', () => {
  it('names the plain front page its list, categories and states', () => {
    expect(firstView('/', '').requests.map((r) => apiUrl(r.path, r.query))).toEqual([
      '/api/v1/posts/?skip=0&limit=9',
      '/api/v1/categories/',
      '/api/v1/states/',
    ]);
  });

  it('names a post page its post and its lazy module', () => {
    const id = '0b6c6a52-6a4b-4c55-9d7e-2f1f6f0e2a11';
    expect(firstView(`/posts/${id}`, '')).toEqual({
      requests: [{ path: `/posts/${id}` }],
      page: 'src/features/posts/pages/post-page.tsx',
    });
  });

  it('names the submit form its lists and its lazy module', () => {
    expect(firstView('/submit', '')).toEqual({
      requests: [{ path: '/categories/' }, { path: '/states/' }],
      page: 'src/features/posts/pages/submit-page.tsx',
    });
  });

  it.each([
    ['/', '?search=tea'],
    ['/posts/nope', ''],
    ['/my-teas', ''],
  ])('asks nothing for %s%s', (path, search) => {
    expect(firstView(path, search)).toEqual({ requests: [] });
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [-12500, '-12,500'],
  ])('writes %d as %s, as en-US does', (n, text) => {
    expect(formatCount(n)).toBe(text);
    expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });
});
