import { randomUUID } from 'node:crypto';
import type { Clock } from '@listings/platform/clock';
import { foldStream, handleCommand } from '@listings/platform/decider';
import { NotFoundError } from '@listings/platform/errors';
import { type EventStore, WrongExpectedRevisionError } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import type { Mailer } from '@listings/platform/mail';
import { type PersonalDataVault, revealPersonalData } from '@listings/platform/personal-data';
import type { CatalogClient } from '../adapters/catalog-client.ts';
import type { OwnershipCheck } from '../adapters/ownership-checks.ts';
import {
  type Claim,
  type ClaimEvent,
  type ClaimIdEvent,
  claimStream,
  evolveClaim,
  initialClaim,
} from '../domain/claim/claim.ts';
import { type ClaimCommand, claimDecider } from '../domain/claim/decide.ts';
import { listingClaimsDecider } from '../domain/listing-claims/decide.ts';
import { type ExistingClaim, listingClaimsStream } from '../domain/listing-claims/listing-claims.ts';
import type { ClaimsIndex } from '../projections/claims-index/evolve.ts';
import { claimView } from './claim-view.ts';

/** What the claims operations need; main.ts builds it. */
export interface ClaimsOperationDeps {
  readonly store: EventStore;
  readonly index: () => ClaimsIndex;
  /** resolves once the index has folded the event at this position */
  readonly indexCaughtUp: (position: number) => Promise<void>;
  /** new claim ids (createClaimIds) */
  readonly claimIds: ClaimIds;
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

export const nowOf = (deps: Pick<ClaimsOperationDeps, 'clock'>): string => deps.clock.now().toISOString();

/** Where a claim's events live: its listing's claims stream, or (claims started before) its own stream. */
export type Located = { readonly claim: ExistingClaim; readonly listingId: number | null };

type NotStart = Exclude<ClaimCommand, { type: 'StartClaim' }>;

/** the claim with its address opened (null once the claimant's account was erased) */
export const reveal = async (deps: Pick<ClaimsOperationDeps, 'vault'>, claim: ExistingClaim): Promise<ExistingClaim> =>
  claim.email === null ? claim : { ...claim, email: await revealPersonalData(deps.vault, claim.email) };

/** the Claim of the contracts, its address opened */
export const viewClaim = async (deps: Pick<ClaimsOperationDeps, 'vault'>, claim: ExistingClaim, at: string) =>
  claimView(await reveal(deps, claim), at);

/**
 * The claim as the event store has it now (not the index, which may lag behind another
 * replica's appends). `claim-<id>` says where the claim lives (`ClaimIdAssigned`), or holds
 * the whole claim when it was started before claims moved into their listing's stream.
 */
export const locate = async (deps: Pick<ClaimsOperationDeps, 'store'>, claimId: number): Promise<Located | null> => {
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

/** your own claim, or 404 exactly like an unknown id */
export const ownClaim = async (
  deps: Pick<ClaimsOperationDeps, 'store'>,
  claimId: number,
  account: string,
): Promise<Located> => {
  const located = await locate(deps, claimId);
  if (!located || located.claim.accountId !== account) throw new NotFoundError(`no claim ${claimId}`);
  return located;
};

/** one command for one claim: appended to its listing's stream (or its own, for older claims) */
export const runOnClaim = async (
  deps: Pick<ClaimsOperationDeps, 'store' | 'indexCaughtUp'>,
  located: Located,
  command: NotStart,
): Promise<ExistingClaim> => {
  const id = located.claim.id;
  if (located.listingId === null) {
    const result = await handleCommand({ store: deps.store, stream: claimStream(id), decider: claimDecider, command });
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

export interface ClaimIds {
  /**
   * A new claim id: the next free `claim-<id>` stream, taken by appending `ClaimIdAssigned` with
   * `no_stream`. The event store lets exactly one append create a stream, so two requests (or
   * two replicas) never get the same id; the loser tries the next one.
   */
  allocate(listingId: number, at: string): Promise<number>;
}

export const createClaimIds = (deps: { readonly store: EventStore; readonly index: () => ClaimsIndex }): ClaimIds => {
  /** the highest id this process took or saw taken; the index's may lag behind other replicas */
  let lastClaimId = 0;
  return {
    async allocate(listingId, at) {
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
    },
  };
};
