/**
 * What the site's end-to-end tests share: Debian's chromium (never a downloaded browser), a browser
 * context that keeps every request on this machine, the newest link mailed to someone (the outbox),
 * and a small cookie-keeping client for form-level checks without a browser.
 */
import { existsSync } from 'node:fs';
import { readOutbox } from '@listings/platform/mail';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM);

/** headless chromium with nothing in the background that would reach the network */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** a context whose requests to other hosts (logos, outside images) are answered inside the browser */
export const offlineContext = async (
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> => {
  const context = await browser.newContext(options);
  await context.route(
    (url) => !LOOPBACK.has(url.hostname),
    (route) =>
      route.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
  );
  return context;
};

/** the path (and query) of the newest link mailed to `to` that contains `pathStart` (links name PUBLIC_URL) */
export const mailedPath = async (dataDir: string, to: string, pathStart: string): Promise<string> => {
  const mail = (await readOutbox(dataDir)).filter((m) => m.to === to).at(-1);
  const url = mail?.text.split(/\s+/).find((word) => word.includes(pathStart));
  if (!url) throw new Error(`no ${pathStart} link mailed to ${to}`);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** a form-level client: keeps the cookies it is given, posts forms, follows no redirect */
export const formClient = (base: string) => {
  const cookies = new Map<string, string>();
  const go = async (path: string, init: RequestInit & { form?: Record<string, string> } = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (init.form) headers.set('content-type', 'application/x-www-form-urlencoded');
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers,
      redirect: 'manual',
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    for (const set of response.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const [name, value] = (pair as string).split('=') as [string, string];
      if (value) cookies.set(name, value);
      else cookies.delete(name);
    }
    return {
      status: response.status,
      location: response.headers.get('location'),
      type: response.headers.get('content-type') ?? '',
      setCookie: response.headers.getSetCookie(),
      headers: response.headers,
      text: await response.text(),
    };
  };
  return {
    go,
    /** the site session's id (the `ld_session` cookie), empty before sign-in */
    cookie: () => cookies.get('ld_session') ?? '',
    signedIn: () => cookies.has('ld_session'),
  };
};

/** the value of a hidden form field */
export const hidden = (html: string, name: string): string =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
