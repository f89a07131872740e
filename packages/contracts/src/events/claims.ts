import Type from 'typebox';
import { event, serviceEvents } from './event-schema.ts';
import { AccountId, At, data, ListingId } from './fields.ts';

const ClaimId = Type.Integer({ minimum: 1, description: 'the claim id (its stream id)' });

/** Claims: a person proving they own a listing's website. */
export const claimsEvents = serviceEvents({
  service: 'claims',
  description: 'Claims of listings by the people who run their websites, and their verification.',
  streams: [
    {
      category: 'listing',
      pattern: 'listing-claims-<listing_id>',
      description:
        'every claim on one listing, from start to verified or not: holds one open claim per claimant and one verified owner (appended with the expected revision)',
    },
    {
      category: 'claim',
      pattern: 'claim-<claim_id>',
      description:
        "the claim id's allocation (ClaimIdAssigned, appended with no_stream); a claim started before listing-claims streams existed keeps all its events here",
    },
    {
      category: 'daily',
      pattern: 'daily-claims-<account_id>-<yyyy-mm-dd>',
      description: "one account's claims of one UTC day: the rule CLAIMS_PER_ACCOUNT_PER_DAY",
    },
  ],
  events: [
    event('DailyQuotaUsed', {
      stream: 'daily',
      description:
        "One more claim counted against the account's allowance for the UTC day (CLAIMS_PER_ACCOUNT_PER_DAY); the same key counts once.",
      data: data({
        account_id: AccountId,
        day: Type.String({ description: 'the UTC day, yyyy-mm-dd' }),
        key: Type.String({ description: 'what was counted (listing-<listing_id>)' }),
        at: At,
      }),
    }),
    event('ClaimIdAssigned', {
      stream: 'claim',
      description: 'A claim id was taken for a new claim on a listing (the claim itself is told in listing-claims).',
      data: data({ claim_id: ClaimId, listing_id: ListingId, at: At }),
    }),
    event('ClaimStarted', {
      stream: 'listing',
      description: 'A person started a claim on a listing with one verification method.',
      data: data({
        claim_id: ClaimId,
        account_id: AccountId,
        listing_id: ListingId,
        slug: Type.String({ description: "the listing's slug when the claim started" }),
        domain: Type.String({ description: "the host the checks look at (the website's host, www. dropped)" }),
        homepage: Type.Union([Type.String(), Type.Null()], {
          description: "the listing's homepage, read by the meta and file checks",
        }),
        method: Type.Enum(['dns', 'meta', 'file', 'email'], {
          description:
            'dns: TXT record; meta: tag on the homepage; file: /.well-known file; email: a link to an address at the domain',
        }),
        token: Type.Union([Type.String(), Type.Null()], {
          description: 'dns, meta, file: the public token to publish (not a secret)',
        }),
        email: Type.Union([Type.String(), Type.Null()], {
          description:
            'email: where the link went. Personal data, sealed for the claimant (pii1:…, AES-256-GCM under their key; unreadable once their account is erased); events before 2026-11-24 hold it in clear',
        }),
        email_token_hash: Type.Union([Type.String(), Type.Null()], {
          description: "email: SHA-256 of the link's token (the token itself is a bearer secret, never stored)",
        }),
        at: At,
        expires_at: Type.String({ description: 'a claim still pending then expires (ISO-8601 UTC)' }),
      }),
    }),
    event('ClaimCheckFailed', {
      stream: 'listing',
      description: 'A verification check did not pass; the claim stays pending.',
      data: data({ claim_id: ClaimId, reason: Type.String({ description: 'what the check found, in words' }), at: At }),
    }),
    event('ClaimVerified', {
      stream: 'listing',
      description: 'The check passed: the claimant owns the listing (the catalog records ListingVerified).',
      data: data({ claim_id: ClaimId, at: At }),
    }),
    event('ClaimRejected', {
      stream: 'listing',
      description:
        'The claim was refused and ended (status rejected), e.g. because another claimant verified the listing first.',
      data: data({ claim_id: ClaimId, reason: Type.String({ description: 'why it was refused' }), at: At }),
    }),
    event('ClaimExpired', {
      stream: 'listing',
      description: 'The claim was not verified in time.',
      data: data({ claim_id: ClaimId, at: At }),
    }),
    event('ClaimEmailLinkRenewed', {
      stream: 'listing',
      description: 'An email claim asked for again: a new link was mailed and the old one stops working.',
      data: data({
        claim_id: ClaimId,
        email_token_hash: Type.String({ description: "SHA-256 of the new link's token" }),
        at: At,
      }),
    }),
  ],
});
