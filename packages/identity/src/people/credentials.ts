import {
  API_KEYS_PER_ACCOUNT_MAX,
  type IdentityReply,
  type IdentityRequest,
  SCOPES,
  type Scope,
} from '@listings/contracts';
import { ConflictError, NotFoundError, ValidationError } from '@listings/platform/errors';
import type { ApiKeySummary } from '../store/identity-store.ts';
import type { PeopleContext } from './context.ts';

const keySummary = (k: ApiKeySummary) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  scopes: [...k.scopes],
  created_at: k.createdAt,
  last_used_at: k.lastUsedAt,
});

/** The signed-in person's API keys and the apps they let in (OAuth grants). */
export const credentialOperations = (ctx: PeopleContext) => {
  const { store } = ctx;
  return {
    list_api_keys: async (r: IdentityRequest<'list_api_keys'>): Promise<IdentityReply<'list_api_keys'>> => {
      const session = await ctx.sessionOf(r.session_token);
      return { keys: (await store.listApiKeys(session.account_id)).map(keySummary) };
    },
    create_api_key: async (r: IdentityRequest<'create_api_key'>): Promise<IdentityReply<'create_api_key'>> => {
      const session = await ctx.sessionOf(r.session_token);
      const name = r.name.trim();
      if (name === '') throw new ValidationError([{ field: 'name', message: 'must not be blank' }]);
      if ((await store.listApiKeys(session.account_id)).length >= API_KEYS_PER_ACCOUNT_MAX)
        throw new ConflictError(`at most ${API_KEYS_PER_ACCOUNT_MAX} keys: revoke one first`);
      const created = await store.createApiKey({
        accountId: session.account_id,
        name,
        scopes: r.scopes,
        perDay: ctx.apiKeysPerDay,
        origin: 'site',
      });
      return { key: created.key, summary: keySummary(created.summary) };
    },
    revoke_api_key: async (r: IdentityRequest<'revoke_api_key'>): Promise<IdentityReply<'revoke_api_key'>> => {
      const session = await ctx.sessionOf(r.session_token);
      if (!(await store.revokeApiKey(session.account_id, r.key_id))) throw new NotFoundError('no such key of yours');
      return { revoked: true };
    },
    list_oauth_grants: async (r: IdentityRequest<'list_oauth_grants'>): Promise<IdentityReply<'list_oauth_grants'>> => {
      const session = await ctx.sessionOf(r.session_token);
      return {
        grants: (await store.listOAuthGrants(session.account_id)).map((g) => ({
          grant_id: g.grantId,
          client_id: g.clientId,
          client_name: g.clientName,
          client_uri: g.clientUri,
          scopes: g.scopes.filter((s): s is Scope => (SCOPES as readonly string[]).includes(s)),
          resources: g.resources,
          granted_at: g.grantedAt,
        })),
      };
    },
    revoke_oauth_grant: async (
      r: IdentityRequest<'revoke_oauth_grant'>,
    ): Promise<IdentityReply<'revoke_oauth_grant'>> => {
      const session = await ctx.sessionOf(r.session_token);
      if (!(await store.revokeOAuthGrant(session.account_id, r.grant_id)))
        throw new NotFoundError('no such app of yours');
      return { revoked: true };
    },
  };
};
