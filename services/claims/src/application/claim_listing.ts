import type { claimListing } from '@listings/contracts';
import { useDailyQuota } from '@listings/platform/decider';
import { type CallOf, signedInAccount } from '@listings/platform/service-host';
import { OpenClaimExistsError } from '../domain/listing-claims/decide.ts';
import { mailLink } from './claim-email-link.ts';
import {
  answerOpenClaim,
  appendStartClaim,
  claimableListing,
  claimEmail,
  DAILY_CLAIMS,
  openClaimOn,
} from './claim-start.ts';
import { type ClaimsOperationDeps, nowOf, viewClaim } from './claim-streams.ts';

/**
 * claim_listing: starts a claim of a listing (or answers the claimant's open one). The claim's
 * events go to its listing's claims stream; its expiry is a workflow; an email claim mails its link.
 */
export const handleClaimListing = (deps: ClaimsOperationDeps) => async (call: CallOf<typeof claimListing>) => {
  const account = signedInAccount(call.principal, 'claim listings');
  const request = call.body;
  const listing = await claimableListing(deps, account, request.slug);
  const at = nowOf(deps);
  const open = await openClaimOn(deps, account, listing.listingId, at);
  if (open) return viewClaim(deps, await answerOpenClaim(deps, open, request), nowOf(deps));
  const email = claimEmail(request, listing.domain);
  // a new claim counts against the account's claims of the day (429 past the limit); asking again
  // for the same listing the same day counts once
  await useDailyQuota({
    store: deps.store,
    category: DAILY_CLAIMS,
    what: 'start a claim (claim_listing)',
    setting: 'CLAIMS_PER_ACCOUNT_PER_DAY',
    accountId: account,
    key: `listing-${listing.listingId}`,
    limit: deps.claimsPerDay,
    at,
  });
  let started: Awaited<ReturnType<typeof appendStartClaim>>;
  try {
    started = await appendStartClaim(deps, { account, listing, method: request.method, email, at });
  } catch (error) {
    // another request opened a claim of the claimant's meanwhile: that one answers (the id stays unused)
    if (!(error instanceof OpenClaimExistsError)) throw error;
    const other = { claim: error.claim, listingId: listing.listingId };
    return viewClaim(deps, await answerOpenClaim(deps, other, request), nowOf(deps));
  }
  const { claim, linkToken } = started;
  await deps.watchExpiry?.(claim).catch((error: unknown) => {
    deps.logger.warn({ err: error, claim_id: claim.id }, 'claim expiry workflow not started; it starts on restart');
  });
  if (linkToken) await mailLink(deps, claim, linkToken);
  deps.logger.info({ claim_id: claim.id, slug: claim.slug, method: claim.method }, 'claim started');
  return viewClaim(deps, claim, nowOf(deps));
};
