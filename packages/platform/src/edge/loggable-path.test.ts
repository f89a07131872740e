import { describe, expect, it } from 'vitest';
import { loggablePath } from './loggable-path.ts';

const TOKEN = '4cb706a5-7a59-4de8-a27f-250f7910fa4d.GNPF1PS0eSTLemM_aTcXFUnX3lx7BtolvZpKMYoiQE8';

describe('loggablePath', () => {
  it('when a route takes a secret parameter then the line holds its pattern with the secret redacted, whatever spelling reached it', () => {
    for (const url of [`/invites/${TOKEN}`, `/invites/${TOKEN}/`, `/invites/${TOKEN}?x=1`])
      expect(loggablePath({ url, params: { token: TOKEN }, routeOptions: { url: '/invites/:token' } })).toBe(
        '/invites/[redacted]',
      );
    expect(
      loggablePath({ url: `/a/7/${TOKEN}`, params: { id: '7', token: TOKEN }, routeOptions: { url: '/a/:id/:token' } }),
    ).toBe('/a/7/[redacted]');
  });

  it('when no route matched then every segment that looks like a token is redacted; the query is never kept', () => {
    expect(loggablePath({ url: `/invites/${TOKEN}/oops?token=${TOKEN}` })).toBe('/invites/[redacted]/oops');
    expect(loggablePath({ url: '/listings/acme' })).toBe('/listings/acme');
  });

  it('when a route has no secret parameter then the path is kept as asked, without its query', () => {
    expect(loggablePath({ url: '/signin/link?token=abc', params: {}, routeOptions: { url: '/signin/link' } })).toBe(
      '/signin/link',
    );
    expect(
      loggablePath({ url: '/listings/acme', params: { slug: 'acme' }, routeOptions: { url: '/listings/:slug' } }),
    ).toBe('/listings/acme');
  });
});
