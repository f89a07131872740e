import { deciderSpec } from '@listings/platform/decider/specification';
import { ConflictError } from '@listings/platform/errors';
import { describe, it } from 'vitest';
import { weekAwardsDecider } from './decide.ts';

const spec = deciderSpec(weekAwardsDecider);
const WEEK = '2026-11-16';
const END = Date.parse('2026-11-23T00:00:00.000Z');
const decide = (now: string, standings: { listing_id: number; votes: number; last_vote_at: string | null }[]) => ({
  type: 'DecideWeekAwards' as const,
  data: { week_start: WEEK, week_end_ms: END, standings, rules_version: 2, now },
});

describe('Launch of the Week awards', () => {
  it('given an open week when Sunday 23:59:59 UTC then it is too early', () =>
    spec
      .given([])
      .when(decide('2026-11-22T23:59:59.000Z', []))
      .thenThrows(ConflictError, /not ended/));
  it('given an ended week when decided then #1-#3 by votes', () =>
    spec
      .given([])
      .when(
        decide('2026-11-23T00:00:00.000Z', [
          { listing_id: 1, votes: 5, last_vote_at: '2026-11-17T00:00:00.000Z' },
          { listing_id: 2, votes: 9, last_vote_at: '2026-11-17T00:00:00.000Z' },
          { listing_id: 3, votes: 7, last_vote_at: '2026-11-17T00:00:00.000Z' },
          { listing_id: 4, votes: 1, last_vote_at: '2026-11-17T00:00:00.000Z' },
          { listing_id: 5, votes: 0, last_vote_at: null },
        ]),
      )
      .then([
        {
          type: 'WeekAwardsDecided',
          data: {
            week_start: WEEK,
            winners: [
              { rank: 1, listing_id: 2, votes: 9 },
              { rank: 2, listing_id: 3, votes: 7 },
              { rank: 3, listing_id: 1, votes: 5 },
            ],
            rules_version: 2,
            at: '2026-11-23T00:00:00.000Z',
          },
        },
      ]));
  it('given a tie on votes then the listing that reached its count first wins, then the smaller id', () =>
    spec
      .given([])
      .when(
        decide('2026-11-23T00:00:00.000Z', [
          { listing_id: 3, votes: 4, last_vote_at: '2026-11-20T00:00:00.000Z' },
          { listing_id: 2, votes: 4, last_vote_at: '2026-11-18T00:00:00.000Z' },
          { listing_id: 9, votes: 4, last_vote_at: '2026-11-19T00:00:00.000Z' },
          { listing_id: 8, votes: 4, last_vote_at: '2026-11-19T00:00:00.000Z' },
        ]),
      )
      .then([
        {
          type: 'WeekAwardsDecided',
          data: {
            week_start: WEEK,
            winners: [
              { rank: 1, listing_id: 2, votes: 4 },
              { rank: 2, listing_id: 8, votes: 4 },
              { rank: 3, listing_id: 9, votes: 4 },
            ],
            rules_version: 2,
            at: '2026-11-23T00:00:00.000Z',
          },
        },
      ]));
  it('given an ended week when decided then the awards record the ranking rules version they were ranked under', () =>
    spec
      .given([])
      .when({
        ...decide('2026-11-23T00:00:00.000Z', []),
        data: { ...decide('2026-11-23T00:00:00.000Z', []).data, rules_version: 7 },
      })
      .then([
        {
          type: 'WeekAwardsDecided',
          data: { week_start: WEEK, winners: [], rules_version: 7, at: '2026-11-23T00:00:00.000Z' },
        },
      ]));
  it('given a decided week when asked again then nothing changes', () =>
    spec
      .given([
        {
          type: 'WeekAwardsDecided',
          data: { week_start: WEEK, winners: [], rules_version: 1, at: '2026-11-23T00:00:00.000Z' },
        },
      ])
      .when(
        decide('2026-11-30T00:00:00.000Z', [{ listing_id: 1, votes: 100, last_vote_at: '2026-11-17T00:00:00.000Z' }]),
      )
      .then([]));
});
