import { deciderSpec } from '@listings/platform/decider/specification';
import { ConflictError, NotFoundError } from '@listings/platform/errors';
import { describe, it } from 'vitest';
import { listingDecider } from './decide.ts';
import type { ListingEvent } from './listing.ts';

const spec = deciderSpec(listingDecider);
const NOW = '2026-11-18T10:00:00.000Z';
const created: ListingEvent[] = [
  {
    type: 'ListingCreated',
    data: { listing_id: 1, slug: 'notion', draft_id: 'd', owners: ['acc-1'], status: 'draft', at: NOW },
  },
  {
    type: 'ListingProfileSaved',
    data: {
      listing_id: 1,
      profile: {
        url: 'https://notion.example',
        name: 'Notion',
        milestones: [{ date: '2020-01-01', title: 'Founded' }],
      },
      categories: [],
      at: NOW,
    },
  },
];
const awaiting: ListingEvent[] = [
  ...created,
  { type: 'LaunchScheduled', data: { listing_id: 1, launch_week: '2026-12-28', plan: 'free', at: NOW } },
  { type: 'ListingStatusChanged', data: { listing_id: 1, status: 'awaiting_badge', at: NOW } },
];

describe('owned listing decisions', () => {
  it('given a listing when someone who is not an owner edits then it is not found', () =>
    spec
      .given(created)
      .when({ type: 'EditListing', data: { account_id: 'acc-2', edits: { tagline: 'x' }, now: NOW } })
      .thenThrows(NotFoundError));

  it('given a listing when its owner edits then only changed keys are kept with their before value', () =>
    spec
      .given(created)
      .when({
        type: 'EditListing',
        data: { account_id: 'acc-1', edits: { name: 'Notion', tagline: 'Notes' }, now: NOW },
      })
      .then([
        {
          type: 'ListingEdited',
          data: {
            listing_id: 1,
            account_id: 'acc-1',
            version: 1,
            before: { tagline: null },
            after: { tagline: 'Notes' },
            at: NOW,
          },
        },
      ]));

  it('given the drafted milestone #1 when a milestone is added then it gets id 2', () =>
    spec
      .given(created)
      .when({
        type: 'AddMilestone',
        data: { account_id: 'acc-1', milestone: { date: '2026-01-01', title: 'v1' }, max: 50, now: NOW },
      })
      .then([
        {
          type: 'MilestoneAdded',
          data: { listing_id: 1, milestone: { id: 2, date: '2026-01-01', title: 'v1' }, at: NOW },
        },
      ]));

  it('given one milestone and a limit of 1 when another is added then 409', () =>
    spec
      .given(created)
      .when({
        type: 'AddMilestone',
        data: { account_id: 'acc-1', milestone: { date: '2026-01-01', title: 'v1' }, max: 1, now: NOW },
      })
      .thenThrows(ConflictError, /at most 1/));

  it('given a deleted milestone when it is deleted again then it is not found', () =>
    spec
      .given([...created, { type: 'MilestoneDeleted', data: { listing_id: 1, milestone_id: 1, at: NOW } }])
      .when({ type: 'DeleteMilestone', data: { account_id: 'acc-1', milestone_id: 1, now: NOW } })
      .thenThrows(NotFoundError));

  it('given followers when the owner posts an update then each follower is notified once', () =>
    spec
      .given(created)
      .when({
        type: 'PostOwnerUpdate',
        data: { account_id: 'acc-1', title: 'v2', body: 'b', followers: ['f1', 'f1', 'f2'], now: NOW },
      })
      .then([
        { type: 'ListingUpdatePosted', data: { listing_id: 1, title: 'v2', body: 'b', at: NOW } },
        { type: 'FollowerNotified', data: { listing_id: 1, account_id: 'f1', update_title: 'v2', at: NOW } },
        { type: 'FollowerNotified', data: { listing_id: 1, account_id: 'f2', update_title: 'v2', at: NOW } },
      ]));

  it('given a draft listing when the free plan is chosen then it awaits its badge for that week', () =>
    spec
      .given(created)
      .when({ type: 'ChooseFreePlan', data: { account_id: 'acc-1', launch_week: '2026-12-28', now: NOW } })
      .then(awaiting.slice(2)));

  it('given a listing awaiting its badge when the free plan is chosen again then 409 says why', () =>
    spec
      .given(awaiting)
      .when({ type: 'ChooseFreePlan', data: { account_id: 'acc-1', launch_week: '2026-12-28', now: NOW } })
      .thenThrows(ConflictError, /awaiting_badge on the free plan/));

  it('given a listing awaiting its badge when the badge is found before its week then it is scheduled', () =>
    spec
      .given(awaiting)
      .when({ type: 'FindBadge', data: { this_week: '2026-11-16', now: NOW } })
      .then([
        { type: 'BadgeFound', data: { listing_id: 1, at: NOW } },
        { type: 'ListingStatusChanged', data: { listing_id: 1, status: 'scheduled', at: NOW } },
      ]));

  it('given a listing awaiting its badge when the badge is found in or after its week then it goes live', () =>
    spec
      .given(awaiting)
      .when({ type: 'FindBadge', data: { this_week: '2027-01-04', now: NOW } })
      .then([
        { type: 'BadgeFound', data: { listing_id: 1, at: NOW } },
        { type: 'ListingStatusChanged', data: { listing_id: 1, status: 'live', at: NOW } },
      ]));
});
