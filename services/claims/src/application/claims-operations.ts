import { createHash, randomBytes } from 'node:crypto';
import { CLAIM_EMAIL_PATH, CLAIM_REASON_MAX, CLAIM_TTL_DAYS, type Principal } from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import { handleCommand } from '@listings/platform/decider';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '@listings/platform/errors';
import { type EventStore, WrongExpectedRevisionError } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import { MailDeliveryError, type Mailer } from '@listings/platform/mail';
import { type OperationCall, type OperationHandlers, signedInAccount } from '@listings/platform/service-host';
import type { CatalogClient } from '../adapters/catalog-client.ts';
import type { OwnershipCheck } from '../adapters/ownership-checks.ts';
import { type Claim, type ClaimMethod, claimStream } from '../domain/claim/claim.ts';
import { type ClaimCommand, claimDecider, GoneError } from '../domain/claim/decide.ts';
import type { ClaimsIndex } from '../projections/claims-index/evolve.ts';
import { claimView, statusAt } from './claim-view.ts';

export interface ClaimsOperationDeps {
  readonly store: EventStore;
  readonly index: () => ClaimsIndex;
  /** resolves once the index has folded the event at this position */
  readonly indexCaughtUp: (position: number) => Promise<void>;
  readonly catalog: CatalogClient;
  readonly check: OwnershipCheck;
  readonly mailer: Mailer;
  readonly clock: Clock;
  readonly publicUrl: string;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

type ExistingClaim = Extract<Claim, { exists: true }>;

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

/** claim_listing, verify_claim, list_my_claims, and the emailed link (verify_email_claim). */
export const createClaimsOperations = (deps: ClaimsOperationDeps) => {
  const now = () => deps.clock.now().toISOString();
  const locks = new Map<string, Promise<unknown>>();
  /** one claim_listing at a time per account and listing in this process (one open claim each) */
  const serialised = async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = locks.get(key) ?? Promise.resolve();
    const current = previous.catch(() => {}).then(work);
    locks.set(key, current);
    try {
      return await current;
    } finally {
      if (locks.get(key) === current) locks.delete(key);
    }
  };

  const signedIn = (principal: Principal): string => signedInAccount(principal, 'claim listings');

  const run = async (claimId: number, command: ClaimCommand) => {
    const result = await handleCommand({
      store: deps.store,
      stream: claimStream(claimId),
      decider: claimDecider,
      command,
    });
    if (result.position > 0) await deps.indexCaughtUp(result.position);
    return deps.index().claims.get(claimId) as ExistingClaim;
  };

  /** your own claim, or 404 exactly like an unknown id */
  const ownClaim = (claimId: number, account: string): ExistingClaim => {
    const claim = deps.index().claims.get(claimId);
    if (!claim || claim.accountId !== account) throw new NotFoundError(`no claim ${claimId}`);
    return claim;
  };

  /** the catalog makes the claimant an owner and shows Verified; the first verified claim wins */
  const complete = async (claim: ExistingClaim): Promise<ExistingClaim> => {
    try {
      await deps.catalog.recordVerifiedClaim({
        listing_id: claim.listingId,
        account_id: claim.accountId,
        claim_id: claim.id,
      });
    } catch (error) {
      if (error instanceof DomainError && error.status === 409)
        return run(claim.id, {
          type: 'Reject',
          data: { reason: 'the listing was verified by its owners first', now: now() },
        });
      throw error;
    }
    return run(claim.id, { type: 'Verify', data: { now: now() } });
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
  const sendLink = (claim: ExistingClaim, linkToken: string) =>
    deps.mailer.send({
      kind: 'claim-verification',
      to: claim.email as string,
      subject: `Verify your claim on ${claim.slug}`,
      text: [
        `Someone (hopefully you) claimed the listing ${claim.slug} on ${deps.publicUrl} for ${claim.domain}.`,
        '',
        `Open this link to verify the claim: ${deps.publicUrl}${CLAIM_EMAIL_PATH}?token=${linkToken}`,
        '',
        `The link works until ${claim.expiresAt}. If you did not ask for this, ignore this message.`,
      ].join('\n'),
    });

  /** a new link for an open email claim (the old one stops working), at most once a minute */
  const renewEmailLink = async (open: ExistingClaim, slug: string): Promise<ExistingClaim> => {
    const linkToken = randomBytes(32).toString('base64url');
    const renewed = await run(open.id, {
      type: 'RenewEmailLink',
      data: { email_token_hash: sha256(linkToken), now: now() },
    });
    // renewed less than a minute ago: no new link, no new mail
    if (renewed.emailTokenHash === open.emailTokenHash) return open;
    await mailLink(renewed, linkToken);
    deps.logger.info({ claim_id: open.id, slug }, 'claim email link renewed');
    return renewed;
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
    const open = (deps.index().byAccount.get(account) ?? [])
      .map((id) => deps.index().claims.get(id) as ExistingClaim)
      .find((c) => c.listingId === listing.listing_id && statusAt(c, at) === 'pending');
    if (open) {
      if (open.method === body.method && body.method !== 'email') return open;
      // the same email claim again (the mail never came, or was lost): a new link is mailed
      if (open.method === 'email' && body.method === 'email' && open.email === body.email?.toLowerCase())
        return renewEmailLink(open, listing.slug);
      throw new ConflictError(
        `you already have claim ${open.id} open on ${body.slug} (method ${open.method}): verify it or wait until it expires at ${open.expiresAt}`,
      );
    }
    let email: string | null = null;
    if (body.method === 'email') {
      email = (body.email ?? '').toLowerCase();
      if (!emailMatchesDomain(email, domain))
        throw new ValidationError([{ field: 'body.email', message: `must be an address at ${domain}` }]);
    }
    const token = body.method === 'email' ? null : randomBytes(16).toString('hex');
    const linkToken = body.method === 'email' ? randomBytes(32).toString('base64url') : null;
    const expiresAt = new Date(deps.clock.now().getTime() + CLAIM_TTL_DAYS * 86_400_000).toISOString();
    for (let claimId = deps.index().maxId + 1; ; claimId++) {
      let claim: ExistingClaim;
      try {
        const result = await handleCommand({
          store: deps.store,
          stream: claimStream(claimId),
          decider: claimDecider,
          retries: 0,
          command: {
            type: 'StartClaim',
            data: {
              claim_id: claimId,
              account_id: account,
              listing_id: listing.listing_id,
              slug: listing.slug,
              domain,
              homepage: listing.url,
              method: body.method,
              token,
              email,
              email_token_hash: linkToken ? sha256(linkToken) : null,
              now: at,
              expires_at: expiresAt,
            },
          },
        });
        await deps.indexCaughtUp(result.position);
        claim = deps.index().claims.get(claimId) as ExistingClaim;
      } catch (error) {
        // another claim took this id first (another request or instance): try the next one
        if (error instanceof WrongExpectedRevisionError || error instanceof ConflictError) continue;
        throw error;
      }
      if (email && linkToken) await mailLink(claim, linkToken);
      deps.logger.info({ claim_id: claim.id, slug: claim.slug, method: claim.method }, 'claim started');
      return claim;
    }
  };

  const handlers: OperationHandlers = {
    async claim_listing(call: OperationCall) {
      const account = signedIn(call.principal);
      const body = call.body as { slug: string; method: ClaimMethod; email?: string };
      const claim = await serialised(`${account}\n${body.slug}`, () => startClaim(account, body));
      return claimView(claim, now());
    },

    async verify_claim(call: OperationCall) {
      const account = signedIn(call.principal);
      const { claim_id } = call.params as { claim_id: number };
      let claim = ownClaim(claim_id, account);
      const at = now();
      if (claim.status !== 'pending') return claimView(claim, at);
      if (statusAt(claim, at) === 'expired')
        return claimView(await run(claim.id, { type: 'Expire', data: { now: at } }), at);
      if (claim.method === 'email')
        throw new ConflictError(`email claims verify when the link we emailed to ${claim.email} is opened`);
      const result = await deps.check({
        method: claim.method,
        domain: claim.domain,
        homepage: claim.homepage,
        token: claim.token as string,
      });
      claim = result.passed
        ? await complete(claim)
        : await run(claim.id, {
            type: 'RecordFailedCheck',
            data: { reason: result.reason.slice(0, CLAIM_REASON_MAX), now: now() },
          });
      return claimView(claim, now());
    },

    async list_my_claims(call: OperationCall) {
      const account = signedIn(call.principal);
      const { page = 1, per_page = 20 } = call.query as { page?: number; per_page?: number };
      const index = deps.index();
      const mine = (index.byAccount.get(account) ?? [])
        .map((id) => index.claims.get(id) as ExistingClaim)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
      const at = now();
      const items = mine.slice((page - 1) * per_page, page * per_page).map((c) => claimView(c, at));
      return { items, page, per_page, total: mine.length };
    },
  };

  /** The emailed link was opened: the token is the only credential. */
  const verifyEmail = async (request: { token: string }) => {
    const id = deps.index().emailTokens.get(sha256(request.token));
    const found = id === undefined ? undefined : deps.index().claims.get(id);
    if (!found) throw new NotFoundError('no such verification link');
    let claim = found;
    const at = now();
    if (claim.status === 'pending' && statusAt(claim, at) === 'expired') {
      await run(claim.id, { type: 'Expire', data: { now: at } });
      throw new GoneError('this verification link expired; start a new claim');
    }
    if (claim.status === 'expired') throw new GoneError('this verification link expired; start a new claim');
    if (claim.status === 'pending') claim = await complete(claim);
    if (claim.status === 'failed') throw new ConflictError(claim.lastCheck?.reason ?? 'the claim failed');
    return { claim_id: claim.id, slug: claim.slug, status: claim.status };
  };

  return { handlers, verifyEmail };
};
