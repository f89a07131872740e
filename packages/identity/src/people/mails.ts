import {
  type CredentialsReset,
  EMAIL_CONFIRMATION_TTL_HOURS,
  emailConfirmationPath,
  SIGN_IN_LINK_TTL_MINUTES,
  signInLinkPath,
} from '@listings/contracts';
import type { MailMessage } from '@listings/platform/mail';

/** The mails identity sends people: what each says (the handlers decide when). */

export const signInLinkMail = (publicUrl: string, email: string, token: string): MailMessage => ({
  to: email,
  kind: 'sign-in-link',
  subject: 'Your sign-in link',
  text: [
    'Someone (we hope you) asked to sign in to the listings directory with this address.',
    '',
    `Sign in: ${publicUrl}${signInLinkPath(token)}`,
    '',
    `The link works once, for ${SIGN_IN_LINK_TTL_MINUTES} minutes. If you did not ask for it, ignore this email.`,
  ].join('\n'),
});

export const emailConfirmationMail = (publicUrl: string, email: string, token: string): MailMessage => ({
  to: email,
  kind: 'email-confirmation',
  subject: 'Confirm your email',
  text: [
    'Confirm this address for your account on the listings directory (you need it to vote and review):',
    '',
    `${publicUrl}${emailConfirmationPath(token)}`,
    '',
    `The link works once, for ${EMAIL_CONFIRMATION_TTL_HOURS} hours. Open it in the browser you signed up with`,
    'to keep your password. Opened anywhere else, it still confirms the address, but any password set before',
    'is removed and every session ends: if you did not sign up yourself, that is how you take the account back.',
  ].join('\n'),
});

/** what was taken away when the owner proved their address on an account someone else had made */
export const accountSecuredMail = (
  publicUrl: string,
  email: string,
  reset: NonNullable<CredentialsReset>,
): MailMessage => {
  const lines = [
    reset.password_removed ? '- the password set before the address was confirmed was removed' : null,
    reset.sessions_ended > 0 ? `- ${reset.sessions_ended} signed-in session(s) were ended` : null,
    reset.api_keys_revoked > 0 ? `- ${reset.api_keys_revoked} API key(s) were revoked` : null,
    reset.apps_revoked > 0 ? `- ${reset.apps_revoked} connected app(s) were disconnected` : null,
    reset.passkeys_removed > 0 ? `- ${reset.passkeys_removed} passkey(s) were removed` : null,
  ].filter((line): line is string => line !== null);
  return {
    to: email,
    kind: 'account-secured',
    subject: 'Your account was secured',
    text: [
      'You just proved this address for your account on the listings directory for the first time.',
      'Before that, the account could have been made or used by someone without access to your mailbox,',
      'so every way into it made before was taken away:',
      '',
      ...lines,
      '',
      `Set a password, add a passkey or make new API keys on ${publicUrl}/me.`,
    ].join('\n'),
  };
};

/** a password was set (none before) or changed */
export const passwordChangedMail = (publicUrl: string, email: string, hadOne: boolean): MailMessage => ({
  to: email,
  kind: 'password-changed',
  subject: hadOne ? 'Your password was changed' : 'A password was set on your account',
  text: [
    `${hadOne ? 'The password of your account was changed' : 'A password was set on your account'} on the listings directory.`,
    'Every other signed-in session was ended.',
    '',
    `If it was not you, sign in with an emailed link at ${publicUrl}/signin/email and remove the password on /me.`,
  ].join('\n'),
});
