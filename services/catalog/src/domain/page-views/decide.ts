import type { Decider } from '@listings/platform/decider';
import { ValidationError } from '@listings/platform/errors';
import {
  evolveNetworkVisits,
  initialNetworkVisits,
  isKnownBot,
  type NetworkVisits,
  type ViewEvent,
} from './page-views.ts';

/** bulk counts (the demo catalog) to `views-<listing_id>` */
export type ViewCommand = { type: 'RecordViews'; data: { listing_id: number; count: number; now: string } };

export const viewDecider: Decider<ViewCommand, null, ViewEvent> = {
  initialState: null,
  evolve: (state) => state,
  decide: (command) => {
    if (!Number.isInteger(command.data.count) || command.data.count < 1)
      throw new ValidationError([{ field: 'count', message: 'must be a whole number >= 1' }]);
    return [
      {
        type: 'ListingViewed',
        data: {
          listing_id: command.data.listing_id,
          count: command.data.count,
          at: command.data.now,
          visitor: null,
          referrer: null,
        },
      },
    ];
  },
};

export type VisitCommand = {
  type: 'RecordVisit';
  data: {
    listing_id: number;
    /** the visitor's hash */
    visitor: string;
    user_agent: string | null;
    /** the referring host, `direct`, or null when the edge did not say */
    referrer: string | null;
    /** the most visitors this network's stream counts (VIEWERS_PER_NETWORK_PER_DAY) */
    max: number;
    now: string;
  };
};

/** one network's day on one listing: each visitor counted once, at most `max` of them, never a known bot */
export const decideVisit = (command: VisitCommand, state: NetworkVisits): ViewEvent[] => {
  const { listing_id, visitor, user_agent, referrer, max, now } = command.data;
  if (isKnownBot(user_agent) || state.visitors.has(visitor) || state.visitors.size >= max) return [];
  return [{ type: 'ListingViewed', data: { listing_id, count: 1, at: now, visitor, referrer } }];
};

export const visitDecider: Decider<VisitCommand, NetworkVisits, ViewEvent> = {
  initialState: initialNetworkVisits,
  evolve: evolveNetworkVisits,
  decide: decideVisit,
};
