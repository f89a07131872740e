// The client side of the OAuth flow, as an agent and the person behind it run it: discovery,
// dynamic registration, an authorization request with PKCE S256 walked through the sign-in and
// consent forms by a cookie-keeping browser stand-in, and the code exchange. It needs nothing but
// oauth4webapi and fetch (no gateway code), so the MCP gateway's tests use it against the
// all-in-one service as well; the issuer side is in oauth-support.ts.
import * as oauth from 'oauth4webapi';

/** a browser stand-in: keeps cookies, follows nothing by itself; relative URLs are against `origin` */
export const cookieBrowser = (origin?: string) => {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, origin), {
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

export interface Person {
  readonly email: string;
  readonly password: string;
}
/** the person startIssuer creates, and who signs in unless another is named */
export const PERSON: Person = { email: 'person@example.com', password: 'correct horse battery' };

/**
 * a person signs up on the site (the web edge's sign-up form: signed out, it carries no token; the
 * one form check refuses only a cross-site post); the form post's response
 */
export const signUp = async (origin: string, person: Person & { readonly name: string }) => {
  return cookieBrowser(origin).send(
    '/signup',
    formPost({ email: person.email, name: person.name, password: person.password, next: '/' }),
  );
};

/** the authorization server metadata of `issuer` */
export const discover = async (issuer: string | URL) => {
  const url = new URL(issuer);
  return oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { algorithm: 'oauth2', ...insecure }));
};

/** what an MCP client does after a 401: protected resource metadata, then its authorization server's */
export const discoverFromResource = async (resourceUrl: string) => {
  const url = new URL(resourceUrl);
  const resource = await oauth.processResourceDiscoveryResponse(
    url,
    await oauth.resourceDiscoveryRequest(url, insecure),
  );
  const as = await discover((resource.authorization_servers as string[])[0] as string);
  return { resource, as };
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

export interface AuthorizationRequest {
  readonly as: oauth.AuthorizationServer;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly resource: string;
  /** default: account:read listings:write */
  readonly scope?: string;
  /** set after the standard parameters, or removed where the value is '' */
  readonly params?: Record<string, string>;
}

/** the authorization request URL (state st4te, PKCE S256) and its code verifier */
export const authorizationRequest = async (input: AuthorizationRequest) => {
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
  for (const [k, v] of Object.entries(input.params ?? {}))
    if (v === '') url.searchParams.delete(k);
    else url.searchParams.set(k, v);
  return { url, verifier };
};

export type AuthorizeResult =
  | { kind: 'callback'; callback: URL; verifier: string; consentHtml: string | null }
  | { kind: 'error'; status: number; html: string; verifier: string };

/**
 * Walks an authorization request like a person would: the sign-in form (as `person`, default
 * PERSON), then the consent page (shown to `onConsent`, answered with `decision`), until the
 * redirect back to the client or an error page.
 */
export const authorize = async (
  input: AuthorizationRequest & {
    readonly issuerUrl: string;
    readonly decision?: 'allow' | 'deny';
    readonly person?: Person;
    readonly onConsent?: (html: string) => void;
  },
): Promise<AuthorizeResult> => {
  const { url, verifier } = await authorizationRequest(input);
  const person = input.person ?? PERSON;
  const b = cookieBrowser(input.issuerUrl);
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
        action,
        formPost({ csrf: csrfIn(html), email: person.email, password: person.password, next: '/' }),
      );
    } else if (html.includes('Allow access?')) {
      consentHtml = html;
      input.onConsent?.(html);
      const action = (/action="([^"]+\/consent)"/.exec(html) as RegExpExecArray)[1] as string;
      response = await b.send(action, formPost({ csrf: csrfIn(html), decision: input.decision ?? 'allow' }));
    } else {
      return { kind: 'error', status: response.status, html, verifier };
    }
  }
  throw new Error('too many steps');
};

/**
 * The code from a successful authorization, exchanged for tokens (with `resource` as RFC 8707
 * asks, when given; with another `verifier` than the request's, to see it refused).
 */
export const exchangeCode = async (input: {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  result: AuthorizeResult;
  redirectUri: string;
  resource?: string;
  verifier?: string;
}) => {
  if (input.result.kind !== 'callback') throw new Error(`no callback: ${JSON.stringify(input.result)}`);
  const params = oauth.validateAuthResponse(input.as, input.client, input.result.callback, 'st4te');
  const response = await oauth.authorizationCodeGrantRequest(
    input.as,
    input.client,
    oauth.None(),
    params,
    input.redirectUri,
    input.verifier ?? input.result.verifier,
    input.resource === undefined ? insecure : { ...insecure, additionalParameters: { resource: input.resource } },
  );
  return oauth.processAuthorizationCodeResponse(input.as, input.client, response);
};
