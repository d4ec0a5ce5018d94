import { describe, expect, it } from 'vitest';
import { pageFor, routePages } from './client-app';

const index = '<html><head><title>Casino</title></head><body></body></html>';
const chunks = {
  routes: {
    '/login': { js: ['assets/login-page-a1.js', 'assets/rules-b2.js'], css: [] },
    '/finance/recharge': { js: ['assets/recharge-page-c3.js'], css: ['assets/wallet-d4.css'] },
  },
};

describe('client pages with route preloads', () => {
  const pages = routePages(index, chunks);

  it("puts a route's chunks in its page head, the JS as module preloads and the CSS as style preloads", () => {
    const login = pageFor(pages, index, '/login');
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/login-page-a1.js">');
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/rules-b2.js">');
    expect(login.indexOf('rules-b2.js')).toBeLessThan(login.indexOf('</head>'));
    const recharge = pageFor(pages, index, '/finance/recharge?channel=gcash');
    expect(recharge).toContain('<link rel="preload" as="style" crossorigin href="/assets/wallet-d4.css">');
    expect(recharge).not.toContain('login-page');
    expect(pageFor(pages, index, '/finance/recharge/')).toBe(recharge);
  });

  it('answers the plain index.html for the lobby, unknown paths and a build without route chunks', () => {
    expect(pageFor(pages, index, '/game')).toBe(index);
    expect(pageFor(pages, index, '/nowhere')).toBe(index);
    expect(pageFor(pages, index, '/')).toBe(index);
    expect(pageFor(routePages(index, null), index, '/login')).toBe(index);
  });
});
