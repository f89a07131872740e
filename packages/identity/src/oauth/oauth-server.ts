import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type ProtectedResource, RESOURCE_PATHS, SCOPES } from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Provider, { errors } from 'oidc-provider';
// the provider's own state, read once to resolve a path with its router (see `actionOf`)
import providerInternals from 'oidc-provider/lib/helpers/weak_cache.js';
import type { IdentitySecrets } from '../secrets.ts';
import type { IdentityStore } from '../store/identity-store.ts';
import { OAuthMessageView, oauthPageCsp, renderOAuthPage } from './oauth-pages.ts';

export const OAUTH_PREFIX = '/oauth';
/** the Fastify route that hands a request to the provider (its endpoints are routed by the provider) */
export const OAUTH_PROVIDER_ROUTE = `${OAUTH_PREFIX}/*`;

/** what the provider's router sees of a request under /oauth: its URL, less the mount path */
const innerUrlOf = (request: FastifyRequest): string => request.raw.url?.slice(OAUTH_PREFIX.length) || '/';

/**
 * The path Koa (parseurl) gives the provider's router for a URL: up to `?` or `#`, left encoded,
 * as the router matches it (case-folded, one trailing slash ignored).
 */
const koaPathOf = (url: string): string => url.split(/[?#]/, 1)[0] as string;

interface ProviderRouter {
  match(method: string, path: string): { route: { name: string } } | undefined;
}

/** the fetch oidc-provider uses for client ID metadata documents (our outbound guard in production) */
export type MetadataFetch = (
  url: string,
  init: { headers: Record<string, string>; signal?: AbortSignal },
) => Promise<Response>;

export interface OAuthServerOptions {
  readonly publicUrl: string;
  readonly store: IdentityStore;
  readonly secrets: IdentitySecrets;
  readonly clock: Clock;
  readonly accessTokenTtlSeconds: number;
  readonly metadataFetch: MetadataFetch;
}

export const resourceIdentifier = (publicUrl: string, resource: ProtectedResource): string =>
  `${publicUrl}${RESOURCE_PATHS[resource]}`;

/** RFC 8252 §7.3 and §8.3: the loopback hosts a native client may listen on over plain http */
const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Why a client's redirect URI is refused, or null: https, or http on a loopback host (RFC 8252),
 * and never a fragment (RFC 6749 §3.1.2). Other schemes (custom app schemes included) are refused:
 * an OAuth client of this directory is a web app or an agent with a loopback listener.
 */
export const redirectUriRefusal = (uri: string): string | null => {
  const url = URL.parse(uri);
  if (!url) return 'must be an absolute URI';
  if (uri.includes('#')) return 'must not have a fragment';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:')
    return LOOPBACK_HOSTNAMES.has(url.hostname) ? null : 'must use https (http only on 127.0.0.1, [::1] or localhost)';
  return 'must use https (http only on 127.0.0.1, [::1] or localhost)';
};

/**
 * The provider's hook into client metadata (registration, client ID metadata documents, and each
 * stored client as it is read back): a refused redirect URI is named by its index. Shapes the
 * provider checks itself (not an array, not strings) are left to it.
 */
const checkClientMetadata = (_ctx: unknown, key: string, value: unknown) => {
  if (key !== 'redirect_uris' || !Array.isArray(value)) return;
  for (const [index, uri] of value.entries()) {
    if (typeof uri !== 'string') continue;
    const refusal = redirectUriRefusal(uri);
    // a description that starts with `redirect_uris` is answered as RFC 7591 `invalid_redirect_uri`
    if (refusal) throw new errors.InvalidClientMetadata(`redirect_uris.${index} ${refusal}`);
  }
};

/**
 * The headers the provider builds its URLs from (it reads `Host` and `X-Forwarded-Proto`, trusting
 * them as a proxy's): set from the public URL, whatever the client sent. The client IP it sees is
 * the one Fastify settled on (`X-Forwarded-For` only with TRUST_PROXY).
 */
const pinToPublicOrigin = (request: FastifyRequest, origin: URL) => {
  const headers = request.raw.headers;
  headers.host = origin.host;
  headers['x-forwarded-proto'] = origin.protocol.slice(0, -1);
  headers['x-forwarded-for'] = request.ip;
  delete headers['x-forwarded-host'];
  delete headers['x-forwarded-port'];
  delete headers.forwarded;
};

/**
 * The OAuth 2.1 authorization server (oidc-provider): authorization code with PKCE S256 only,
 * dynamic client registration, client ID metadata documents, resource indicators with opaque
 * access tokens bound to one resource, rotating refresh tokens, revocation, `iss` in responses.
 */
export const createOAuthServer = (options: OAuthServerOptions) => {
  const resources = new Map(
    (Object.keys(RESOURCE_PATHS) as ProtectedResource[]).map((r) => [resourceIdentifier(options.publicUrl, r), r]),
  );
  const apiResource = resourceIdentifier(options.publicUrl, 'api');
  const secureOrigin = new URL(options.publicUrl).protocol === 'https:';
  const provider = new Provider(options.publicUrl, {
    adapter: options.store.oauthAdapter as never,
    clients: [],
    jwks: options.secrets.jwks as never,
    cookies: {
      // on https the session cookie is a `__Host-` cookie (Secure, Path=/, no Domain) and the
      // interaction cookies, which live under their own paths, `__Secure-` ones: neither a sibling
      // subdomain nor an http page can plant them (the site's own cookies: siteCookie)
      ...(secureOrigin
        ? {
            names: {
              session: '__Host-ld_oauth_session',
              interaction: '__Secure-ld_oauth_interaction',
              resume: '__Secure-ld_oauth_resume',
            },
          }
        : {}),
      keys: options.secrets.cookieKeys,
      long: { signed: true },
      short: { signed: true },
    },
    scopes: [...SCOPES, 'offline_access'],
    claims: { openid: ['sub'] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    routes: {
      authorization: '/authorize',
      token: '/token',
      registration: '/register',
      revocation: '/revoke',
      jwks: '/jwks',
      end_session: '/session/end',
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      userinfo: { enabled: false },
      clientIdMetadataDocument: { enabled: true, ack: 'draft-02' },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => apiResource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, resource: string) => {
          if (!resources.has(resource)) throw new errors.InvalidTarget('unknown resource');
          return {
            scope: SCOPES.join(' '),
            audience: resource,
            accessTokenTTL: options.accessTokenTtlSeconds,
            accessTokenFormat: 'opaque',
          };
        },
      },
    } as never,
    fetch: ((url: string | URL, init: { headers?: Headers; signal?: AbortSignal }) =>
      options.metadataFetch(String(url), {
        headers: Object.fromEntries(init.headers?.entries() ?? []),
        ...(init.signal ? { signal: init.signal } : {}),
      })) as never,
    findAccount: async (_ctx: unknown, id: string) =>
      (await options.store.findAccountById(id)) ? { accountId: id, claims: async () => ({ sub: id }) } : undefined,
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${OAUTH_PREFIX}/interaction/${interaction.uid}`,
    },
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    extraClientMetadata: { properties: ['redirect_uris'], validator: checkClientMetadata },
    clientDefaults: { grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] },
    ttl: {
      AccessToken: options.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      RefreshToken: 30 * 24 * 60 * 60,
      Grant: 30 * 24 * 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Interaction: 60 * 60,
      IdToken: 60 * 60,
    },
    renderError: async (
      ctx: { type: string; body: string; set(name: string, value: string): void },
      out: Record<string, string>,
    ) => {
      const nonce = randomBytes(16).toString('base64url');
      ctx.set('content-security-policy', oauthPageCsp(nonce));
      ctx.type = 'html';
      ctx.body = renderOAuthPage(
        OAuthMessageView(
          {
            title: 'Sign-in could not continue',
            message: `${out.error ?? 'error'}: ${out.error_description ?? ''}`,
          },
          { nonce, signedInAs: null },
        ),
      );
    },
  } as never);
  // the provider builds URLs from `Host` and `X-Forwarded-Proto`, which forward() sets from the
  // public URL (behind a TLS-terminating proxy the public URL is https while the socket is not)
  provider.proxy = true;
  const publicOrigin = new URL(options.publicUrl);
  const router = (providerInternals as unknown as (p: Provider) => { router?: ProviderRouter } | undefined)(
    provider,
  )?.router;
  // without the provider's router no limit could tell its endpoints apart: refuse to start
  if (typeof router?.match !== 'function')
    throw new Error('oidc-provider: its router cannot be read (internals changed): the token endpoint limit needs it');

  return {
    provider,
    resources,
    /**
     * The provider endpoint (its route name, e.g. `token`) a request resolves to, by the provider's
     * own router on the path it will be handed: every spelling it serves (`/oauth/TOKEN`,
     * `/oauth/token/`) resolves alike; null for requests it does not serve, or not routed to it.
     */
    actionOf: (request: FastifyRequest): string | null =>
      request.routeOptions.url === OAUTH_PROVIDER_ROUTE
        ? (router.match(request.method, koaPathOf(innerUrlOf(request)))?.route.name ?? null)
        : null,
    /**
     * The provider's endpoints under /oauth on Fastify: an encapsulated plugin with no body parsing
     * (the provider reads the raw request), `originalUrl` set so it knows its mount path.
     */
    plugin: async (app: FastifyInstance) => {
      const callback = provider.callback();
      const forward = (request: FastifyRequest, res: ServerResponse, innerUrl: string) => {
        const raw = request.raw as typeof request.raw & { originalUrl?: string };
        raw.originalUrl = `${OAUTH_PREFIX}${innerUrl}`;
        raw.url = innerUrl;
        pinToPublicOrigin(request, publicOrigin);
        return callback(raw, res);
      };
      await app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
        scope.all(OAUTH_PROVIDER_ROUTE, async (request, reply) => {
          reply.hijack();
          await forward(request, reply.raw, innerUrlOf(request));
        });
        // RFC 8414: the issuer has no path, so its metadata is at the root well-known URL
        for (const url of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
          scope.get(url, async (request, reply) => {
            reply.hijack();
            await forward(request, reply.raw, '/.well-known/openid-configuration');
          });
        }
      });
    },
  };
};

export type OAuthServer = ReturnType<typeof createOAuthServer>;
