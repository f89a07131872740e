import Type, { type Static, type TObject, type TSchema } from 'typebox';
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

/** Site accounts and API keys (the sign-up form, the API keys area and the operator CLI). */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const ACCOUNT_NAME_MAX_LENGTH = 160;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;
export const API_KEY_NAME_MAX_LENGTH = 100;
/** live (unrevoked) keys one account may hold */
export const API_KEYS_PER_ACCOUNT_MAX = 50;

/**
 * People on the site (the web edge asks; the gateway's identity module answers), each on
 * `gateway.internal.<name>`. Request: the JSON object below; reply `{ status, body }` or
 * `{ status, problem }` like an operation reply. Session tokens and link tokens travel only on the
 * bus and in cookies or mailed links; identity keeps only their SHA-256.
 */
const defineIdentityInternal = <Name extends string, Req extends TObject, Rep extends TSchema>(input: {
  name: Name;
  description: string;
  request: Req;
  reply: Rep;
}) => ({ ...input, subject: `gateway.internal.${input.name}` as const });

/** a magic sign-in link is good for this long, and once */
export const SIGN_IN_LINK_TTL_MINUTES = 15;
/** an email confirmation link is good for this long, and once */
export const EMAIL_CONFIRMATION_TTL_HOURS = 24;
/** a site session lasts this long after it was created (signing in again makes a new one) */
export const SESSION_TTL_DAYS = 14;
/**
 * Mails identity sends on request (sign-in links, confirmation links): at most this many per
 * address (or account) and per client IP in each window; past that the request is 429.
 */
export const MAIL_REQUESTS_PER_ADDRESS = { limit: 5, windowSeconds: 3600 } as const;
export const MAIL_REQUESTS_PER_IP = { limit: 20, windowSeconds: 3600 } as const;
/**
 * A session opened by a mailed sign-in link this recently may set or change the password without
 * the current one (the link proved the mailbox just now): the sign-in link's own lifetime.
 */
export const PASSWORD_SET_AFTER_LINK_MINUTES = SIGN_IN_LINK_TTL_MINUTES;
/** tries at setting or changing a password per account (each checks the current one with Argon2id): past that 429 */
export const PASSWORD_CHANGES_PER_ACCOUNT = { limit: 10, windowSeconds: 3600 } as const;

/** Where the mailed links point, below PUBLIC_URL (the web edge serves them). */
export const signInLinkPath = (token: string): string => `/signin/link?token=${encodeURIComponent(token)}`;
export const emailConfirmationPath = (token: string): string => `/confirm-email?token=${encodeURIComponent(token)}`;

/** 256-bit random values, base64url */
const OpaqueToken = Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });
const Email = Type.String({ minLength: 3, maxLength: EMAIL_MAX_LENGTH });
/** a local path on the site to come back to (`/` then no `/` or `\`, printable ASCII), else null: no open redirect */
export const localPathOrNull = (next: string | null | undefined): string | null =>
  typeof next === 'string' && next.length <= 2000 && /^\/(?![/\\])[\x21-\x7e]*$/.test(next) ? next : null;
const NextPath = Type.String({ maxLength: 2000 });
const ClientIp = Type.String({ maxLength: 100 });

/** what identity tells the web edge about a signed-in person */
export const SiteSession = Type.Object({
  account_id: Type.String(),
  email: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  email_confirmed: Type.Boolean(),
  /** the CSRF token bound to this session: every form of a signed-in page carries it */
  csrf_token: Type.String(),
  expires_at: Type.String(),
});
export type SiteSession = Static<typeof SiteSession>;

/** a session just made: the cookie value (shown once, kept hashed) and the session */
export const NewSiteSession = Type.Object({
  session_token: Type.String(),
  session: SiteSession,
  /** where the person was when they asked to sign in (a local path), null when unknown */
  next: Type.Union([Type.String(), Type.Null()]),
});
export type NewSiteSession = Static<typeof NewSiteSession>;

export const requestSignInLink = defineIdentityInternal({
  name: 'request_sign_in_link',
  description:
    'Mails a one-time sign-in link to an address (through the mail port). The account is created when the link is used, if there is none. The reply is the same whether or not the address has an account; 429 past the per-address or per-IP mail limit.',
  request: Type.Object(
    { email: Email, next: Type.Optional(NextPath), client_ip: Type.Optional(ClientIp) },
    { additionalProperties: false },
  ),
  reply: Type.Object({ sent: Type.Literal(true), expires_in_minutes: Type.Integer() }),
});

/**
 * What was taken away when the owner of an address proved it for the first time (a sign-in link or
 * a confirmation link used on an account whose email was never confirmed): whoever made the account
 * without the mailbox loses every way in they had. Null when there was nothing to take away.
 */
export const CredentialsReset = Type.Union([
  Type.Object({
    password_removed: Type.Boolean(),
    sessions_ended: Type.Integer({ minimum: 0 }),
    api_keys_revoked: Type.Integer({ minimum: 0 }),
    apps_revoked: Type.Integer({ minimum: 0 }),
    passkeys_removed: Type.Integer({ minimum: 0 }),
  }),
  Type.Null(),
]);
export type CredentialsReset = Static<typeof CredentialsReset>;

export const redeemSignInLink = defineIdentityInternal({
  name: 'redeem_sign_in_link',
  description:
    'Uses a sign-in link: creates the account on first use, confirms its email (the link proved it), and opens a session. On an account whose email was never confirmed it first takes away every way in made before (the password, every session, API keys, OAuth grants, passkeys: `reset` says what, and the owner is mailed); null when there was nothing. A link works once and for SIGN_IN_LINK_TTL_MINUTES; used, expired or unknown links are 410.',
  request: Type.Object({ token: OpaqueToken }, { additionalProperties: false }),
  reply: Type.Object({ ...NewSiteSession.properties, reset: CredentialsReset }),
});

export const signInWithPassword = defineIdentityInternal({
  name: 'sign_in_with_password',
  description: 'Email and password sign-in: opens a session. Wrong email or password (the same answer) is 401.',
  request: Type.Object(
    { email: Email, password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }) },
    { additionalProperties: false },
  ),
  reply: NewSiteSession,
});

export const signUpWithPassword = defineIdentityInternal({
  name: 'sign_up_with_password',
  description:
    'Email and password sign-up: creates the account (the password kept as Argon2id), opens a session and mails the email confirmation link (a mail that fails or is past the mail limits does not undo the sign-up: `confirmation_sent` is false and the person can ask again on /me). 409 when the address has an account; 400 for a bad address, name or password length.',
  request: Type.Object(
    {
      email: Email,
      name: Type.Optional(Type.String({ maxLength: ACCOUNT_NAME_MAX_LENGTH })),
      password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
      client_ip: Type.Optional(ClientIp),
    },
    { additionalProperties: false },
  ),
  reply: Type.Object({ ...NewSiteSession.properties, confirmation_sent: Type.Boolean() }),
});

export const requestEmailConfirmation = defineIdentityInternal({
  name: 'request_email_confirmation',
  description:
    'Mails the signed-in person a one-time link that confirms their email (needed to vote and review). 409 when it is confirmed already; 429 past the mail limits.',
  request: Type.Object(
    { session_token: OpaqueToken, client_ip: Type.Optional(ClientIp) },
    { additionalProperties: false },
  ),
  reply: Type.Object({ sent: Type.Literal(true), expires_in_hours: Type.Integer() }),
});

export const confirmEmail = defineIdentityInternal({
  name: 'confirm_email',
  description:
    'Uses a confirmation link: the account’s email is confirmed. Used from a live session of that account (the browser that signed up, so the one who chose the password), the password stays and every other session ends. Used anywhere else, the confirmer proved the mailbox but not the password: every way in made before (password, sessions, API keys, OAuth grants, passkeys) is taken away, `reset` says what, and the owner is mailed. Works once and for EMAIL_CONFIRMATION_TTL_HOURS; used, expired or unknown links are 410.',
  request: Type.Object(
    { token: OpaqueToken, session_token: Type.Optional(OpaqueToken) },
    { additionalProperties: false },
  ),
  reply: Type.Object({
    account_id: Type.String(),
    email: Type.String(),
    email_confirmed: Type.Literal(true),
    reset: CredentialsReset,
  }),
});

export const lookupSession = defineIdentityInternal({
  name: 'lookup_session',
  description: 'Who a session cookie belongs to. 401 for an unknown, ended or expired session.',
  request: Type.Object({ session_token: OpaqueToken }, { additionalProperties: false }),
  reply: SiteSession,
});

export const signOut = defineIdentityInternal({
  name: 'sign_out',
  description: 'Ends this session (an unknown one is a no-op).',
  request: Type.Object({ session_token: OpaqueToken }, { additionalProperties: false }),
  reply: Type.Object({ sessions_ended: Type.Integer({ minimum: 0 }) }),
});

export const signOutEverywhere = defineIdentityInternal({
  name: 'sign_out_everywhere',
  description: 'Ends every session of the account this session belongs to (this one too). 401 for an unknown session.',
  request: Type.Object({ session_token: OpaqueToken }, { additionalProperties: false }),
  reply: Type.Object({ sessions_ended: Type.Integer({ minimum: 0 }) }),
});

/** how a session was opened */
export const SESSION_METHODS = ['password', 'link', 'passkey'] as const;
/** one site session of the signed-in person, as `/me` lists it */
export const SessionSummary = Type.Object({
  /** identity's short public id of the session (what the end form names), never its token */
  id: Type.String(),
  created_at: Type.String(),
  expires_at: Type.String(),
  /** how it was opened; null for sessions from before this was kept */
  method: Type.Union([Type.Enum([...SESSION_METHODS]), Type.Null()]),
  /** the session asking */
  current: Type.Boolean(),
});
export type SessionSummary = Static<typeof SessionSummary>;
const SessionId = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' });

export const listSignInMethods = defineIdentityInternal({
  name: 'list_sign_in_methods',
  description:
    'How the signed-in person’s account can be entered, besides API keys, passkeys and apps (listed by their own requests): whether it has a password, until when this session may set one without the current one (opened by a mailed link less than PASSWORD_SET_AFTER_LINK_MINUTES ago; null otherwise), and its live sessions, this one marked. 401 for an unknown session.',
  request: Type.Object({ session_token: OpaqueToken }, { additionalProperties: false }),
  reply: Type.Object({
    password_set: Type.Boolean(),
    password_settable_until: Type.Union([Type.String(), Type.Null()]),
    sessions: Type.Array(SessionSummary),
  }),
});

export const endOneSession = defineIdentityInternal({
  name: 'end_session',
  description:
    'Ends one of the signed-in person’s sessions by its public id (this one too). 404 when it is not theirs or has ended.',
  request: Type.Object({ session_token: OpaqueToken, session_id: SessionId }, { additionalProperties: false }),
  reply: Type.Object({ ended: Type.Literal(true) }),
});

export const setPassword = defineIdentityInternal({
  name: 'set_password',
  description:
    'Sets or changes the signed-in person’s password: with `current_password` when the account has one, or from a session opened by a mailed link less than PASSWORD_SET_AFTER_LINK_MINUTES ago. Every other session ends and the owner is mailed. 400 naming `current_password` when it is wrong, 403 when neither proof is there, 429 past PASSWORD_CHANGES_PER_ACCOUNT.',
  request: Type.Object(
    {
      session_token: OpaqueToken,
      current_password: Type.Optional(Type.String({ maxLength: PASSWORD_MAX_LENGTH })),
      new_password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
    },
    { additionalProperties: false },
  ),
  reply: Type.Object({ password_set: Type.Literal(true), sessions_ended: Type.Integer({ minimum: 0 }) }),
});

export const removePassword = defineIdentityInternal({
  name: 'remove_password',
  description:
    'Removes the signed-in person’s password: it signs nobody in from then on (mailed links and passkeys still do). 404 when the account has none.',
  request: Type.Object({ session_token: OpaqueToken }, { additionalProperties: false }),
  reply: Type.Object({ removed: Type.Literal(true) }),
});

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
  request: Type.Object({ session_token: OpaqueToken }, { additionalProperties: false }),
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
  request: Type.Object({ session_token: OpaqueToken }, { additionalProperties: false }),
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

/**
 * Passkeys (WebAuthn) for people on the site: a registration ceremony on `/me` (bound to the
 * session) and a sign-in ceremony on the sign-in page (bound to a pre-session ceremony token the
 * web edge keeps in a short-lived cookie). Identity makes the options and verifies the answers
 * with @simplewebauthn/server; the RP ID and origin come from PUBLIC_URL, never from a request.
 */
export const PASSKEY_NAME_MAX_LENGTH = 60;
/** passkeys one account may hold */
export const PASSKEYS_PER_ACCOUNT_MAX = 20;
/** a ceremony's challenge works once, and only for this long after the options were made */
export const PASSKEY_CEREMONY_TTL_SECONDS = 300;
/** passkey sign-ins one client IP may start in each window (each keeps a challenge): past that 429 */
export const PASSKEY_SIGN_IN_STARTS_PER_IP = { limit: 30, windowSeconds: 300 } as const;
/** a credential id is at most 1023 bytes (WebAuthn), so at most 1364 base64url characters */
const CREDENTIAL_ID_MAX_LENGTH = 1364;
const Base64Url = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+$' });
const AuthenticatorAttachment = Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')]);
/** what the browser's extensions answered (e.g. `credProps`): small, and not used by the server */
const ClientExtensionResults = Type.Record(Type.String({ maxLength: 40 }), Type.Unknown(), { maxProperties: 10 });

/** `navigator.credentials.create()`'s answer as JSON (RegistrationResponseJSON), base64url without padding */
export const PasskeyRegistrationResponse = Type.Object({
  id: Base64Url(CREDENTIAL_ID_MAX_LENGTH),
  rawId: Base64Url(CREDENTIAL_ID_MAX_LENGTH),
  type: Type.Literal('public-key'),
  authenticatorAttachment: Type.Optional(AuthenticatorAttachment),
  clientExtensionResults: ClientExtensionResults,
  response: Type.Object({
    clientDataJSON: Base64Url(4096),
    attestationObject: Base64Url(16_384),
    authenticatorData: Type.Optional(Base64Url(16_384)),
    transports: Type.Optional(
      Type.Array(Type.String({ maxLength: 20, pattern: '^[a-z-]+$' }), { maxItems: 8, uniqueItems: true }),
    ),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(Base64Url(4096)),
  }),
});
export type PasskeyRegistrationResponse = Static<typeof PasskeyRegistrationResponse>;

/** `navigator.credentials.get()`'s answer as JSON (AuthenticationResponseJSON) */
export const PasskeyAuthenticationResponse = Type.Object({
  id: Base64Url(CREDENTIAL_ID_MAX_LENGTH),
  rawId: Base64Url(CREDENTIAL_ID_MAX_LENGTH),
  type: Type.Literal('public-key'),
  authenticatorAttachment: Type.Optional(AuthenticatorAttachment),
  clientExtensionResults: ClientExtensionResults,
  response: Type.Object({
    clientDataJSON: Base64Url(4096),
    authenticatorData: Base64Url(4096),
    signature: Base64Url(2048),
    userHandle: Type.Optional(Base64Url(128)),
  }),
});
export type PasskeyAuthenticationResponse = Static<typeof PasskeyAuthenticationResponse>;

/** one passkey of the signed-in person, as `/me` lists it */
export const PasskeySummary = Type.Object({
  /** identity's own short id for the passkey (what the remove form names), not the credential id */
  id: Type.String(),
  name: Type.String(),
  created_at: Type.String(),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
  /** the authenticator says the passkey is synced (backed up), e.g. by a platform's password manager */
  backed_up: Type.Boolean(),
});
export type PasskeySummary = Static<typeof PasskeySummary>;
const PasskeyId = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' });
/** the options for `navigator.credentials.create()` / `get()`, as @simplewebauthn/server makes them (JSON) */
const CeremonyOptions = Type.Record(Type.String(), Type.Unknown());

export const beginPasskeyRegistration = defineIdentityInternal({
  name: 'begin_passkey_registration',
  description:
    'Starts adding a passkey for the signed-in person: the options for navigator.credentials.create() (RP ID from PUBLIC_URL, a resident key, user verification required, their passkeys excluded). The challenge is bound to this session, works once and for PASSKEY_CEREMONY_TTL_SECONDS; a new start replaces it. 401 for an unknown session, 409 past PASSKEYS_PER_ACCOUNT_MAX.',
  request: Type.Object({ session_token: OpaqueToken }, { additionalProperties: false }),
  reply: Type.Object({ options: CeremonyOptions }),
});

export const finishPasskeyRegistration = defineIdentityInternal({
  name: 'finish_passkey_registration',
  description:
    'Verifies the authenticator’s answer against this session’s challenge (used up either way) and stores the passkey: credential id, public key, counter, transports. 410 when there is no live challenge for the session, 400 when the answer does not verify, 409 for a passkey stored already.',
  request: Type.Object(
    {
      session_token: OpaqueToken,
      name: Type.String({ maxLength: PASSKEY_NAME_MAX_LENGTH }),
      response: PasskeyRegistrationResponse,
    },
    { additionalProperties: false },
  ),
  reply: Type.Object({ passkey: PasskeySummary }),
});

export const listPasskeys = defineIdentityInternal({
  name: 'list_passkeys',
  description: 'The signed-in person’s passkeys, oldest first. 401 for an unknown session.',
  request: Type.Object({ session_token: OpaqueToken }, { additionalProperties: false }),
  reply: Type.Object({ passkeys: Type.Array(PasskeySummary) }),
});

export const removePasskey = defineIdentityInternal({
  name: 'remove_passkey',
  description:
    'Removes one of the signed-in person’s passkeys: it signs nobody in from then on. 404 when it is not theirs.',
  request: Type.Object({ session_token: OpaqueToken, passkey_id: PasskeyId }, { additionalProperties: false }),
  reply: Type.Object({ removed: Type.Literal(true) }),
});

export const beginPasskeySignIn = defineIdentityInternal({
  name: 'begin_passkey_sign_in',
  description:
    'Starts a passkey sign-in (discoverable credentials: no username asked): the options for navigator.credentials.get() and a ceremony token the edge keeps in a short-lived cookie. The challenge is bound to that token (kept as SHA-256), works once and for PASSKEY_CEREMONY_TTL_SECONDS. 429 past PASSKEY_SIGN_IN_STARTS_PER_IP for the client IP the edge passes.',
  request: Type.Object({ client_ip: Type.Optional(ClientIp) }, { additionalProperties: false }),
  reply: Type.Object({ ceremony_token: Type.String(), options: CeremonyOptions }),
});

export const finishPasskeySignIn = defineIdentityInternal({
  name: 'finish_passkey_sign_in',
  description:
    'Verifies the authenticator’s answer against the ceremony’s challenge (used up either way), moves the passkey’s counter on and opens a session, as the mailed link does. 410 for an unknown, used or expired ceremony; 401 for an unknown passkey or an answer that does not verify.',
  request: Type.Object(
    { ceremony_token: OpaqueToken, response: PasskeyAuthenticationResponse, next: Type.Optional(NextPath) },
    { additionalProperties: false },
  ),
  reply: NewSiteSession,
});

/** every `gateway.internal.<name>` request for people on the site, declared once */
export const identityInternalOperations = [
  requestSignInLink,
  redeemSignInLink,
  signInWithPassword,
  signUpWithPassword,
  requestEmailConfirmation,
  confirmEmail,
  lookupSession,
  signOut,
  signOutEverywhere,
  listSignInMethods,
  endOneSession,
  setPassword,
  removePassword,
  listSessionApiKeys,
  createSessionApiKey,
  revokeSessionApiKey,
  listOAuthGrants,
  revokeOAuthGrant,
  mailAccount,
  describeAccount,
  beginPasskeyRegistration,
  finishPasskeyRegistration,
  listPasskeys,
  removePasskey,
  beginPasskeySignIn,
  finishPasskeySignIn,
] as const;
export type IdentityInternalName = (typeof identityInternalOperations)[number]['name'];
type IdentityInternalOf<N extends IdentityInternalName> = Extract<
  (typeof identityInternalOperations)[number],
  { name: N }
>;
/** the request and the reply body of one people operation */
export type IdentityRequest<N extends IdentityInternalName> = Static<IdentityInternalOf<N>['request']>;
export type IdentityReply<N extends IdentityInternalName> = Static<IdentityInternalOf<N>['reply']>;
