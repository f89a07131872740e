import Type from 'typebox';
import { event } from './event-schema.ts';
import { AccountId, At, data, ListingId } from './fields.ts';

const OperatorOnListing = data({
  listing_id: ListingId,
  operator: AccountId,
  reason: Type.String({ description: "the operator's reason, shown to the owners and in the audit" }),
  at: At,
});

const OperatorOnAccount = data({
  account_id: AccountId,
  operator: AccountId,
  reason: Type.String({ description: "the operator's reason, shown in the audit" }),
  at: At,
});

/** The stream of the operators' suspensions and restores of one account (identity keeps the state). */
export const ACCOUNT_MODERATION_STREAM = {
  category: 'accountmoderation',
  pattern: 'accountmoderation-<account_id>',
  description:
    "one account's suspensions and restores by operators (identity holds whether it is suspended; this is their audit)",
} as const;

/** Catalog's moderation: people's reports and what operators do about listings. */
export const catalogModerationEvents = [
  event('ReportFiled', {
    stream: 'report',
    description:
      'A signed-in person reported a listing or one of its reviews to the operators (once per item per person).',
    data: data({
      report_id: Type.String({ description: 'the report id (a UUID)' }),
      listing_id: ListingId,
      review_by: Type.Union([AccountId, Type.Null()], {
        description: "the reported review's author; null when the report is about the listing",
      }),
      reported_by: AccountId,
      reason: Type.String({ description: 'one of REPORT_REASONS (packages/contracts/src/moderation.ts)' }),
      text: Type.String({ description: "the reporter's details (may be empty)" }),
      at: At,
    }),
  }),
  event('ListingHidden', {
    stream: 'listing',
    description:
      'An operator hid a listing: it shows nowhere public (page, search, boards, feeds) and its owners are told why.',
    data: OperatorOnListing,
  }),
  event('ListingRestored', {
    stream: 'listing',
    description: 'An operator put a hidden listing back: it shows where its status says again.',
    data: OperatorOnListing,
  }),
  event('ListingUnfeatured', {
    stream: 'listing',
    description: 'An operator took the Featured mark off a listing (its badge no longer shows).',
    data: OperatorOnListing,
  }),
  event('ListingMoved', {
    stream: 'listing',
    description:
      'An operator moved a listing to another primary category (its pages, search and category counts follow; a later draft publication keeps it).',
    data: data({
      listing_id: ListingId,
      from: Type.Union([Type.String(), Type.Null()], { description: 'the primary category before (null: none)' }),
      to: Type.String({ description: 'the primary category from now on' }),
      operator: AccountId,
      reason: Type.String({ description: "the operator's reason, shown in the audit" }),
      at: At,
    }),
  }),
  event('AccountSuspended', {
    stream: 'accountmoderation',
    description:
      "An operator suspended an account (identity marked it; its votes weigh 0 from then on): recorded for the operators' audit.",
    data: OperatorOnAccount,
  }),
  event('AccountRestored', {
    stream: 'accountmoderation',
    description: "An operator lifted an account's suspension (identity marked it): recorded for the operators' audit.",
    data: OperatorOnAccount,
  }),
];
