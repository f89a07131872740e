import { deciderSpec } from '@listings/platform/decider/specification';
import { ConflictError } from '@listings/platform/errors';
import { describe, expect, it } from 'vitest';
import type { ClaimEvent } from '../claim/claim.ts';
import { GoneError } from '../claim/decide.ts';
import { listingClaimsDecider, OpenClaimExistsError, OTHER_CLAIMANT_VERIFIED } from './decide.ts';

const spec = deciderSpec(listingClaimsDecider);
const NOW = '2025-03-03T10:00:00.000Z';
const LATER = '2025-03-05T10:00:00.000Z';
const EXPIRES = '2025-03-17T10:00:00.000Z';
const AFTER_EXPIRY = '2025-03-18T10:00:00.000Z';

const startData = (claim_id: number, account_id: string) => ({
  claim_id,
  account_id,
  listing_id: 3,
  slug: 'acme',
  domain: 'acme.example',
  homepage: 'https://acme.example/',
  method: 'meta' as const,
  token: `tok-${claim_id}`,
  email: null,
  email_token_hash: null,
});
const start = (claim_id: number, account_id: string, now = NOW) => ({
  type: 'StartClaim' as const,
  data: { ...startData(claim_id, account_id), now, expires_at: EXPIRES },
});
const started = (claim_id: number, account_id: string): ClaimEvent => ({
  type: 'ClaimStarted',
  data: { ...startData(claim_id, account_id), at: NOW, expires_at: EXPIRES },
});
const verify = (claim_id: number, now = LATER) => ({
  type: 'OnClaim' as const,
  data: { claim_id, command: { type: 'Verify' as const, data: { now } } },
});
const verified = (claim_id: number): ClaimEvent => ({ type: 'ClaimVerified', data: { claim_id, at: LATER } });
const rejected = (claim_id: number, at = LATER): ClaimEvent => ({
  type: 'ClaimRejected',
  data: { claim_id, reason: OTHER_CLAIMANT_VERIFIED, at },
});

describe('the claims of one listing', () => {
  it('when a claimant starts the first claim on a listing then it is started', () =>
    spec
      .given([])
      .when(start(7, 'a'))
      .then([started(7, 'a')]));

  it('when the claimant has an open claim on the listing then a second start is refused with that claim', () => {
    const run = () =>
      listingClaimsDecider.decide(
        start(8, 'a'),
        [started(7, 'a')].reduce(listingClaimsDecider.evolve, listingClaimsDecider.initialState),
      );
    expect(run).toThrow(OpenClaimExistsError);
    try {
      run();
    } catch (error) {
      expect((error as OpenClaimExistsError).claim).toMatchObject({ id: 7, accountId: 'a', status: 'pending' });
    }
  });

  it('when another claimant has an open claim then a claim of their own starts beside it', () =>
    spec
      .given([started(7, 'a')])
      .when(start(8, 'b'))
      .then([started(8, 'b')]));

  it('when the claimant’s earlier claim expired or was rejected then a new one starts', () => {
    spec
      .given([started(7, 'a')])
      .when(start(8, 'a', AFTER_EXPIRY))
      .then([{ type: 'ClaimStarted', data: { ...startData(8, 'a'), at: AFTER_EXPIRY, expires_at: EXPIRES } }]);
    spec
      .given([started(7, 'a'), { type: 'ClaimRejected', data: { claim_id: 7, reason: 'x', at: LATER } }])
      .when(start(8, 'a'))
      .then([started(8, 'a')]);
  });

  it('when the listing has a verified owner then no claim starts, whoever asks', () => {
    spec
      .given([started(7, 'a'), verified(7)])
      .when(start(8, 'b'))
      .thenThrows(ConflictError, /already verified by its owners/);
    spec
      .given([started(7, 'a'), verified(7)])
      .when(start(8, 'a'))
      .thenThrows(ConflictError, /you are one of its owners/);
  });

  it('when one claimant verifies then the other open claims are rejected in the same append', () =>
    spec
      .given([started(7, 'a'), started(8, 'b'), started(9, 'c')])
      .when(verify(8))
      .then([verified(8), rejected(7), rejected(9)]));

  it('when a claimant verifies then expired and closed claims of others are left as they are', () =>
    spec
      .given([
        started(7, 'a'),
        { type: 'ClaimRejected', data: { claim_id: 7, reason: 'x', at: LATER } },
        {
          type: 'ClaimStarted',
          data: { ...startData(9, 'c'), at: '2025-02-01T00:00:00.000Z', expires_at: '2025-02-15T00:00:00.000Z' },
        },
        started(8, 'b'),
      ])
      .when(verify(8))
      .then([verified(8)]));

  it('when another claimant verified first then verifying an open claim rejects it', () =>
    spec
      .given([started(7, 'a'), started(8, 'b'), verified(7)])
      .when(verify(8, '2025-03-06T00:00:00.000Z'))
      .then([rejected(8, '2025-03-06T00:00:00.000Z')]));

  it('when the verified owner verifies again then nothing changes', () =>
    spec
      .given([started(7, 'a'), verified(7)])
      .when(verify(7))
      .then([]));

  it('when a claim rejected by the winner is verified then it stays rejected, and an expired one is gone', () => {
    spec
      .given([started(7, 'a'), started(8, 'b'), verified(7), rejected(8)])
      .when(verify(8))
      .then([]);
    spec
      .given([started(7, 'a')])
      .when(verify(7, AFTER_EXPIRY))
      .thenThrows(GoneError, /expired/);
  });

  it('when a claim of another listing is addressed then it is a conflict', () =>
    spec
      .given([started(7, 'a')])
      .when(verify(99))
      .thenThrows(ConflictError, /no claim 99/));

  it('when a check fails, a claim expires or a link is renewed then only that claim changes', () => {
    spec
      .given([started(7, 'a'), started(8, 'b')])
      .when({
        type: 'OnClaim',
        data: { claim_id: 8, command: { type: 'RecordFailedCheck', data: { reason: 'no tag', now: LATER } } },
      })
      .then([{ type: 'ClaimCheckFailed', data: { claim_id: 8, reason: 'no tag', at: LATER } }]);
    spec
      .given([started(7, 'a'), started(8, 'b')])
      .when({ type: 'OnClaim', data: { claim_id: 7, command: { type: 'Expire', data: { now: AFTER_EXPIRY } } } })
      .then([{ type: 'ClaimExpired', data: { claim_id: 7, at: AFTER_EXPIRY } }]);
  });

  it('when claims are folded then the first verified claim is the owner', () => {
    const state = [started(7, 'a'), started(8, 'b'), verified(8)].reduce(
      listingClaimsDecider.evolve,
      listingClaimsDecider.initialState,
    );
    expect(state.owner).toEqual({ claimId: 8, accountId: 'b' });
    expect(state.claims.get(8)?.status).toBe('verified');
  });
});
