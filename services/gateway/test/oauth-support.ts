import { createServer } from 'node:net';
import type { Bus } from '@listings/platform/bus';
import type { Clock } from '@listings/platform/clock';
import { silentLogger } from '@listings/platform/logger';
import type { FastifyInstance } from 'fastify';
import * as oauth from 'oauth4webapi';
import { buildApp, type GatewayOptions } from '../src/app.ts';
import { createIdentity, type Identity, type IdentityOptions } from '../src/identity/identity-module.ts';
import { hashPassword } from '../src/identity/passwords.ts';
import { GENEROUS_RATE_LIMITS } from './support.ts';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** a browser stand-in: keeps cookies, follows nothing by itself */
export const cookieBrowser = () => {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair as string).split('=');
      jar.set(name as string, value.join('='));
    }
    return response;
  };
  return { send };
};

export const csrfIn = (html: string) => (/name="csrf" value="([^"]+)"/.exec(html) as RegExpExecArray)[1] as string;

export const formPost = (values: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(values).toString(),
});

export const insecure = { [oauth.allowInsecureRequests]: true };
export const PERSON = { email: 'person@example.com', password: 'correct horse battery' };

/** a gateway listening on loopback with an in-memory identity and one person who can sign in */
export const startIssuer = async (options: {
  bus: Bus;
  clock?: Clock;
  identity?: Partial<IdentityOptions>;
  app?: Partial<GatewayOptions>;
}) => {
  const port = await freePort();
  const issuerUrl = `http://127.0.0.1:${port}`;
  const identity: Identity = createIdentity({
    publicUrl: issuerUrl,
    ...(options.clock ? { clock: options.clock } : {}),
    ...options.identity,
  });
  const app: FastifyInstance = await buildApp({
    bus: options.bus,
    config: { publicUrl: issuerUrl },
    logger: silentLogger(),
    identity,
    rateLimits: GENEROUS_RATE_LIMITS,
    ...(options.clock ? { clock: options.clock } : {}),
    ...options.app,
  });
  const served = await identity.serve(options.bus);
  await app.listen({ port, host: '127.0.0.1' });
  identity.store.createAccount({
    email: PERSON.email,
    name: 'Person',
    passwordHash: await hashPassword(PERSON.password),
  });
  const as = await oauth.processDiscoveryResponse(
    new URL(issuerUrl),
    await oauth.discoveryRequest(new URL(issuerUrl), { algorithm: 'oauth2', ...insecure }),
  );
  return {
    issuerUrl,
    identity,
    app,
    as,
    close: async () => {
      await app.close();
      await served.stop();
      identity.close();
    },
  };
};

export type AuthorizeResult =
  | { kind: 'callback'; callback: URL; verifier: string; consentHtml: string | null }
  | { kind: 'error'; status: number; html: string; verifier: string };

/**
 * Walks an authorization request like a person would: the sign-in form, then the consent page
 * (answering `decision`), until the redirect back to the client or an error page.
 */
export const authorize = async (input: {
  as: oauth.AuthorizationServer;
  issuerUrl: string;
  clientId: string;
  redirectUri: string;
  resource: string;
  scope?: string;
  decision?: 'allow' | 'deny';
}): Promise<AuthorizeResult> => {
  const verifier = oauth.generateRandomCodeVerifier();
  const url = new URL(input.as.authorization_endpoint as string);
  url.searchParams.set('client_id', input.clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', input.scope ?? 'account:read listings:write');
  url.searchParams.set('resource', input.resource);
  url.searchParams.set('state', 'st4te');
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  const b = cookieBrowser();
  let consentHtml: string | null = null;
  let response = await b.send(url.href);
  for (let step = 0; step < 10; step++) {
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, input.issuerUrl);
      if (next.href.startsWith(input.redirectUri)) return { kind: 'callback', callback: next, verifier, consentHtml };
      response = await b.send(next.href);
      continue;
    }
    const html = await response.text();
    if (html.includes('name="password"')) {
      const action = (/form method="post" action="([^"]+\/login)"/.exec(html) as RegExpExecArray)[1] as string;
      response = await b.send(
        new URL(action, input.issuerUrl).href,
        formPost({ csrf: csrfIn(html), email: PERSON.email, password: PERSON.password, next: '/' }),
      );
    } else if (html.includes('Allow access?')) {
      consentHtml = html;
      const action = (/action="([^"]+\/consent)"/.exec(html) as RegExpExecArray)[1] as string;
      response = await b.send(
        new URL(action, input.issuerUrl).href,
        formPost({ csrf: csrfIn(html), decision: input.decision ?? 'allow' }),
      );
    } else {
      return { kind: 'error', status: response.status, html, verifier };
    }
  }
  throw new Error('too many steps');
};

/** the code from a successful authorization, exchanged for tokens */
export const exchangeCode = async (input: {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  result: AuthorizeResult;
  redirectUri: string;
  resource: string;
}) => {
  if (input.result.kind !== 'callback') throw new Error(`no callback: ${JSON.stringify(input.result)}`);
  const params = oauth.validateAuthResponse(input.as, input.client, input.result.callback, 'st4te');
  const response = await oauth.authorizationCodeGrantRequest(
    input.as,
    input.client,
    oauth.None(),
    params,
    input.redirectUri,
    input.result.verifier,
    { ...insecure, additionalParameters: { resource: input.resource } },
  );
  return oauth.processAuthorizationCodeResponse(input.as, input.client, response);
};

/** dynamic registration of a public client */
export const registerClient = async (as: oauth.AuthorizationServer, redirectUri: string, name = 'Test Agent') =>
  (await oauth.processDynamicClientRegistrationResponse(
    await oauth.dynamicClientRegistrationRequest(
      as,
      {
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'none',
        client_name: name,
        grant_types: ['authorization_code', 'refresh_token'],
      },
      insecure,
    ),
  )) as oauth.Client;
