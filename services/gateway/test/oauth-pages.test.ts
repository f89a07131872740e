import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SCOPE_DESCRIPTIONS } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { createOutboxMailer, readOutbox } from '@listings/platform/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationRequest, cookieBrowser, csrfIn, formPost, PERSON, registerClient } from './oauth-client.ts';
import { startIssuer } from './oauth-support.ts';

const redirectUri = 'http://127.0.0.1:9/callback';

/**
 * The OAuth sign-in and consent pages over HTTP: the shared UI package's frame under a CSP nonce of
 * their own, the app's name as text whatever it holds, each scope in words, forms refused without
 * their CSRF token, and the mailed sign-in link offered only where the site shares the origin.
 */
describe.each([
  { siteAtRoot: false, label: 'a gateway on its own' },
  { siteAtRoot: true, label: 'the gateway with the site at its root' },
])('the OAuth pages on $label', ({ siteAtRoot }) => {
  const bus = createInProcessBus();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oauth-pages-'));
  let issuer: Awaited<ReturnType<typeof startIssuer>>;

  beforeAll(async () => {
    issuer = await startIssuer({
      bus,
      identity: { mailer: createOutboxMailer({ dataDir, now: () => new Date() }) },
      app: { siteAtRoot },
    });
  });
  afterAll(async () => {
    await issuer?.close();
    await bus.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** a browser at the sign-in page of a new authorization request by a client with this name */
  const signInPage = async (clientName: string, scope = 'account:read orders:write') => {
    const client = await registerClient(issuer.as, redirectUri, clientName);
    const { url } = await authorizationRequest({
      as: issuer.as,
      clientId: client.client_id,
      redirectUri,
      resource: `${issuer.issuerUrl}/api/v1`,
      scope,
    });
    const browser = cookieBrowser(issuer.issuerUrl);
    const started = await browser.send(url.href);
    const interaction = started.headers.get('location') as string;
    const page = await browser.send(interaction);
    return { browser, interaction, page, html: await page.text() };
  };

  it('when the sign-in page is shown then it is the site’s frame under its own nonce, and the app’s name is text', async () => {
    const { page, html } = await signInPage('<img src=x onerror=alert(1)> Agent');
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(html).toContain(`<style nonce="${nonce}">`);
    expect(html).toContain('<header class="site-header">');
    expect(html).toContain('<strong id="client-name">&lt;img src=x onerror=alert(1)> Agent</strong>');
    expect(html).not.toContain('<img');
    expect(html.includes('id="oauth-mail-link"')).toBe(siteAtRoot);
  });

  it('when the sign-in or the link form comes without its CSRF token then it is refused and nothing is mailed', async () => {
    const { browser, interaction } = await signInPage('Token Agent');
    const login = await browser.send(
      `${interaction}/login`,
      formPost({ email: PERSON.email, password: PERSON.password }),
    );
    expect(login.status).toBe(403);
    const link = await browser.send(`${interaction}/link`, formPost({ email: 'someone@example.com' }));
    expect(link.status).toBe(403);
    expect((await readOutbox(dataDir)).filter((m) => m.to === 'someone@example.com')).toEqual([]);
  });

  it('when a link is asked for then it is mailed where the site serves it, and comes back to this request; a gateway alone has no link to give', async () => {
    const { browser, interaction, html } = await signInPage('Link Agent');
    const asked = await browser.send(
      `${interaction}/link`,
      formPost({ csrf: csrfIn(html), email: 'linked@example.com' }),
    );
    if (!siteAtRoot) {
      expect(asked.status).toBe(404);
      return;
    }
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('We sent a sign-in link to <strong>linked@example.com</strong>');
    const mail = (await readOutbox(dataDir)).filter((m) => m.to === 'linked@example.com').at(-1);
    expect(mail?.text).toContain(`${issuer.issuerUrl}/signin/link?token=`);
    // the link remembers where to come back to: redeemed, it opens a session and names this request
    const token = new URL(mail?.text.split(/\s+/).find((w) => w.includes('/signin/link')) as string).searchParams.get(
      'token',
    ) as string;
    const redeemed = await issuer.identity.people.handlers.redeem_sign_in_link({ token });
    expect(redeemed.next).toBe(new URL(interaction, issuer.issuerUrl).pathname);
  });

  it('when a person signs in then the consent page names the app and each scope in words, and a consent without its token is refused', async () => {
    const { browser, interaction, html } = await signInPage('Consent Agent');
    const signedIn = await browser.send(
      `${interaction}/login`,
      formPost({ csrf: csrfIn(html), email: PERSON.email, password: PERSON.password }),
    );
    expect(signedIn.status).toBe(303);
    let response = signedIn;
    for (let step = 0; step < 5 && response.status === 303; step++)
      response = await browser.send(response.headers.get('location') as string);
    const consent = await response.text();
    expect(consent).toContain('<h1>Allow access?</h1>');
    expect(consent).toContain('<strong id="client-name">Consent Agent</strong>');
    expect(consent).toContain(`${SCOPE_DESCRIPTIONS['account:read']} (<code>account:read</code>)`);
    expect(consent).toContain(`${SCOPE_DESCRIPTIONS['orders:write']} (<code>orders:write</code>)`);
    expect(consent).toContain(`Signed in as ${PERSON.email}`);
    const action = /action="([^"]+\/consent)"/.exec(consent)?.[1] as string;
    expect((await browser.send(action, formPost({ decision: 'allow' }))).status).toBe(403);
    expect((await browser.send(action, formPost({ csrf: 'x'.repeat(43), decision: 'allow' }))).status).toBe(403);
  });
});
