import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  CLAIM_EMAIL_PATH,
  CLAIM_REASON_MAX,
  CLAIM_TTL_DAYS,
  type claimsOperations,
  type Principal,
} from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import { foldStream, handleCommand, useDailyQuota } from '@listings/platform/decider';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '@listings/platform/errors';
import { type EventStore, WrongExpectedRevisionError } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import { MailDeliveryError, type Mailer } from '@listings/platform/mail';
import { type PersonalDataVault, revealPersonalData } from '@listings/platform/personal-data';
import { signedInAccount, typedHandlers } from '@listings/platform/service-host';
import type { CatalogClient } from '../adapters/catalog-client.ts';
import type { OwnershipCheck } from '../adapters/ownership-checks.ts';
import {
  type Claim,
  type ClaimEvent,
  type ClaimIdEvent,
  type ClaimMethod,
  claimStream,
  evolveClaim,
  initialClaim,
} from '../domain/claim/claim.ts';
import { type ClaimCommand, claimDecider, GoneError } from '../domain/claim/decide.ts';
import { listingClaimsDecider, OpenClaimExistsError } from '../domain/listing-claims/decide.ts';
import { listingClaimsStream, openClaimOf } from '../domain/listing-claims/listing-claims.ts';
import type { ClaimsIndex } from '../projections/claims-index/evolve.ts';
import type { ExpireClaimOutcome } from '../workflows/expiry-workflow.ts';
import { claimView, statusAt } from './claim-view.ts';

export interface ClaimsOperationDeps {
  readonly store: EventStore;
  readonly index: () => ClaimsIndex;
  /** resolves once the index has folded the event at this position */
  readonly indexCaughtUp: (position: number) => Promise<void>;
  readonly catalog: CatalogClient;
  readonly check: OwnershipCheck;
  readonly mailer: Mailer;
  /** an email claim's address is stored sealed for the claimant (erased with their account) */
  readonly vault: PersonalDataVault;
  readonly clock: Clock;
  readonly publicUrl: string;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** claims one account can start per UTC day (CLAIMS_PER_ACCOUNT_PER_DAY) */
  readonly claimsPerDay: number;
  /** starts the claim's expiry workflow (main.ts); a failure is logged: a restart starts it again */
  readonly watchExpiry?: (claim: { readonly id: number; readonly expiresAt: string }) => Promise<void>;
}

type ExistingClaim = Extract<Claim, { exists: true }>;

/** the stream category of an account's claims of one UTC day: `daily-claims-<account>-<yyyy-mm-dd>` */
export const DAILY_CLAIMS = 'daily-claims';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Listings nobody outside their owners can see are claimed like unknown ones (404). */
const UNPUBLISHED = new Set(['draft', 'rejected', 'archived']);

/** The host the checks look at: the website's host name, lower-case, without a leading `www.`. */
export const domainOf = (url: string): string => new URL(url).hostname.toLowerCase().replace(/^www\./, '');

/** An address at the company's domain: the domain itself or a parent of it (`app.acme.com` → `acme.com`). */
export const emailMatchesDomain = (email: string, domain: string): boolean => {
  const at = email.toLowerCase().split('@').at(-1) ?? '';
  return at.includes('.') && (domain === at || domain.endsWith(`.${at}`));
};

/** Where a claim's events live: its listing's claims stream, or (claims started before) its own stream. */
type Located = { readonly claim: ExistingClaim; readonly listingId: number | null };

type NotStart = Exclude<ClaimCommand, { type: 'StartClaim' }>;

/** claim_listing, verify_claim, list_my_claims, and the emailed link (verify_email_claim). */
export const createClaimsOperations = (deps: ClaimsOperationDeps) => {
  const now = () => deps.clock.now().toISOString();

  const signedIn = (principal: Principal): string => signedInAccount(principal, 'claim listings');

  /** the claim with its address opened (null once the claimant's account was erased) */
  const reveal = async (claim: ExistingClaim): Promise<ExistingClaim> =>
    claim.email === null ? claim : { ...claim, email: await revealPersonalData(deps.vault, claim.email) };
  const view = async (claim: ExistingClaim, at: string) => claimView(await reveal(claim), at);

  /**
   * The claim as the event store has it now (not the index, which may lag behind another
   * replica's appends). `claim-<id>` says where the claim lives (`ClaimIdAssigned`), or holds
   * the whole claim when it was started before claims moved into their listing's stream.
   */
  const locate = async (claimId: number): Promise<Located | null> => {
    const own = await deps.store.readStream(claimStream(claimId));
    const first = own[0];
    if (!first) return null;
    if (first.type === 'ClaimIdAssigned') {
      const listingId = (first.data as ClaimIdEvent['data']).listing_id;
      const { state } = await foldStream(deps.store, listingClaimsStream(listingId), listingClaimsDecider);
      const claim = state.claims.get(claimId);
      // an id taken by a claim_listing that then found the claimant's open claim: no claim
      return claim ? { claim, listingId } : null;
    }
    let claim: Claim = initialClaim;
    for (const event of own) claim = evolveClaim(claim, { type: event.type, data: event.data } as ClaimEvent);
    return claim.exists ? { claim, listingId: null } : null;
  };

  /** one command for one claim: appended to its listing's stream (or its own, for older claims) */
  const run = async (located: Located, command: NotStart): Promise<ExistingClaim> => {
    const id = located.claim.id;
    if (located.listingId === null) {
      const result = await handleCommand({
        store: deps.store,
        stream: claimStream(id),
        decider: claimDecider,
        command,
      });
      if (result.position > 0) await deps.indexCaughtUp(result.position);
      return result.state as ExistingClaim;
    }
    const result = await handleCommand({
      store: deps.store,
      stream: listingClaimsStream(located.listingId),
      decider: listingClaimsDecider,
      command: { type: 'OnClaim', data: { claim_id: id, command } },
    });
    if (result.position > 0) await deps.indexCaughtUp(result.position);
    return result.state.claims.get(id) as ExistingClaim;
  };

  /** your own claim, or 404 exactly like an unknown id */
  const ownClaim = async (claimId: number, account: string): Promise<Located> => {
    const located = await locate(claimId);
    if (!located || located.claim.accountId !== account) throw new NotFoundError(`no claim ${claimId}`);
    return located;
  };

  /** claims started before: the catalog makes the claimant an owner and decides who was first */
  const tellCatalog = (claim: ExistingClaim) =>
    deps.catalog.recordVerifiedClaim({ listing_id: claim.listingId, account_id: claim.accountId, claim_id: claim.id });

  /**
   * The check passed. The listing's claims stream decides who owns it, in one append: this claim
   * is verified and every other open claim rejected, or, when someone verified first, this one is
   * rejected. The catalog learns of the owner from `events.claims.claim_verified`, published from
   * the log. A listing the catalog already shows verified by other owners (verified before claims
   * kept their owner in the stream) rejects the claim first.
   */
  const complete = async (located: Located): Promise<ExistingClaim> => {
    const claim = located.claim;
    const listing = await deps.catalog.listingBySlug(claim.slug);
    if (listing?.verified && !listing.owners.includes(claim.accountId))
      return run(located, {
        type: 'Reject',
        data: { reason: 'the listing was verified by its owners first', now: now() },
      });
    if (located.listingId === null) {
      // an older claim, in its own stream: the catalog's answer decides, as it did then
      try {
        await tellCatalog(claim);
      } catch (error) {
        if (error instanceof DomainError && error.status === 409)
          return run(located, {
            type: 'Reject',
            data: { reason: 'the listing was verified by its owners first', now: now() },
          });
        throw error;
      }
      return run(located, { type: 'Verify', data: { now: now() } });
    }
    return run(located, { type: 'Verify', data: { now: now() } });
  };

  /**
   * the verification mail: the link with its token (only its hash is stored). Sent after the claim
   * is saved: when the mail server does not take it, the claim stays and the 503 says how to get a
   * new link (the same email claim again, after the one-minute renewal limit).
   */
  const mailLink = (claim: ExistingClaim, linkToken: string) =>
    sendLink(claim, linkToken).catch((error: unknown) => {
      if (!(error instanceof MailDeliveryError)) throw error;
      throw new MailDeliveryError(
        `claim ${claim.id} is saved, but ${error.message}; ask for the same email claim again in a minute for a new link`,
        error,
      );
    });
  const sendLink = async (claim: ExistingClaim, linkToken: string) => {
    const to = (await reveal(claim)).email;
    if (!to) throw new ConflictError(`claim ${claim.id}'s address was erased: start a new claim`);
    return deps.mailer.send({
      kind: 'claim-verification',
      to,
      subject: `Verify your claim on ${claim.slug}`,
      text: [
        `Someone (hopefully you) claimed the listing ${claim.slug} on ${deps.publicUrl} for ${claim.domain}.`,
        '',
        `Open this link to verify the claim: ${deps.publicUrl}${CLAIM_EMAIL_PATH}?token=${linkToken}`,
        '',
        `The link works until ${claim.expiresAt}. If you did not ask for this, ignore this message.`,
      ].join('\n'),
    });
  };

  /** a new link for an open email claim (the old one stops working), at most once a minute */
  const renewEmailLink = async (open: Located, slug: string): Promise<ExistingClaim> => {
    const linkToken = randomBytes(32).toString('base64url');
    const renewed = await run(open, {
      type: 'RenewEmailLink',
      data: { email_token_hash: sha256(linkToken), now: now() },
    });
    // renewed less than a minute ago: no new link, no new mail
    if (renewed.emailTokenHash === open.claim.emailTokenHash) return open.claim;
    await mailLink(renewed, linkToken);
    deps.logger.info({ claim_id: open.claim.id, slug }, 'claim email link renewed');
    return renewed;
  };

  /** the claimant asked again while a claim is open: the same claim, a new email link, or 409 */
  const answerOpenClaim = async (
    open: Located,
    body: { slug: string; method: ClaimMethod; email?: string },
  ): Promise<ExistingClaim> => {
    const claim = open.claim;
    if (claim.method === body.method && body.method !== 'email') return claim;
    // the same email claim again (the mail never came, or was lost): a new link is mailed
    if (
      claim.method === 'email' &&
      body.method === 'email' &&
      (await reveal(claim)).email === body.email?.toLowerCase()
    )
      return renewEmailLink(open, claim.slug);
    throw new ConflictError(
      `you already have claim ${claim.id} open on ${body.slug} (method ${claim.method}): verify it or wait until it expires at ${claim.expiresAt}`,
    );
  };

  /** the highest id this process took or saw taken; the index's may lag behind other replicas */
  let lastClaimId = 0;
  /**
   * A new claim id: the next free `claim-<id>` stream, taken by appending `ClaimIdAssigned` with
   * `no_stream`. The event store lets exactly one append create a stream, so two requests (or
   * two replicas) never get the same id; the loser tries the next one.
   */
  const allocateClaimId = async (listingId: number, at: string): Promise<number> => {
    for (let id = Math.max(deps.index().maxId, lastClaimId) + 1; ; id++) {
      lastClaimId = Math.max(lastClaimId, id);
      const assigned: ClaimIdEvent = { type: 'ClaimIdAssigned', data: { claim_id: id, listing_id: listingId, at } };
      try {
        await deps.store.append(claimStream(id), [{ id: randomUUID(), ...assigned }], 'no_stream');
        return id;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
  };

  const startClaim = async (account: string, body: { slug: string; method: ClaimMethod; email?: string }) => {
    const listing = await deps.catalog.listingBySlug(body.slug);
    const isOwner = listing?.owners.includes(account) ?? false;
    if (!listing || (UNPUBLISHED.has(listing.status) && !isOwner)) throw new NotFoundError(`no listing ${body.slug}`);
    if (listing.verified)
      throw new ConflictError(
        isOwner
          ? `${body.slug} is already verified and you are one of its owners`
          : `${body.slug} is already verified by its owners`,
      );
    if (!listing.url) throw new ConflictError(`${body.slug} has no website to verify against`);
    const domain = domainOf(listing.url);
    const at = now();
    const listingId = listing.listing_id;
    // an open claim of the claimant's: in the listing's stream, or an older one in its own stream
    const { state } = await foldStream(deps.store, listingClaimsStream(listingId), listingClaimsDecider);
    const inStream = openClaimOf(state, account, at);
    if (inStream) return answerOpenClaim({ claim: inStream, listingId }, body);
    const older = (deps.index().byAccount.get(account) ?? [])
      .map((id) => deps.index().claims.get(id) as ExistingClaim)
      .find((c) => c.listingId === listingId && statusAt(c, at) === 'pending' && !state.claims.has(c.id));
    if (older) return answerOpenClaim({ claim: older, listingId: null }, body);

    let email: string | null = null;
    if (body.method === 'email') {
      email = (body.email ?? '').toLowerCase();
      if (!emailMatchesDomain(email, domain))
        throw new ValidationError([{ field: 'body.email', message: `must be an address at ${domain}` }]);
    }
    // a new claim counts against the account's claims of the day (429 past the limit); asking again
    // for the same listing the same day counts once
    await useDailyQuota({
      store: deps.store,
      category: DAILY_CLAIMS,
      what: 'start a claim (claim_listing)',
      setting: 'CLAIMS_PER_ACCOUNT_PER_DAY',
      accountId: account,
      key: `listing-${listingId}`,
      limit: deps.claimsPerDay,
      at,
    });
    const token = body.method === 'email' ? null : randomBytes(16).toString('hex');
    const linkToken = body.method === 'email' ? randomBytes(32).toString('base64url') : null;
    const expiresAt = new Date(deps.clock.now().getTime() + CLAIM_TTL_DAYS * 86_400_000).toISOString();
    const claimId = await allocateClaimId(listingId, at);
    let claim: ExistingClaim;
    try {
      // appended with the listing stream's expected revision: of two requests racing (on any
      // replicas), the second one re-reads, finds the first one's open claim and answers with it
      const result = await handleCommand({
        store: deps.store,
        stream: listingClaimsStream(listingId),
        decider: listingClaimsDecider,
        retries: 10,
        command: {
          type: 'StartClaim',
          data: {
            claim_id: claimId,
            account_id: account,
            listing_id: listingId,
            slug: listing.slug,
            domain,
            homepage: listing.url,
            method: body.method,
            token,
            email: email === null ? null : await deps.vault.seal(account, email),
            email_token_hash: linkToken ? sha256(linkToken) : null,
            now: at,
            expires_at: expiresAt,
          },
        },
      });
      await deps.indexCaughtUp(result.position);
      claim = result.state.claims.get(claimId) as ExistingClaim;
    } catch (error) {
      // the id stays unused (claim ids may have gaps)
      if (error instanceof OpenClaimExistsError) return answerOpenClaim({ claim: error.claim, listingId }, body);
      throw error;
    }
    await deps.watchExpiry?.(claim).catch((error: unknown) => {
      deps.logger.warn({ err: error, claim_id: claim.id }, 'claim expiry workflow not started; it starts on restart');
    });
    if (email && linkToken) await mailLink(claim, linkToken);
    deps.logger.info({ claim_id: claim.id, slug: claim.slug, method: claim.method }, 'claim started');
    return claim;
  };

  const handlers = typedHandlers<(typeof claimsOperations)[number]>({
    async claim_listing(call) {
      const account = signedIn(call.principal);
      return view(await startClaim(account, call.body), now());
    },

    async verify_claim(call) {
      const account = signedIn(call.principal);
      const { claim_id } = call.params;
      const located = await ownClaim(claim_id, account);
      let claim = located.claim;
      const at = now();
      if (claim.status !== 'pending') return view(claim, at);
      if (statusAt(claim, at) === 'expired') return view(await run(located, { type: 'Expire', data: { now: at } }), at);
      if (claim.method === 'email')
        throw new ConflictError(
          `email claims verify when the link we emailed to ${(await reveal(claim)).email ?? 'the address given'} is opened`,
        );
      const result = await deps.check({
        method: claim.method,
        domain: claim.domain,
        homepage: claim.homepage,
        token: claim.token as string,
      });
      claim = result.passed
        ? await complete(located)
        : await run(located, {
            type: 'RecordFailedCheck',
            data: { reason: result.reason.slice(0, CLAIM_REASON_MAX), now: now() },
          });
      return view(claim, now());
    },

    async list_my_claims(call) {
      const account = signedIn(call.principal);
      const { page = 1, per_page = 20 } = call.query;
      const index = deps.index();
      const mine = (index.byAccount.get(account) ?? [])
        .map((id) => index.claims.get(id) as ExistingClaim)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
      const at = now();
      const items = await Promise.all(mine.slice((page - 1) * per_page, page * per_page).map((c) => view(c, at)));
      return { items, page, per_page, total: mine.length };
    },
  });

  /** The emailed link was opened: the token is the only credential. */
  const verifyEmail = async (request: { token: string }) => {
    const id = deps.index().emailTokens.get(sha256(request.token));
    const located = id === undefined ? null : await locate(id);
    // the link renewed since (by this or another replica): only the newest token works
    if (!located || located.claim.emailTokenHash !== sha256(request.token))
      throw new NotFoundError('no such verification link');
    let claim = located.claim;
    const at = now();
    if (claim.status === 'pending' && statusAt(claim, at) === 'expired') {
      await run(located, { type: 'Expire', data: { now: at } });
      throw new GoneError('this verification link expired; start a new claim');
    }
    if (claim.status === 'expired') throw new GoneError('this verification link expired; start a new claim');
    if (claim.status === 'pending') claim = await complete(located);
    if (claim.status === 'rejected') throw new ConflictError(claim.lastCheck?.reason ?? 'the claim was rejected');
    return { claim_id: claim.id, slug: claim.slug, status: claim.status };
  };

  /**
   * The expiry workflow's activity: the claim's `Expire` command, appended to its listing's stream
   * with the expected revision (idempotent). A claim verified, rejected or expired meanwhile is left
   * alone; one not yet due (this clock behind the timer's) says how long is left.
   */
  const expireClaim = async (request: { claimId: number }): Promise<ExpireClaimOutcome> => {
    const located = await locate(request.claimId);
    if (!located) return { outcome: 'left_alone', status: 'unknown' };
    const claim = located.claim;
    if (claim.status !== 'pending') return { outcome: 'left_alone', status: claim.status };
    const at = deps.clock.now();
    const dueInMs = Date.parse(claim.expiresAt) - at.getTime();
    if (dueInMs > 0) return { outcome: 'not_due', dueInMs };
    const after = await run(located, { type: 'Expire', data: { now: at.toISOString() } });
    // verified or rejected by a command that won the append race: left alone
    if (after.status !== 'expired')
      return { outcome: 'left_alone', status: after.status === 'pending' ? 'unknown' : after.status };
    deps.logger.info({ claim_id: claim.id, slug: claim.slug }, 'claim expired');
    return { outcome: 'expired' };
  };

  return { handlers, verifyEmail, expireClaim };
};
