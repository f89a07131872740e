import Type, { type Static } from 'typebox';
import { SCOPES } from '../operation.ts';
import { API_KEY_NAME_MAX_LENGTH, defineIdentityInternal, OpaqueToken, SessionOnlyRequest } from './identity-common.ts';

const ApiKeySummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String(),
  scopes: Type.Array(Type.Enum([...SCOPES])),
  created_at: Type.String(),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
});

export const listSessionApiKeys = defineIdentityInternal({
  name: 'list_api_keys',
  description: 'The signed-in person’s live API keys (the same store as the CLI). 401 for an unknown session.',
  request: SessionOnlyRequest,
  reply: Type.Object({ keys: Type.Array(ApiKeySummary) }),
});

export const createSessionApiKey = defineIdentityInternal({
  name: 'create_api_key',
  description:
    'Creates an API key for the signed-in person; the key is in this reply only. 409 for a name one of their live keys has, 409 past API_KEYS_PER_ACCOUNT_MAX, 429 past API_KEYS_PER_ACCOUNT_PER_DAY (keys made today, revoked ones included).',
  request: Type.Object(
    {
      session_token: OpaqueToken,
      name: Type.String({ minLength: 1, maxLength: API_KEY_NAME_MAX_LENGTH }),
      scopes: Type.Array(Type.Enum([...SCOPES]), { minItems: 1, uniqueItems: true }),
    },
    { additionalProperties: false },
  ),
  reply: Type.Object({ key: Type.String(), summary: ApiKeySummary }),
});

export const revokeSessionApiKey = defineIdentityInternal({
  name: 'revoke_api_key',
  description: 'Revokes one of the signed-in person’s keys. 404 when it is not theirs or is revoked already.',
  request: Type.Object(
    { session_token: OpaqueToken, key_id: Type.String({ maxLength: 20 }) },
    { additionalProperties: false },
  ),
  reply: Type.Object({ revoked: Type.Literal(true) }),
});

/** one OAuth grant of the signed-in person: a client app they allowed, and what it may do */
export const OAuthGrantSummary = Type.Object({
  grant_id: Type.String(),
  client_id: Type.String(),
  /** the client's registered `client_name`, null when it gave none */
  client_name: Type.Union([Type.String(), Type.Null()]),
  /** the client's registered `client_uri` (its home page), null when it gave none */
  client_uri: Type.Union([Type.String(), Type.Null()]),
  scopes: Type.Array(Type.Enum([...SCOPES])),
  /** the resources (RFC 8707 identifiers) the grant's tokens are for */
  resources: Type.Array(Type.String()),
  granted_at: Type.String(),
});
export type OAuthGrantSummary = Static<typeof OAuthGrantSummary>;

/** grant ids are oidc-provider's (21 url-safe characters); anything else names no grant */
const GrantId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

export const listOAuthGrants = defineIdentityInternal({
  name: 'list_oauth_grants',
  description:
    'The signed-in person’s OAuth grants (connected apps): the client, the scopes and when it was allowed, newest first. 401 for an unknown session.',
  request: SessionOnlyRequest,
  reply: Type.Object({ grants: Type.Array(OAuthGrantSummary) }),
});

export const revokeOAuthGrant = defineIdentityInternal({
  name: 'revoke_oauth_grant',
  description:
    'Revokes one of the signed-in person’s OAuth grants with every token issued under it (access, refresh, codes): the app must ask again. 404 when it is not theirs or is gone already.',
  request: Type.Object({ session_token: OpaqueToken, grant_id: GrantId }, { additionalProperties: false }),
  reply: Type.Object({ revoked: Type.Literal(true) }),
});

export const mailAccount = defineIdentityInternal({
  name: 'mail_account',
  description:
    'Another service tells a person something by email without knowing the address (e.g. catalog: an update of a listing they follow). Sent once per `dedupe_key` (again = no-op, `sent: false`); 404 for an unknown or erased account.',
  request: Type.Object(
    {
      account_id: Type.String({ minLength: 1, maxLength: 200 }),
      kind: Type.String({ minLength: 1, maxLength: 60, pattern: '^[a-z0-9-]+$' }),
      subject: Type.String({ minLength: 1, maxLength: 200 }),
      text: Type.String({ minLength: 1, maxLength: 20_000 }),
      dedupe_key: Type.String({ minLength: 1, maxLength: 200 }),
    },
    { additionalProperties: false },
  ),
  reply: Type.Object({ sent: Type.Boolean() }),
});

export const describeAccount = defineIdentityInternal({
  name: 'describe_account',
  description:
    'How a page names one person to another (the invite page names who sent the invite): the account’s display name and email. 404 for an unknown or erased account.',
  request: Type.Object({ account_id: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
  reply: Type.Object({ name: Type.Union([Type.String(), Type.Null()]), email: Type.String() }),
});
