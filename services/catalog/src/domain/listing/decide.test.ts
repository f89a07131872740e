import { deciderSpec } from '@listings/platform/decider/specification';
import { ConflictError, NotFoundError, ValidationError } from '@listings/platform/errors';
import { describe, expect, it } from 'vitest';
import { listingDecider } from './decide.ts';
import { DraftDetachedError } from './errors.ts';
import { evolveListing, initialListing, type ListingEvent } from './listing.ts';

const spec = deciderSpec(listingDecider);
const NOW = '2026-11-18T10:00:00.000Z';
const THIS_WEEK = '2026-11-16';
const draft = '00000000-0000-4000-8000-000000000001';
const profile = { url: 'https://notion.example', name: 'Notion' };
const created: ListingEvent[] = [
  {
    type: 'ListingCreated',
    data: { listing_id: 1, slug: 'notion', draft_id: draft, owners: ['acc-1'], status: 'draft', at: NOW },
  },
  { type: 'ListingProfileSaved', data: { listing_id: 1, profile, categories: ['note-taking'], at: NOW } },
];
const save = (create: boolean, draftId = draft) => ({
  type: 'SaveListingFromDraft' as const,
  data: {
    listing_id: 1,
    slug: 'notion',
    draft_id: draftId,
    owners: ['acc-1'],
    profile,
    categories: ['note-taking'],
    create,
    now: NOW,
  },
});
const live: ListingEvent[] = [
  ...created,
  { type: 'LaunchScheduled', data: { listing_id: 1, launch_week: THIS_WEEK, plan: 'free', at: NOW } },
  { type: 'ListingStatusChanged', data: { listing_id: 1, status: 'live', at: NOW } },
];

describe('listing decider', () => {
  it('given nothing when a draft is saved then the listing is created as a draft with its profile', () =>
    spec.given([]).when(save(true)).then(created));
  it('given a listing when its draft is saved again then only the profile is saved', () =>
    spec
      .given(created)
      .when(save(false))
      .then([created[1] as ListingEvent]));
  it('given a listing when another draft saves over it then conflict', () =>
    spec
      .given(created)
      .when(save(false, '00000000-0000-4000-8000-000000000002'))
      .thenThrows(ConflictError, /another draft/));
  it('given nothing when an update names a listing then not found', () =>
    spec.given([]).when(save(false)).thenThrows(NotFoundError));
  it('given a listing when asked to create it again then conflict', () =>
    spec.given(created).when(save(true)).thenThrows(ConflictError));

  it('given a draft when published now on the paid plan then sections unlock and it goes live this week', () =>
    spec
      .given(created)
      .when({ type: 'PublishListing', data: { launch_week: null, this_week: THIS_WEEK, plan: 'paid', now: NOW } })
      .then([
        { type: 'PaidSectionsUnlocked', data: { listing_id: 1, at: NOW } },
        { type: 'LaunchScheduled', data: { listing_id: 1, launch_week: THIS_WEEK, plan: 'paid', at: NOW } },
        { type: 'ListingStatusChanged', data: { listing_id: 1, status: 'live', at: NOW } },
      ]));
  it('given a draft when the free plan queues it for a future week then it awaits the badge', () =>
    spec
      .given(created)
      .when({
        type: 'PublishListing',
        data: { launch_week: '2027-01-04', this_week: THIS_WEEK, plan: 'free', now: NOW },
      })
      .then([
        { type: 'LaunchScheduled', data: { listing_id: 1, launch_week: '2027-01-04', plan: 'free', at: NOW } },
        { type: 'ListingStatusChanged', data: { listing_id: 1, status: 'awaiting_badge', at: NOW } },
      ]));
  it('given a draft when a paid launch picks a future week then it is scheduled', () =>
    spec
      .given(created)
      .when({
        type: 'PublishListing',
        data: { launch_week: '2026-11-23', this_week: THIS_WEEK, plan: 'paid', now: NOW },
      })
      .then([
        { type: 'PaidSectionsUnlocked', data: { listing_id: 1, at: NOW } },
        { type: 'LaunchScheduled', data: { listing_id: 1, launch_week: '2026-11-23', plan: 'paid', at: NOW } },
        { type: 'ListingStatusChanged', data: { listing_id: 1, status: 'scheduled', at: NOW } },
      ]));
  it('given a draft when a past week is chosen then invalid', () =>
    spec
      .given(created)
      .when({
        type: 'PublishListing',
        data: { launch_week: '2026-11-09', this_week: THIS_WEEK, plan: 'paid', now: NOW },
      })
      .thenThrows(ValidationError));
  it('given a draft when a paid launch chooses extra categories then they are chosen with the launch', () =>
    spec
      .given(created)
      .when({
        type: 'PublishListing',
        data: {
          launch_week: null,
          this_week: THIS_WEEK,
          plan: 'paid',
          extra_categories: ['design', 'writing'],
          now: NOW,
        },
      })
      .then([
        { type: 'PaidSectionsUnlocked', data: { listing_id: 1, at: NOW } },
        { type: 'ExtraCategoriesChosen', data: { listing_id: 1, categories: ['design', 'writing'], at: NOW } },
        { type: 'LaunchScheduled', data: { listing_id: 1, launch_week: THIS_WEEK, plan: 'paid', at: NOW } },
        { type: 'ListingStatusChanged', data: { listing_id: 1, status: 'live', at: NOW } },
      ]));
  for (const [why, plan, extras] of [
    ['on the free plan', 'free', ['design']],
    ['naming the primary category', 'paid', ['note-taking']],
    ['naming one twice', 'paid', ['design', 'design']],
  ] as const)
    it(`given a draft when extra categories are chosen ${why} then invalid`, () =>
      spec
        .given(created)
        .when({
          type: 'PublishListing',
          data: { launch_week: null, this_week: THIS_WEEK, plan, extra_categories: extras, now: NOW },
        })
        .thenThrows(ValidationError));
  it('given a live listing when published again then conflict', () =>
    spec
      .given(live)
      .when({ type: 'PublishListing', data: { launch_week: null, this_week: THIS_WEEK, plan: 'paid', now: NOW } })
      .thenThrows(ConflictError));

  it('given a scheduled listing when its week arrives then it goes live', () =>
    spec
      .given([
        ...created,
        { type: 'LaunchScheduled', data: { listing_id: 1, launch_week: '2026-11-23', plan: 'paid', at: NOW } },
        { type: 'ListingStatusChanged', data: { listing_id: 1, status: 'scheduled', at: NOW } },
      ])
      .when({ type: 'GoLive', data: { this_week: '2026-11-23', now: '2026-11-23T00:00:00.000Z' } })
      .then([
        { type: 'ListingStatusChanged', data: { listing_id: 1, status: 'live', at: '2026-11-23T00:00:00.000Z' } },
      ]));
  it('given a scheduled listing when asked to go live before its week then conflict', () =>
    spec
      .given([
        ...created,
        { type: 'LaunchScheduled', data: { listing_id: 1, launch_week: '2026-11-23', plan: 'paid', at: NOW } },
        { type: 'ListingStatusChanged', data: { listing_id: 1, status: 'scheduled', at: NOW } },
      ])
      .when({ type: 'GoLive', data: { this_week: THIS_WEEK, now: NOW } })
      .thenThrows(ConflictError));
  it('given a live listing when asked to go live then nothing happens', () =>
    spec
      .given(live)
      .when({ type: 'GoLive', data: { this_week: THIS_WEEK, now: NOW } })
      .then([]));

  it('given a listing when an update is posted then it is recorded', () =>
    spec
      .given(live)
      .when({ type: 'PostUpdate', data: { title: 'v2', body: 'faster', now: NOW } })
      .then([{ type: 'ListingUpdatePosted', data: { listing_id: 1, title: 'v2', body: 'faster', at: NOW } }]));
  it('given a listing when a Domain Rating is read then it is recorded', () =>
    spec
      .given(live)
      .when({ type: 'RecordDomainRating', data: { value: 42, date: '2026-11-01' } })
      .then([{ type: 'DomainRatingRecorded', data: { listing_id: 1, value: 42, date: '2026-11-01' } }]));
  it('given a listing when a Domain Rating above 100 arrives then invalid', () =>
    spec
      .given(live)
      .when({ type: 'RecordDomainRating', data: { value: 101, date: '2026-11-01' } })
      .thenThrows(ValidationError));
  it('given a listing when revenue is reported then it is recorded', () =>
    spec
      .given(live)
      .when({ type: 'RecordRevenue', data: { mrr_cents: 120000, date: '2026-11-01' } })
      .then([{ type: 'RevenueRecorded', data: { listing_id: 1, mrr_cents: 120000, date: '2026-11-01' } }]));
  it('given a listing when negative revenue arrives then invalid', () =>
    spec
      .given(live)
      .when({ type: 'RecordRevenue', data: { mrr_cents: -1, date: '2026-11-01' } })
      .thenThrows(ValidationError));

  const paid: ListingEvent = {
    type: 'BillboardContributed',
    data: { listing_id: 1, order_number: 'A-1', amount_cents: 5000, at: NOW },
  };
  it('given a listing when money is contributed to the billboard then it counts', () =>
    spec
      .given(live)
      .when({ type: 'ContributeToBillboard', data: { order_number: 'A-1', amount_cents: 5000, now: NOW } })
      .then([paid]));
  it('given a contribution when the same order is told again then nothing is counted twice', () =>
    spec
      .given([...live, paid])
      .when({ type: 'ContributeToBillboard', data: { order_number: 'A-1', amount_cents: 5000, now: NOW } })
      .then([]));

  it('given a listing when verified then it earns verification once', () => {
    spec
      .given(live)
      .when({ type: 'MarkVerified', data: { account_id: 'acc-1', now: NOW } })
      .then([{ type: 'ListingVerified', data: { listing_id: 1, account_id: 'acc-1', at: NOW } }]);
    spec
      .given([...live, { type: 'ListingVerified', data: { listing_id: 1, account_id: 'acc-1', at: NOW } }])
      .when({ type: 'MarkVerified', data: { account_id: 'acc-1', now: NOW } })
      .then([]);
  });
  it('given a verified listing when another account would verify it then it is a conflict', () =>
    spec
      .given([...live, { type: 'ListingVerified', data: { listing_id: 1, account_id: 'acc-1', at: NOW } }])
      .when({ type: 'MarkVerified', data: { account_id: 'acc-2', now: NOW } })
      .thenThrows(ConflictError, /already verified/));
  it('given a listing when an operator features it then featured once, with the operator and the reason', () => {
    const featured = {
      type: 'ListingFeatured' as const,
      data: { listing_id: 1, operator: 'op-1', reason: 'launch of the month', at: NOW },
    };
    const feature = { type: 'Feature' as const, data: { operator: 'op-1', reason: 'launch of the month', now: NOW } };
    spec.given(live).when(feature).then([featured]);
    spec
      .given([...live, featured])
      .when(feature)
      .then([]);
  });
  it('given a featured listing when an operator unfeatures it then unfeatured once; not featured: nothing', () => {
    const featured = {
      type: 'ListingFeatured' as const,
      data: { listing_id: 1, operator: 'op-1', reason: 'launch of the month', at: NOW },
    };
    const unfeatured = {
      type: 'ListingUnfeatured' as const,
      data: { listing_id: 1, operator: 'op-2', reason: 'the month is over', at: NOW },
    };
    const unfeature = { type: 'Unfeature' as const, data: { operator: 'op-2', reason: 'the month is over', now: NOW } };
    spec
      .given([...live, featured])
      .when(unfeature)
      .then([unfeatured]);
    spec
      .given([...live, featured, unfeatured])
      .when(unfeature)
      .then([]);
    spec.given(live).when(unfeature).then([]);
  });
  it('given a listing when an owner approves an alternative then it is recorded, and not for itself', () => {
    spec
      .given(live)
      .when({ type: 'ApproveAlternative', data: { alternative_id: 2, now: NOW } })
      .then([{ type: 'AlternativeApproved', data: { listing_id: 1, alternative_id: 2, at: NOW } }]);
    spec
      .given(live)
      .when({ type: 'ApproveAlternative', data: { alternative_id: 1, now: NOW } })
      .thenThrows(ValidationError);
  });
  it('given nothing when any listing command arrives then not found', () =>
    spec
      .given([])
      .when({ type: 'Feature', data: { operator: null, reason: '', now: NOW } })
      .thenThrows(NotFoundError));
});

describe('a paid launch an order bought', () => {
  const paidBy = (order: string, week: string | null = null) => ({
    type: 'PublishListing' as const,
    data: { launch_week: week, this_week: THIS_WEEK, plan: 'paid' as const, order_number: order, now: NOW },
  });
  const recorded = (order: string, week: string | null): ListingEvent => ({
    type: 'PaidLaunchRecorded',
    data: { listing_id: 1, order_number: order, launch_week: week, at: NOW },
  });
  const scheduledFor: ListingEvent[] = [
    { type: 'PaidSectionsUnlocked', data: { listing_id: 1, at: NOW } },
    { type: 'LaunchScheduled', data: { listing_id: 1, launch_week: '2026-11-23', plan: 'paid', at: NOW } },
    { type: 'ListingStatusChanged', data: { listing_id: 1, status: 'scheduled', at: NOW } },
  ];

  it('given a draft when an order publishes it for a week then it is scheduled and the order is recorded', () =>
    spec
      .given(created)
      .when(paidBy('A-1', '2026-11-23'))
      .then([...scheduledFor, recorded('A-1', '2026-11-23')]));
  it('given the order’s launch when the same order is told again then nothing changes', () =>
    spec
      .given([...created, ...scheduledFor, recorded('A-1', '2026-11-23')])
      .when(paidBy('A-1', '2026-11-23'))
      .then([]));
  it('given another order’s launch when a second order comes then conflict', () =>
    spec
      .given([...created, ...scheduledFor, recorded('A-1', '2026-11-23')])
      .when(paidBy('A-2'))
      .thenThrows(ConflictError));
  it('given a paid launch from before orders were recorded when an order comes then it is recorded as that order’s, not published again', () =>
    spec
      .given([...created, ...scheduledFor])
      .when(paidBy('A-1', '2026-11-23'))
      .then([recorded('A-1', '2026-11-23')]));
  it('given a listing live on the free plan when an order comes then conflict', () =>
    spec.given(live).when(paidBy('A-1')).thenThrows(ConflictError));
  const refuse = (order: string) => ({
    type: 'RefusePaidLaunch' as const,
    data: { order_number: order, reason: 'a live listing cannot be published', now: NOW },
  });
  const refused = (order: string): ListingEvent => ({
    type: 'PaidLaunchRefused',
    data: { listing_id: 1, order_number: order, reason: 'a live listing cannot be published', at: NOW },
  });
  it('given a refused order when the refusal is recorded then it is, once', () => {
    spec
      .given(live)
      .when(refuse('A-1'))
      .then([refused('A-1')]);
    spec
      .given([...live, refused('A-1')])
      .when(refuse('A-1'))
      .then([]);
  });
  it('given a refused order when it comes again then nothing is published (decided already)', () =>
    spec
      .given([...created, refused('A-1')])
      .when(paidBy('A-1'))
      .then([]));
  it('given the order’s launch when a refusal for it comes then nothing', () =>
    spec
      .given([...created, ...scheduledFor, recorded('A-1', '2026-11-23')])
      .when(refuse('A-1'))
      .then([]));
});

describe('ownership follows a verified claim', () => {
  const verifiedBy = (account: string): ListingEvent => ({
    type: 'ListingVerified',
    data: { listing_id: 1, account_id: account, at: NOW },
  });
  const replaced: ListingEvent = {
    type: 'ListingOwnersReplaced',
    data: { listing_id: 1, owners: ['claimant'], removed: ['acc-1'], at: NOW },
  };
  const handedOver = [...live, verifiedBy('claimant'), replaced];

  it('given a listing submitted by another account when the claimant is verified then the claimant is its only owner', () =>
    spec
      .given(live)
      .when({ type: 'MarkVerified', data: { account_id: 'claimant', now: NOW } })
      .then([verifiedBy('claimant'), replaced]));
  it('given a listing with co-owners when one of them is verified then the owners stay (their own team)', () =>
    spec
      .given([
        {
          type: 'ListingCreated',
          data: {
            listing_id: 1,
            slug: 'notion',
            draft_id: draft,
            owners: ['acc-1', 'acc-2'],
            status: 'draft',
            at: NOW,
          },
        },
      ])
      .when({ type: 'MarkVerified', data: { account_id: 'acc-2', now: NOW } })
      .then([verifiedBy('acc-2')]));
  it('given the owners replaced when the claimant is verified again then nothing changes', () =>
    spec
      .given(handedOver)
      .when({ type: 'MarkVerified', data: { account_id: 'claimant', now: NOW } })
      .then([]));
  it('given the owners replaced when the removed owner would verify then it is a conflict', () =>
    spec
      .given(handedOver)
      .when({ type: 'MarkVerified', data: { account_id: 'acc-1', now: NOW } })
      .thenThrows(ConflictError, /already verified/));
  it('given the owners replaced when the submitter edits, posts, adds a milestone, sets a story or picks a plan then it is not found (not theirs)', () => {
    for (const command of [
      { type: 'EditListing' as const, data: { account_id: 'acc-1', edits: { tagline: 'mine' }, now: NOW } },
      {
        type: 'PostOwnerUpdate' as const,
        data: { account_id: 'acc-1', title: 'hi', body: 'there', followers: ['f-1'], now: NOW },
      },
      {
        type: 'AddMilestone' as const,
        data: { account_id: 'acc-1', milestone: { date: '2026-01-01', title: 'x' }, max: 50, now: NOW },
      },
      { type: 'DeleteMilestone' as const, data: { account_id: 'acc-1', milestone_id: 1, now: NOW } },
      { type: 'SetFounderStory' as const, data: { account_id: 'acc-1', story: { why: 'x' }, now: NOW } },
      { type: 'ChooseFreePlan' as const, data: { account_id: 'acc-1', launch_week: THIS_WEEK, now: NOW } },
    ])
      spec
        .given(handedOver)
        .when(command)
        .thenThrows(NotFoundError, /no such listing/);
  });
  it('given the owners replaced when the verified owner edits then the edit is recorded as theirs', () =>
    spec
      .given(handedOver)
      .when({ type: 'EditListing', data: { account_id: 'claimant', edits: { tagline: 'ours' }, now: NOW } })
      .then([
        {
          type: 'ListingEdited',
          data: {
            listing_id: 1,
            account_id: 'claimant',
            version: 1,
            before: { tagline: null },
            after: { tagline: 'ours' },
            at: NOW,
          },
        },
      ]));
  it('given the owners replaced when the draft that made the listing is saved then it is forbidden, saying why', () =>
    spec
      .given(handedOver)
      .when(save(false))
      .thenThrows(DraftDetachedError, /verified a claim/));
  it('given a listing verified by its own submitter when its draft is saved then it still publishes', () =>
    spec
      .given([...live, verifiedBy('acc-1')])
      .when(save(false))
      .then([created[1] as ListingEvent]));
  const handover = { type: 'CompleteOwnershipHandover' as const, data: { now: NOW } };
  it('given a verification recorded before ownership followed it when the handover is completed then the owners are replaced, once', () => {
    spec
      .given([...live, verifiedBy('claimant')])
      .when(handover)
      .then([replaced]);
    spec.given(handedOver).when(handover).then([]);
  });
  it('given a listing verified by its own owner, or never verified, when the handover is completed then nothing', () => {
    spec
      .given([...live, verifiedBy('acc-1')])
      .when(handover)
      .then([]);
    spec.given(live).when(handover).then([]);
  });
  const paidBy = (buyer: string) => ({
    type: 'PublishListing' as const,
    data: {
      launch_week: null,
      this_week: THIS_WEEK,
      plan: 'paid' as const,
      order_number: 'A-9',
      buyer_account_id: buyer,
      now: NOW,
    },
  });
  const handedOverDraft = [...created, verifiedBy('claimant'), replaced];
  it('given the owners replaced when an order of a removed owner is paid then its launch is refused (commerce refunds it)', () =>
    spec
      .given(handedOverDraft)
      .when(paidBy('acc-1'))
      .thenThrows(ConflictError, /no longer an owner/));
  it('given the owners replaced when an order of the verified owner is paid then the listing launches', () =>
    spec
      .given(handedOverDraft)
      .when(paidBy('claimant'))
      .then([
        { type: 'PaidSectionsUnlocked', data: { listing_id: 1, at: NOW } },
        { type: 'LaunchScheduled', data: { listing_id: 1, launch_week: THIS_WEEK, plan: 'paid', at: NOW } },
        { type: 'ListingStatusChanged', data: { listing_id: 1, status: 'live', at: NOW } },
        {
          type: 'PaidLaunchRecorded',
          data: { listing_id: 1, order_number: 'A-9', launch_week: null, at: NOW },
        },
      ]));
  it('given an order’s paid launch when the owners are replaced then the launch stays the listing’s and the draft is detached', () => {
    const paidOrder: ListingEvent = {
      type: 'PaidLaunchRecorded',
      data: { listing_id: 1, order_number: 'A-1', launch_week: null, at: NOW },
    };
    const state = [...created, paidOrder, verifiedBy('claimant'), replaced].reduce(evolveListing, initialListing);
    expect(state.exists && [state.owners, state.paidLaunchOrder, state.draftDetached]).toEqual([
      ['claimant'],
      'A-1',
      true,
    ]);
  });
});

describe('listing state', () => {
  it('when extra categories were chosen then a later profile save keeps them after its primary category', () => {
    const events: ListingEvent[] = [
      ...created,
      { type: 'ExtraCategoriesChosen', data: { listing_id: 1, categories: ['design'], at: NOW } },
      { type: 'ListingProfileSaved', data: { listing_id: 1, profile, categories: ['notes', 'writing'], at: NOW } },
    ];
    const state = events.reduce(evolveListing, initialListing);
    expect(state.exists && state.categories).toEqual(['notes', 'design']);
  });

  describe('moderation', () => {
    const by = { operator: 'op-1', reason: 'spam links', now: NOW };
    const hidden = {
      type: 'ListingHidden' as const,
      data: { listing_id: 1, operator: 'op-1', reason: 'spam links', at: NOW },
    };
    it('given a live listing when an operator hides it then it is hidden with the operator and the reason', () =>
      spec.given(live).when({ type: 'HideListing', data: by }).then([hidden]));
    it('given a hidden listing when it is hidden again then nothing changes', () =>
      spec
        .given([...live, hidden])
        .when({ type: 'HideListing', data: by })
        .then([]));
    it('given a hidden listing when an operator restores it then it is restored', () =>
      spec
        .given([...live, hidden])
        .when({ type: 'RestoreListing', data: { ...by, reason: 'appeal upheld' } })
        .then([
          { type: 'ListingRestored', data: { listing_id: 1, operator: 'op-1', reason: 'appeal upheld', at: NOW } },
        ]));
    it('given a shown listing when it is restored then nothing changes', () =>
      spec.given(live).when({ type: 'RestoreListing', data: by }).then([]));
    it('given no listing when it is hidden then not found', () =>
      spec.given([]).when({ type: 'HideListing', data: by }).thenThrows(NotFoundError));
  });
});
