import Type, { type Static, type TObject, type TSchema } from 'typebox';
import { ROLES } from '../identity.ts';

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
export const defineIdentityInternal = <Name extends string, Req extends TObject, Rep extends TSchema>(input: {
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
export const OpaqueToken = Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });
export const Email = Type.String({ minLength: 3, maxLength: EMAIL_MAX_LENGTH });
/** a local path on the site to come back to (`/` then no `/` or `\`, printable ASCII), else null: no open redirect */
export const localPathOrNull = (next: string | null | undefined): string | null =>
  typeof next === 'string' && next.length <= 2000 && /^\/(?![/\\])[\x21-\x7e]*$/.test(next) ? next : null;
export const NextPath = Type.String({ maxLength: 2000 });
export const ClientIp = Type.String({ maxLength: 100 });

/** what identity tells the web edge about a signed-in person */
export const SiteSession = Type.Object({
  account_id: Type.String(),
  email: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  email_confirmed: Type.Boolean(),
  /** when the account was made (the ranking rules weigh the votes of young accounts 0) */
  account_created_at: Type.String(),
  /** whether the address is at a disposable email domain (a maintained list; such votes weigh 0) */
  email_disposable: Type.Boolean(),
  /** whether the operators suspended the account (its votes weigh 0 from then on) */
  suspended: Type.Boolean(),
  /** the CSRF token bound to this session: every form of a signed-in page carries it */
  csrf_token: Type.String(),
  expires_at: Type.String(),
  /** the account's roles (ROLES): the site shows the operator console to operators */
  roles: Type.Optional(Type.Array(Type.Enum([...ROLES]))),
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

/** a request that names only the signed-in person's session */
export const SessionOnlyRequest = Type.Object({ session_token: OpaqueToken }, { additionalProperties: false });
