import Type, { type Static } from 'typebox';
import {
  ClientIp,
  defineIdentityInternal,
  NewSiteSession,
  NextPath,
  OpaqueToken,
  SessionOnlyRequest,
} from './identity-common.ts';

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

/** what both ceremonies' answers say about the credential */
const credentialFields = {
  id: Base64Url(CREDENTIAL_ID_MAX_LENGTH),
  rawId: Base64Url(CREDENTIAL_ID_MAX_LENGTH),
  type: Type.Literal('public-key'),
  authenticatorAttachment: Type.Optional(AuthenticatorAttachment),
  clientExtensionResults: ClientExtensionResults,
};

/** `navigator.credentials.create()`'s answer as JSON (RegistrationResponseJSON), base64url without padding */
export const PasskeyRegistrationResponse = Type.Object({
  ...credentialFields,
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
  ...credentialFields,
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
  request: SessionOnlyRequest,
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
  request: SessionOnlyRequest,
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
