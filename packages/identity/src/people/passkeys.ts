import { randomBytes } from 'node:crypto';
import {
  type IdentityReply,
  type IdentityRequest,
  localPathOrNull,
  type NewSiteSession,
  PASSKEY_CEREMONY_TTL_SECONDS,
  PASSKEYS_PER_ACCOUNT_MAX,
  type SiteSession,
} from '@listings/contracts';
import { NotFoundError, UnauthorizedError, ValidationError } from '@listings/platform/errors';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { COSEALG } from '@simplewebauthn/server/helpers';
import { SITE_NAME } from '../oauth/oauth-pages.ts';
import type { IdentityStore } from '../store/identity-store.ts';
import { type PasskeySummaryRecord, TooManyPasskeysError } from '../store/passkey-store.ts';
import { GoneError } from './errors.ts';

class CeremonyGoneError extends GoneError {}

/**
 * The relying party is the site at PUBLIC_URL: its host name is the RP ID and its origin the only
 * origin a ceremony may come from. Never the Host header of a request, which a client chooses.
 */
export const relyingPartyOf = (publicUrl: string): { id: string; origin: string } => {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
};

const summaryOf = (p: PasskeySummaryRecord) => ({
  id: p.id,
  name: p.name,
  created_at: p.createdAt,
  last_used_at: p.lastUsedAt,
  backed_up: p.backedUp,
});

/**
 * EdDSA, ES256, RS256, named here: the library's default also probes the runtime for ML-DSA-44,
 * which Node answers with an experimental-feature warning on every start.
 */
const ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

/** the user handle an account's passkeys carry: its id's bytes */
const userHandleOf = (accountId: string) => new TextEncoder().encode(accountId);

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Passkeys for people on the site (`gateway.internal.*_passkey*`): adding one on `/me` and signing
 * in with one, with @simplewebauthn/server making the options and verifying the answers. Every
 * passkey is a resident (discoverable) credential with user verification, so signing in asks for no
 * email. A challenge is stored bound to the session (adding) or to a ceremony token the web edge
 * keeps in a cookie (signing in), and is used up by the first answer, right or wrong.
 */
export const createPasskeys = (deps: {
  store: IdentityStore;
  publicUrl: string;
  /** the live session behind a token (401 otherwise) */
  sessionOf: (token: string) => Promise<SiteSession>;
  /** a new session for the account, as the mailed link opens one */
  openSession: (accountId: string, next: string | null) => Promise<NewSiteSession>;
  /** counts passkey sign-ins started by a client IP: throws when past the limit */
  checkSignInQuota: (clientIp: string | undefined) => Promise<void>;
}) => {
  const passkeys = deps.store.passkeys;
  const rp = relyingPartyOf(deps.publicUrl);
  const ttlMs = PASSKEY_CEREMONY_TTL_SECONDS * 1000;
  /** what every answer is verified against: the ceremony's challenge, this site, a verified user */
  const expected = (challenge: string) => ({
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  });

  return {
    begin_passkey_registration: async (
      r: IdentityRequest<'begin_passkey_registration'>,
    ): Promise<IdentityReply<'begin_passkey_registration'>> => {
      const session = await deps.sessionOf(r.session_token);
      if ((await passkeys.countPasskeys(session.account_id)) >= PASSKEYS_PER_ACCOUNT_MAX)
        throw new TooManyPasskeysError(PASSKEYS_PER_ACCOUNT_MAX);
      const options = await generateRegistrationOptions({
        rpName: SITE_NAME,
        rpID: rp.id,
        // the account id, so an authenticator keeps one passkey per account here (no personal data)
        userID: userHandleOf(session.account_id),
        userName: session.email,
        userDisplayName: session.name ?? session.email,
        timeout: ttlMs,
        attestationType: 'none',
        excludeCredentials: (await passkeys.credentialsOf(session.account_id)).map((c) => ({
          id: c.credentialId,
          transports: c.transports,
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs: ALGORITHMS,
      });
      await passkeys.startCeremony({
        purpose: 'register',
        binding: r.session_token,
        accountId: session.account_id,
        challenge: options.challenge,
        ttlMs,
      });
      return { options: options as unknown as Record<string, unknown> };
    },

    finish_passkey_registration: async (
      r: IdentityRequest<'finish_passkey_registration'>,
    ): Promise<IdentityReply<'finish_passkey_registration'>> => {
      const session = await deps.sessionOf(r.session_token);
      const ceremony = await passkeys.takeCeremony('register', r.session_token);
      if (!ceremony || ceremony.accountId !== session.account_id)
        throw new CeremonyGoneError('adding this passkey took too long or was finished already: start again');
      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verified = await verifyRegistrationResponse({
          response: r.response,
          ...expected(ceremony.challenge),
          supportedAlgorithmIDs: ALGORITHMS,
        });
      } catch (error) {
        throw new ValidationError([{ field: 'response', message: `the passkey did not verify: ${reason(error)}` }]);
      }
      if (!verified.verified) throw new ValidationError([{ field: 'response', message: 'the passkey did not verify' }]);
      const { credential, credentialBackedUp } = verified.registrationInfo;
      const name = r.name.trim() || `Passkey ${(await passkeys.countPasskeys(session.account_id)) + 1}`;
      const stored = await passkeys.addPasskey({
        accountId: session.account_id,
        name,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? r.response.response.transports ?? [],
        backedUp: credentialBackedUp,
        max: PASSKEYS_PER_ACCOUNT_MAX,
      });
      return { passkey: summaryOf(stored) };
    },

    list_passkeys: async (r: IdentityRequest<'list_passkeys'>): Promise<IdentityReply<'list_passkeys'>> => {
      const session = await deps.sessionOf(r.session_token);
      return { passkeys: (await passkeys.listPasskeys(session.account_id)).map(summaryOf) };
    },

    remove_passkey: async (r: IdentityRequest<'remove_passkey'>): Promise<IdentityReply<'remove_passkey'>> => {
      const session = await deps.sessionOf(r.session_token);
      if (!(await passkeys.removePasskey(session.account_id, r.passkey_id)))
        throw new NotFoundError('no such passkey of yours');
      return { removed: true };
    },

    begin_passkey_sign_in: async (
      r: IdentityRequest<'begin_passkey_sign_in'>,
    ): Promise<IdentityReply<'begin_passkey_sign_in'>> => {
      await deps.checkSignInQuota(r.client_ip);
      const ceremonyToken = randomBytes(32).toString('base64url');
      // no allowCredentials: the authenticator offers the passkeys it holds for this site
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'required',
        timeout: ttlMs,
      });
      await passkeys.startCeremony({
        purpose: 'sign_in',
        binding: ceremonyToken,
        accountId: null,
        challenge: options.challenge,
        ttlMs,
      });
      return { ceremony_token: ceremonyToken, options: options as unknown as Record<string, unknown> };
    },

    finish_passkey_sign_in: async (
      r: IdentityRequest<'finish_passkey_sign_in'>,
    ): Promise<IdentityReply<'finish_passkey_sign_in'>> => {
      const ceremony = await passkeys.takeCeremony('sign_in', r.ceremony_token);
      if (!ceremony)
        throw new CeremonyGoneError('this passkey sign-in took too long or was finished already: start again');
      const stored = await passkeys.findPasskeyByCredentialId(r.response.id);
      if (!stored)
        throw new UnauthorizedError(
          'this passkey is not known here (it may have been removed): sign in with an emailed link',
        );
      // the authenticator names the user it holds the passkey for: it must be the passkey's account
      const userHandle = r.response.response.userHandle;
      if (userHandle !== undefined && userHandle !== Buffer.from(userHandleOf(stored.accountId)).toString('base64url'))
        throw new UnauthorizedError('this passkey answered for another account: sign in with an emailed link');
      let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
      try {
        verified = await verifyAuthenticationResponse({
          response: r.response,
          ...expected(ceremony.challenge),
          credential: {
            id: stored.credentialId,
            publicKey: stored.publicKey,
            counter: stored.counter,
            transports: stored.transports,
          },
        });
      } catch (error) {
        throw new UnauthorizedError(`the passkey did not verify: ${reason(error)}`);
      }
      if (!verified.verified) throw new UnauthorizedError('the passkey did not verify');
      // compare-and-set on the counter: of two answers racing with one passkey, one signs in
      if (!(await passkeys.recordPasskeyUse(stored.id, stored.counter, verified.authenticationInfo.newCounter)))
        throw new UnauthorizedError('this passkey was used at the same moment elsewhere: try again');
      return deps.openSession(stored.accountId, localPathOrNull(r.next));
    },
  };
};
