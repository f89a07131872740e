import { deciderSpec } from '@listings/platform/decider/specification';
import { ConflictError } from '@listings/platform/errors';
import { describe, it } from 'vitest';
import type { ClaimEvent } from './claim.ts';
import { claimDecider, GoneError } from './decide.ts';

const spec = deciderSpec(claimDecider);
const NOW = '2025-03-03T10:00:00.000Z';
const LATER = '2025-03-05T10:00:00.000Z';
const EXPIRES = '2025-03-17T10:00:00.000Z';
const AFTER_EXPIRY = '2025-03-18T10:00:00.000Z';

const startData = {
  claim_id: 7,
  account_id: 'acc-a',
  listing_id: 3,
  slug: 'acme',
  domain: 'acme.example',
  homepage: 'https://acme.example/',
  method: 'meta' as const,
  token: 'tok',
  email: null,
  email_token_hash: null,
};
const started: ClaimEvent = { type: 'ClaimStarted', data: { ...startData, at: NOW, expires_at: EXPIRES } };
const verified: ClaimEvent = { type: 'ClaimVerified', data: { claim_id: 7, at: LATER } };

describe('claim decider', () => {
  it('when a claim starts then ClaimStarted records what the checks need', () =>
    spec
      .given([])
      .when({ type: 'StartClaim', data: { ...startData, now: NOW, expires_at: EXPIRES } })
      .then([started]));
  it('when a claim id is taken then StartClaim is a conflict', () =>
    spec
      .given([started])
      .when({ type: 'StartClaim', data: { ...startData, now: NOW, expires_at: EXPIRES } })
      .thenThrows(ConflictError, /exists/));

  it('when a check fails on a pending claim then the reason is recorded and it stays pending', () =>
    spec
      .given([started])
      .when({ type: 'RecordFailedCheck', data: { reason: 'no meta tag', now: LATER } })
      .then([{ type: 'ClaimCheckFailed', data: { claim_id: 7, reason: 'no meta tag', at: LATER } }]));
  it('when a check fails on a verified claim then nothing changes', () =>
    spec
      .given([started, verified])
      .when({ type: 'RecordFailedCheck', data: { reason: 'x', now: LATER } })
      .then([]));

  it('when a pending claim passes then it is verified', () =>
    spec
      .given([started])
      .when({ type: 'Verify', data: { now: LATER } })
      .then([verified]));
  it('when a verified claim is verified again then nothing changes', () =>
    spec
      .given([started, verified])
      .when({ type: 'Verify', data: { now: LATER } })
      .then([]));
  it('when a pending claim is verified after its expiry then it is gone', () =>
    spec
      .given([started])
      .when({ type: 'Verify', data: { now: AFTER_EXPIRY } })
      .thenThrows(GoneError, /expired/));
  it('when a rejected claim is verified then it is a conflict', () =>
    spec
      .given([started, { type: 'ClaimRejected', data: { claim_id: 7, reason: 'taken', at: LATER } }])
      .when({ type: 'Verify', data: { now: LATER } })
      .thenThrows(ConflictError, /rejected/));

  it('when the catalog refuses a pending claim then it fails with the reason', () =>
    spec
      .given([started])
      .when({ type: 'Reject', data: { reason: 'verified by its owners', now: LATER } })
      .then([{ type: 'ClaimRejected', data: { claim_id: 7, reason: 'verified by its owners', at: LATER } }]));
  it('when a verified claim is rejected then nothing changes', () =>
    spec
      .given([started, verified])
      .when({ type: 'Reject', data: { reason: 'x', now: LATER } })
      .then([]));

  it('when a pending claim is past its expiry then it expires', () =>
    spec
      .given([started])
      .when({ type: 'Expire', data: { now: AFTER_EXPIRY } })
      .then([{ type: 'ClaimExpired', data: { claim_id: 7, at: AFTER_EXPIRY } }]));
  it('when a pending claim is not yet past its expiry then Expire changes nothing', () =>
    spec
      .given([started])
      .when({ type: 'Expire', data: { now: LATER } })
      .then([]));
  it('when a verified claim is past the expiry then it stays verified', () =>
    spec
      .given([started, verified])
      .when({ type: 'Expire', data: { now: AFTER_EXPIRY } })
      .then([]));

  const emailStarted: ClaimEvent = {
    type: 'ClaimStarted',
    data: {
      ...startData,
      method: 'email',
      token: null,
      email: 'a@acme.example',
      email_token_hash: 'hash-1',
      at: NOW,
      expires_at: EXPIRES,
    },
  };
  it('when the same email claim is asked for again within a minute then no new link is made', () =>
    spec
      .given([emailStarted])
      .when({ type: 'RenewEmailLink', data: { email_token_hash: 'hash-2', now: '2025-03-03T10:00:59.999Z' } })
      .then([]));
  it('when it is asked for again after a minute then a new link replaces the old one', () =>
    spec
      .given([emailStarted])
      .when({ type: 'RenewEmailLink', data: { email_token_hash: 'hash-2', now: '2025-03-03T10:01:00.000Z' } })
      .then([
        {
          type: 'ClaimEmailLinkRenewed',
          data: { claim_id: 7, email_token_hash: 'hash-2', at: '2025-03-03T10:01:00.000Z' },
        },
      ]));
  it('when a meta claim or a verified email claim is asked for a new link then it is a conflict', () => {
    spec
      .given([started])
      .when({ type: 'RenewEmailLink', data: { email_token_hash: 'hash-2', now: LATER } })
      .thenThrows(ConflictError);
    spec
      .given([emailStarted, verified])
      .when({ type: 'RenewEmailLink', data: { email_token_hash: 'hash-2', now: LATER } })
      .thenThrows(ConflictError);
  });
});
