import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type ProtectedResource, RESOURCE_PATHS, SCOPES } from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Provider, { errors } from 'oidc-provider';
import type { IdentityStore } from './identity-store.ts';
import { sqliteOAuthAdapterFactory } from './oauth-adapter.ts';
import { OAuthMessageView, oauthPageCsp, renderOAuthPage } from './oauth-pages.ts';
import type { IdentitySecrets } from './secrets.ts';

export const OAUTH_PREFIX = '/oauth';

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
  const provider = new Provider(options.publicUrl, {
    adapter: sqliteOAuthAdapterFactory(options.store.db, options.clock) as never,
    clients: [],
    jwks: options.secrets.jwks as never,
    cookies: { keys: options.secrets.cookieKeys, long: { signed: true }, short: { signed: true } },
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
      options.store.findAccountById(id) ? { accountId: id, claims: async () => ({ sub: id }) } : undefined,
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${OAUTH_PREFIX}/interaction/${interaction.uid}`,
    },
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
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
  // behind a TLS-terminating proxy the public URL is https while the socket is not
  provider.proxy = true;

  return {
    provider,
    resources,
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
        return callback(raw, res);
      };
      await app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
        scope.all(`${OAUTH_PREFIX}/*`, async (request, reply) => {
          reply.hijack();
          await forward(request, reply.raw, request.raw.url?.slice(OAUTH_PREFIX.length) || '/');
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

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
