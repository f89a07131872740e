import type { Decider } from '@listings/platform/decider';
import { ConflictError, DomainError } from '@listings/platform/errors';
import { type Claim, type ClaimEvent, evolveClaim, initialClaim } from './claim.ts';

export class GoneError extends DomainError {
  constructor(detail: string) {
    super(410, 'gone', 'Gone', detail);
  }
}

export type ClaimCommand =
  | {
      type: 'StartClaim';
      /** what the ClaimStarted event records, with the time as `now` */
      data: Omit<Extract<ClaimEvent, { type: 'ClaimStarted' }>['data'], 'at'> & { now: string };
    }
  /** a dns/meta/file check ran and did not pass: the claim stays pending with the reason */
  | { type: 'RecordFailedCheck'; data: { reason: string; now: string } }
  /** the check passed (or the emailed link was opened) and the catalog recorded the claimant */
  | { type: 'Verify'; data: { now: string } }
  /** the catalog refused: the listing is verified by other owners */
  | { type: 'Reject'; data: { reason: string; now: string } }
  | { type: 'Expire'; data: { now: string } }
  /** the same email claim asked for again: a new link replaces the old one (at most once a minute) */
  | { type: 'RenewEmailLink'; data: { email_token_hash: string; now: string } };

/** a new email link is made at most this often for one claim (each one is a mail) */
export const EMAIL_LINK_RENEW_AFTER_MS = 60_000;

const pending = (state: Claim, now: string) => {
  if (!state.exists) throw new ConflictError('no such claim');
  if (state.status !== 'pending') return null;
  if (now >= state.expiresAt) return null;
  return state;
};

export const decideClaim = (command: ClaimCommand, state: Claim): ClaimEvent[] => {
  switch (command.type) {
    case 'StartClaim': {
      if (state.exists) throw new ConflictError(`claim ${command.data.claim_id} exists already`);
      const { now, ...rest } = command.data;
      return [{ type: 'ClaimStarted', data: { ...rest, at: now } }];
    }
    case 'RecordFailedCheck': {
      const s = pending(state, command.data.now);
      if (!s) return [];
      return [
        { type: 'ClaimCheckFailed', data: { claim_id: s.id, reason: command.data.reason, at: command.data.now } },
      ];
    }
    case 'Verify': {
      if (state.exists && state.status === 'verified') return [];
      const s = pending(state, command.data.now);
      if (!s) {
        if (state.exists && state.status === 'pending') throw new GoneError('the claim expired');
        throw new ConflictError(`the claim is ${state.exists ? state.status : 'unknown'}`);
      }
      return [{ type: 'ClaimVerified', data: { claim_id: s.id, at: command.data.now } }];
    }
    case 'Reject': {
      const s = pending(state, command.data.now);
      if (!s) return [];
      return [{ type: 'ClaimRejected', data: { claim_id: s.id, reason: command.data.reason, at: command.data.now } }];
    }
    case 'Expire': {
      if (!state.exists || state.status !== 'pending' || command.data.now < state.expiresAt) return [];
      return [{ type: 'ClaimExpired', data: { claim_id: state.id, at: command.data.now } }];
    }
    case 'RenewEmailLink': {
      const s = pending(state, command.data.now);
      if (s?.method !== 'email') throw new ConflictError('only a pending email claim gets a new link');
      const last = s.emailLinkAt ? Date.parse(s.emailLinkAt) : 0;
      if (Date.parse(command.data.now) - last < EMAIL_LINK_RENEW_AFTER_MS) return [];
      return [
        {
          type: 'ClaimEmailLinkRenewed',
          data: { claim_id: s.id, email_token_hash: command.data.email_token_hash, at: command.data.now },
        },
      ];
    }
    default: {
      const never: never = command;
      throw new Error(`unknown command ${JSON.stringify(never)}`);
    }
  }
};

export const claimDecider: Decider<ClaimCommand, Claim, ClaimEvent> = {
  initialState: initialClaim,
  evolve: evolveClaim,
  decide: decideClaim,
};
