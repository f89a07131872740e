import type { Static } from 'typebox';
import {
  createSessionApiKey,
  describeAccount,
  listOAuthGrants,
  listSessionApiKeys,
  mailAccount,
  revokeOAuthGrant,
  revokeSessionApiKey,
} from './identity-credentials.ts';
import {
  beginPasskeyRegistration,
  beginPasskeySignIn,
  finishPasskeyRegistration,
  finishPasskeySignIn,
  listPasskeys,
  removePasskey,
} from './identity-passkeys.ts';
import {
  confirmEmail,
  endOneSession,
  listSignInMethods,
  lookupSession,
  redeemSignInLink,
  removePassword,
  requestEmailConfirmation,
  requestSignInLink,
  setPassword,
  signInWithPassword,
  signOut,
  signOutEverywhere,
  signUpWithPassword,
} from './identity-sign-in.ts';

/** The identity contracts, one concern a file (identity-*.ts), exported from here as before. */
export {
  AUTHENTICATE_SUBJECT,
  AUTHORIZATION_MAX_LENGTH,
  AuthenticateReply,
  AuthenticateRequest,
  IDEMPOTENCY_KEY_BARE_PATTERN,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_RETENTION_MS,
  PROTECTED_RESOURCES,
  type ProtectedResource,
  RESOURCE_PATHS,
} from './identity-authenticate.ts';
export {
  ACCOUNT_NAME_MAX_LENGTH,
  API_KEY_NAME_MAX_LENGTH,
  API_KEYS_PER_ACCOUNT_MAX,
  EMAIL_CONFIRMATION_TTL_HOURS,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  emailConfirmationPath,
  localPathOrNull,
  MAIL_REQUESTS_PER_ADDRESS,
  MAIL_REQUESTS_PER_IP,
  NewSiteSession,
  PASSWORD_CHANGES_PER_ACCOUNT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SET_AFTER_LINK_MINUTES,
  SESSION_TTL_DAYS,
  SIGN_IN_LINK_TTL_MINUTES,
  SiteSession,
  signInLinkPath,
} from './identity-common.ts';
export {
  createSessionApiKey,
  describeAccount,
  listOAuthGrants,
  listSessionApiKeys,
  mailAccount,
  OAuthGrantSummary,
  revokeOAuthGrant,
  revokeSessionApiKey,
} from './identity-credentials.ts';
export {
  beginPasskeyRegistration,
  beginPasskeySignIn,
  finishPasskeyRegistration,
  finishPasskeySignIn,
  listPasskeys,
  PASSKEY_CEREMONY_TTL_SECONDS,
  PASSKEY_NAME_MAX_LENGTH,
  PASSKEY_SIGN_IN_STARTS_PER_IP,
  PASSKEYS_PER_ACCOUNT_MAX,
  PasskeyAuthenticationResponse,
  PasskeyRegistrationResponse,
  PasskeySummary,
  removePasskey,
} from './identity-passkeys.ts';
export {
  CredentialsReset,
  confirmEmail,
  endOneSession,
  listSignInMethods,
  lookupSession,
  redeemSignInLink,
  removePassword,
  requestEmailConfirmation,
  requestSignInLink,
  SESSION_METHODS,
  SessionSummary,
  setPassword,
  signInWithPassword,
  signOut,
  signOutEverywhere,
  signUpWithPassword,
} from './identity-sign-in.ts';

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
