import { randomBytes } from 'node:crypto';
import { CLAIM_TTL_DAYS } from '@listings/contracts';
import { foldStream, handleCommand } from '@listings/platform/decider';
import { ConflictError, NotFoundError, ValidationError } from '@listings/platform/errors';
import type { ClaimMethod } from '../domain/claim/claim.ts';
import { listingClaimsDecider } from '../domain/listing-claims/decide.ts';
import { type ExistingClaim, listingClaimsStream, openClaimOf } from '../domain/listing-claims/listing-claims.ts';
import { newLinkToken, renewEmailLink, sha256 } from './claim-email-link.ts';
import { type ClaimsOperationDeps, type Located, reveal } from './claim-streams.ts';
import { statusAt } from './claim-view.ts';

/** What claim_listing is asked: the listing, the method, and an email claim's address. */
export interface ClaimRequest {
  readonly slug: string;
  readonly method: ClaimMethod;
  readonly email?: string;
}

/** the stream category of an account's claims of one UTC day: `daily-claims-<account>-<yyyy-mm-dd>` */
export const DAILY_CLAIMS = 'daily-claims';

/** Listings nobody outside their owners can see are claimed like unknown ones (404). */
const UNPUBLISHED = new Set(['draft', 'rejected', 'archived']);

/** The host the checks look at: the website's host name, lower-case, without a leading `www.`. */
export const domainOf = (url: string): string => new URL(url).hostname.toLowerCase().replace(/^www\./, '');

/** An address at the company's domain: the domain itself or a parent of it (`app.acme.com` → `acme.com`). */
export const emailMatchesDomain = (email: string, domain: string): boolean => {
  const at = email.toLowerCase().split('@').at(-1) ?? '';
  return at.includes('.') && (domain === at || domain.endsWith(`.${at}`));
};

/** The listing as the catalog has it, when `account` may claim it: 404 unseen, 409 verified or without a website. */
export const claimableListing = async (deps: Pick<ClaimsOperationDeps, 'catalog'>, account: string, slug: string) => {
  const listing = await deps.catalog.listingBySlug(slug);
  const isOwner = listing?.owners.includes(account) ?? false;
  if (!listing || (UNPUBLISHED.has(listing.status) && !isOwner)) throw new NotFoundError(`no listing ${slug}`);
  if (listing.verified)
    throw new ConflictError(
      isOwner
        ? `${slug} is already verified and you are one of its owners`
        : `${slug} is already verified by its owners`,
    );
  if (!listing.url) throw new ConflictError(`${slug} has no website to verify against`);
  return { listingId: listing.listing_id, slug: listing.slug, homepage: listing.url, domain: domainOf(listing.url) };
};
export type ClaimableListing = Awaited<ReturnType<typeof claimableListing>>;

/** an open claim of the claimant's on the listing: in the listing's stream, or an older one in its own stream */
export const openClaimOn = async (
  deps: Pick<ClaimsOperationDeps, 'store' | 'index'>,
  account: string,
  listingId: number,
  at: string,
): Promise<Located | null> => {
  const { state } = await foldStream(deps.store, listingClaimsStream(listingId), listingClaimsDecider);
  const inStream = openClaimOf(state, account, at);
  if (inStream) return { claim: inStream, listingId };
  const older = (deps.index().byAccount.get(account) ?? [])
    .map((id) => deps.index().claims.get(id) as ExistingClaim)
    .find((c) => c.listingId === listingId && statusAt(c, at) === 'pending' && !state.claims.has(c.id));
  return older ? { claim: older, listingId: null } : null;
};

/** the claimant asked again while a claim is open: the same claim, a new email link, or 409 */
export const answerOpenClaim = async (
  deps: ClaimsOperationDeps,
  open: Located,
  request: ClaimRequest,
): Promise<ExistingClaim> => {
  const claim = open.claim;
  if (claim.method === request.method && request.method !== 'email') return claim;
  // the same email claim again (the mail never came, or was lost): a new link is mailed
  const sameAddress = async () => (await reveal(deps, claim)).email === request.email?.toLowerCase();
  if (claim.method === 'email' && request.method === 'email' && (await sameAddress()))
    return renewEmailLink(deps, open);
  throw new ConflictError(
    `you already have claim ${claim.id} open on ${request.slug} (method ${claim.method}): verify it or wait until it expires at ${claim.expiresAt}`,
  );
};

/** an email claim's address, lower-case, which must be at the listing's domain (400 otherwise); null for other methods */
export const claimEmail = (request: ClaimRequest, domain: string): string | null => {
  if (request.method !== 'email') return null;
  const email = (request.email ?? '').toLowerCase();
  if (!emailMatchesDomain(email, domain))
    throw new ValidationError([{ field: 'body.email', message: `must be an address at ${domain}` }]);
  return email;
};

/**
 * Appends `StartClaim` with the listing stream's expected revision: of two requests racing (on
 * any replicas), the second one re-reads, finds the first one's open claim and throws
 * OpenClaimExistsError. Answers the claim and, for an email claim, the link token to mail.
 */
export const appendStartClaim = async (
  deps: ClaimsOperationDeps,
  start: { account: string; listing: ClaimableListing; method: ClaimMethod; email: string | null; at: string },
): Promise<{ claim: ExistingClaim; linkToken: string | null }> => {
  const { account, listing, method, email, at } = start;
  const token = method === 'email' ? null : randomBytes(16).toString('hex');
  const linkToken = method === 'email' ? newLinkToken() : null;
  const expiresAt = new Date(deps.clock.now().getTime() + CLAIM_TTL_DAYS * 86_400_000).toISOString();
  const claimId = await deps.claimIds.allocate(listing.listingId, at);
  const result = await handleCommand({
    store: deps.store,
    stream: listingClaimsStream(listing.listingId),
    decider: listingClaimsDecider,
    retries: 10,
    command: {
      type: 'StartClaim',
      data: {
        claim_id: claimId,
        account_id: account,
        listing_id: listing.listingId,
        slug: listing.slug,
        domain: listing.domain,
        homepage: listing.homepage,
        method,
        token,
        email: email === null ? null : await deps.vault.seal(account, email),
        email_token_hash: linkToken ? sha256(linkToken) : null,
        now: at,
        expires_at: expiresAt,
      },
    },
  });
  await deps.indexCaughtUp(result.position);
  return { claim: result.state.claims.get(claimId) as ExistingClaim, linkToken };
};
