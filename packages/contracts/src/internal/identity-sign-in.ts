import Type, { type Static } from 'typebox';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  ClientIp,
  defineIdentityInternal,
  Email,
  NewSiteSession,
  NextPath,
  OpaqueToken,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SessionOnlyRequest,
  SiteSession,
} from './identity-common.ts';

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
  request: SessionOnlyRequest,
  reply: SiteSession,
});

export const signOut = defineIdentityInternal({
  name: 'sign_out',
  description: 'Ends this session (an unknown one is a no-op).',
  request: SessionOnlyRequest,
  reply: Type.Object({ sessions_ended: Type.Integer({ minimum: 0 }) }),
});

export const signOutEverywhere = defineIdentityInternal({
  name: 'sign_out_everywhere',
  description: 'Ends every session of the account this session belongs to (this one too). 401 for an unknown session.',
  request: SessionOnlyRequest,
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
  request: SessionOnlyRequest,
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
  request: SessionOnlyRequest,
  reply: Type.Object({ removed: Type.Literal(true) }),
});
