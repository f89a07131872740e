import Type, { type Static } from 'typebox';
import { Problem } from '../common.ts';
import { Principal } from '../envelope.ts';
import { SCOPES } from '../operation.ts';

/**
 * `gateway.internal.authenticate`: the gateway's identity module answers, for any edge (the REST
 * gateway itself, the MCP gateway in its own process), who a bearer credential belongs to and
 * whether it may call a resource with a scope. Every edge calls it before validating input.
 */
export const AUTHENTICATE_SUBJECT = 'gateway.internal.authenticate';

/** The protected resources; each OAuth access token is bound to exactly one of them (RFC 8707). */
export const PROTECTED_RESOURCES = ['api', 'mcp'] as const;
export type ProtectedResource = (typeof PROTECTED_RESOURCES)[number];

/** Where each resource lives below PUBLIC_URL: its RFC 8707 resource identifier is `${PUBLIC_URL}${path}`. */
export const RESOURCE_PATHS: Readonly<Record<ProtectedResource, string>> = { api: '/api/v1', mcp: '/mcp' };

/** Bearer credentials are at most this long; anything longer is refused without a lookup. */
export const AUTHORIZATION_MAX_LENGTH = 4096;

export const AuthenticateRequest = Type.Object(
  {
    /** the `Authorization` header exactly as received, or null when there was none */
    authorization: Type.Union([Type.String({ maxLength: AUTHORIZATION_MAX_LENGTH + 64 }), Type.Null()]),
    resource: Type.Enum([...PROTECTED_RESOURCES]),
    /**
     * the scope the call needs; null (or absent) for a public operation, where no credential is
     * fine but a presented invalid one is still refused
     */
    required_scope: Type.Optional(Type.Union([Type.Enum([...SCOPES]), Type.Null()])),
  },
  { additionalProperties: false },
);
export type AuthenticateRequest = Static<typeof AuthenticateRequest>;

export const AuthenticateReply = Type.Union([
  Type.Object({
    outcome: Type.Literal('authenticated'),
    /** `via` is `anonymous` when no credential was presented to a public operation */
    principal: Principal,
    /** a stable id of the credential (`key:<id>`, `oauth:<grant>`), null when anonymous: the rate-limit bucket */
    credential_id: Type.Union([Type.String(), Type.Null()]),
  }),
  Type.Object({
    outcome: Type.Literal('refused'),
    status: Type.Union([Type.Literal(401), Type.Literal(403)]),
    /** the `WWW-Authenticate` header value to send with the problem */
    www_authenticate: Type.String(),
    problem: Problem,
  }),
]);
export type AuthenticateReply = Static<typeof AuthenticateReply>;

/**
 * Idempotency-Key (IETF draft-ietf-httpapi-idempotency-key-header): 1 to 255 characters, sent as a
 * bare token or as a structured-field string (`"..."`). Key characters are printable ASCII; a bare
 * token may not contain spaces, quotes, backslashes, commas or semicolons.
 */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_KEY_BARE_PATTERN = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]+$/;
/** how long a completed key is remembered (the draft asks for at least 24 hours) */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
