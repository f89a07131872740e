import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOneInProcess } from '../in-process.ts';

type Running = Awaited<ReturnType<typeof startAllInOneInProcess>>;

/** The site for people (services/web) as the all-in-one process serves it at `/`, on the demo catalog. */
describe('the site in all-in-one mode, on the demo catalog', () => {
  let running: Running;
  beforeAll(async () => {
    running = await startAllInOneInProcess({ DEMO_DATA: 'on' });
  });
  afterAll(async () => {
    await running?.stop();
  });

  const page = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${running.base}${path}`, { headers, redirect: 'manual' });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };

  /** every HTML answer carries a strict CSP with a per-request nonce and no unsafe-inline */
  const expectStrictCsp = (headers: Headers) => {
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[0-9a-f]{32}'/);
    expect(csp).toMatch(/style-src 'self' 'nonce-[0-9a-f]{32}'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
  };

  it('when the home page is asked for then it shows this week, upcoming weeks and last week, in the layout', async () => {
    const r = await page('/');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectStrictCsp(r.headers);
    expect(r.text).toMatch(/^<!doctype html><html lang="en">/);
    expect(r.text).toContain("This week's launches");
    expect(r.text).toContain('Upcoming launches');
    expect(r.text).toContain("Last week's winners");
    expect(r.text).toContain('href="/signin?next=%2F"');
    expect(r.text).toContain('action="/search"');
  });

  it('when an anonymous page is asked for again with its ETag then the answer is 304, and a new nonce each time', async () => {
    const first = await page('/');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const again = await page('/', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    const third = await page('/');
    expect(third.headers.get('etag')).toBe(etag);
    expect(third.headers.get('content-security-policy')).not.toBe(first.headers.get('content-security-policy'));
  });

  it('when the stylesheet and script are asked for then they come from /assets with a year of caching', async () => {
    const home = await page('/');
    const css = /href="(\/assets\/site\.css\?v=[0-9a-f]+)"/.exec(home.text)?.[1] ?? '';
    const js = /src="(\/assets\/site\.js\?v=[0-9a-f]+)"/.exec(home.text)?.[1] ?? '';
    const style = await page(css);
    expect(style.status).toBe(200);
    expect(style.headers.get('content-type')).toContain('text/css');
    expect(style.headers.get('cache-control')).toContain('immutable');
    const script = await page(js);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
  });

  it('when the API and MCP are asked for then they still answer beside the site', async () => {
    const api = await fetch(`${running.base}/api/v1/site`);
    expect(api.status).toBe(200);
    expect(((await api.json()) as { name: string }).name).toBeTruthy();
    const docs = await page('/api/v1/docs');
    expect([200, 302]).toContain(docs.status);
  });
});
