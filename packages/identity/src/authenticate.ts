import {
  AUTHENTICATE_SUBJECT,
  AUTHORIZATION_MAX_LENGTH,
  type AuthenticateReply,
  AuthenticateRequest,
  type Principal,
  type ProtectedResource,
  RESOURCE_PATHS,
  SCOPES,
  type Scope,
} from '@listings/contracts';
import type { Bus, Served } from '@listings/platform/bus';
import type { Clock } from '@listings/platform/clock';
import { problemTypeUri } from '@listings/platform/errors';
import { checkValue } from '@listings/platform/validation';
import type { OAuthServer } from './oauth/oauth-server.ts';
import { API_KEY_PREFIX, type IdentityStore } from './store/identity-store.ts';

export const protectedResourceMetadataUrl = (publicUrl: string, resource: ProtectedResource): string =>
  `${publicUrl}/.well-known/oauth-protected-resource${RESOURCE_PATHS[resource]}`;

const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);

/**
 * Decides who a bearer credential belongs to and whether it may call a resource with a scope:
 * API keys (any resource) and OAuth access tokens (only the resource they were issued for).
 */
export const createAuthenticator = (options: {
  publicUrl: string;
  store: IdentityStore;
  oauth: OAuthServer;
  clock: Clock;
}) => {
  const refuse = (
    resource: ProtectedResource,
    status: 401 | 403,
    params: Record<string, string>,
    detail: string,
  ): AuthenticateReply => {
    const challenge = Object.entries({
      ...params,
      resource_metadata: protectedResourceMetadataUrl(options.publicUrl, resource),
    })
      .map(([k, v]) => `${k}="${v.replace(/["\\]/g, '')}"`)
      .join(', ');
    return {
      outcome: 'refused',
      status,
      www_authenticate: `Bearer ${challenge}`,
      problem: {
        type: problemTypeUri(status === 401 ? 'unauthorized' : 'insufficient-scope'),
        title: status === 401 ? 'Unauthorized' : 'Forbidden',
        status,
        detail,
      },
    };
  };

  const verifyAccessToken = async (
    token: string,
    resource: ProtectedResource,
  ): Promise<{ accountId: string; scopes: Scope[]; grantId: string } | string> => {
    const found = (await options.oauth.provider.AccessToken.find(token, { ignoreExpiration: true })) as
      | { accountId?: string; aud?: string | string[]; scope?: string; exp?: number; grantId?: string }
      | undefined;
    if (!found?.accountId) return 'the access token is not known';
    if (typeof found.exp === 'number' && found.exp * 1000 <= options.clock.now().getTime())
      return 'the access token has expired';
    const audiences = Array.isArray(found.aud) ? found.aud : found.aud ? [found.aud] : [];
    if (!audiences.some((aud) => options.oauth.resources.get(aud) === resource))
      return `the access token was issued for another resource, not ${options.publicUrl}${RESOURCE_PATHS[resource]}`;
    if (!(await options.store.findAccountById(found.accountId))) return 'the account no longer exists';
    return {
      accountId: found.accountId,
      scopes: (found.scope ?? '').split(' ').filter(isScope),
      grantId: found.grantId ?? 'none',
    };
  };

  /** an anonymous call is answered at once; a bearer credential may need a look-up (a promise) */
  const authenticate = (request: AuthenticateRequest): AuthenticateReply | Promise<AuthenticateReply> => {
    const { authorization, resource } = request;
    const required = request.required_scope ?? null;
    if (authorization === null || authorization.trim() === '') {
      if (required === null)
        return {
          outcome: 'authenticated',
          principal: { account_id: null, scopes: [], via: 'anonymous' },
          credential_id: null,
        };
      return refuse(
        resource,
        401,
        { scope: required },
        'this operation needs a credential: Authorization: Bearer <token>',
      );
    }
    return authenticateBearer(authorization, resource, required);
  };

  const authenticateBearer = async (
    authorization: string,
    resource: ProtectedResource,
    required: Scope | null,
  ): Promise<AuthenticateReply> => {
    const match = /^Bearer +([\x21-\x7e]+) *$/i.exec(authorization);
    if (!match || authorization.length > AUTHORIZATION_MAX_LENGTH)
      return refuse(resource, 401, { error: 'invalid_token' }, 'the Authorization header must be "Bearer <token>"');
    const token = match[1] as string;

    let principal: Principal;
    let credentialId: string;
    if (token.startsWith(API_KEY_PREFIX)) {
      const key = await options.store.verifyApiKey(token);
      if (!key) return refuse(resource, 401, { error: 'invalid_token' }, 'the API key is not valid or was revoked');
      principal = { account_id: key.accountId, scopes: [...key.scopes], via: 'api_key' };
      credentialId = `key:${key.keyId}`;
    } else {
      const verified = await verifyAccessToken(token, resource);
      if (typeof verified === 'string') return refuse(resource, 401, { error: 'invalid_token' }, verified);
      principal = { account_id: verified.accountId, scopes: verified.scopes, via: 'oauth' };
      credentialId = `oauth:${verified.grantId}`;
    }
    if (required !== null && !principal.scopes.includes(required))
      return refuse(
        resource,
        403,
        { error: 'insufficient_scope', scope: required },
        `this operation needs the scope ${required}`,
      );
    // an operator's credential carries the role (operator operations refuse principals without it)
    const roles = await options.store.rolesOf(principal.account_id as string);
    if (roles.length > 0) principal = { ...principal, roles };
    return { outcome: 'authenticated', principal, credential_id: credentialId };
  };

  return { authenticate };
};

export type Authenticator = ReturnType<typeof createAuthenticator>;

/** Serves `gateway.internal.authenticate` for the other edges (the MCP gateway). */
export const serveAuthenticate = (bus: Bus, authenticator: Authenticator): Promise<Served> =>
  bus.serve(
    AUTHENTICATE_SUBJECT,
    async (payload) => {
      const errors = checkValue(AuthenticateRequest, payload);
      if (errors.length > 0)
        return {
          outcome: 'refused',
          status: 401,
          www_authenticate: 'Bearer error="invalid_request"',
          problem: {
            type: problemTypeUri('unauthorized'),
            title: 'Unauthorized',
            status: 401,
            detail: 'malformed authentication request',
          },
        } satisfies AuthenticateReply;
      return authenticator.authenticate(payload as AuthenticateRequest);
    },
    { queue: 'gateway' },
  );
