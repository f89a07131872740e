import Type from 'typebox';
import { ListingProfile, ListingStatus } from './catalog.ts';
import {
  CountryCode,
  Email,
  Faqs,
  HttpUrl,
  IsoDate,
  IsoDateTime,
  Page,
  PageQuery,
  PositiveId,
  Slug,
} from './common.ts';
import { OutboundRef, OutboundRefInput } from './internal/catalog-clicks.ts';
import { getListingAnalytics } from './listing-analytics.ts';
import { OperatorNotice } from './moderation.ts';
import { defineOperation } from './operation.ts';
import { MilestoneInput, STORY_SECTION_MAX, StorySections, StringList } from './profile.ts';
import { Socials } from './socials.ts';

export const PLANS = ['none', 'free', 'paid'] as const;

export const OwnedListing = Type.Object({
  ...ListingProfile.properties,
  listing_id: PositiveId,
  status: ListingStatus,
  plan: Type.Enum([...PLANS]),
  launch_week: Type.Union([IsoDate, Type.Null()]),
  unlocked_sections: Type.Array(Type.String()),
  operator_notice: OperatorNotice,
  outbound_ref: Type.Union([OutboundRef, Type.Null()], {
    description: "the `ref` the listing's Visit link (`/go/{slug}`) adds to its URL; null: none",
  }),
});

export const Milestone = Type.Object({ ...MilestoneInput.properties, id: PositiveId });

const listingParams = Type.Object({ listing_id: PositiveId }, { additionalProperties: false });

export const listMyListings = defineOperation({
  operationId: 'list_my_listings',
  method: 'GET',
  path: '/me/listings',
  service: 'catalog',
  scope: 'account:read',
  summary: 'My listings',
  description: 'Listings you own, in any status.',
  query: Type.Object({ ...PageQuery }, { additionalProperties: false }),
  response: Page(OwnedListing),
});

export const getMyListing = defineOperation({
  operationId: 'get_my_listing',
  method: 'GET',
  path: '/me/listings/{listing_id}',
  service: 'catalog',
  scope: 'account:read',
  summary: 'One of my listings',
  description:
    'A listing you own: status, plan, launch week, unlocked paid sections and the public profile. 404 if not found.',
  params: listingParams,
  response: OwnedListing,
});

export const updateMyListing = defineOperation({
  operationId: 'update_my_listing',
  method: 'PATCH',
  path: '/me/listings/{listing_id}',
  service: 'catalog',
  scope: 'listings:write',
  idempotent: true,
  summary: 'Edit my listing',
  description:
    'Edits publish at once and are kept in version history. `socials` and `faqs` replace the whole set. `fields.logo_url` replaces the logo (the image is fetched and kept on our origin). Send only what changes.',
  params: listingParams,
  body: Type.Object(
    {
      fields: Type.Optional(
        Type.Object(
          {
            tagline: Type.Optional(Type.String({ maxLength: 200 })),
            short_description: Type.Optional(Type.String({ maxLength: 300 })),
            description: Type.Optional(Type.String({ maxLength: 20000 })),
            pricing_model: Type.Optional(Type.String({ maxLength: 40 })),
            pricing_summary: Type.Optional(Type.String({ maxLength: 300 })),
            country: Type.Optional(Type.Union([CountryCode, Type.Literal('')])),
            city: Type.Optional(Type.String({ maxLength: 120 })),
            founded_year: Type.Optional(Type.Union([Type.Integer({ minimum: 1800, maximum: 2100 }), Type.Null()])),
            demo_video_url: Type.Optional(Type.String({ maxLength: 500 })),
            contact_email: Type.Optional(Type.Union([Email, Type.Literal('')])),
            features: Type.Optional(StringList),
            usps: Type.Optional(StringList),
            keywords: Type.Optional(StringList),
            headline: Type.Optional(Type.String({ maxLength: 200 })),
            summary: Type.Optional(Type.String({ maxLength: 20000 })),
            seo_title: Type.Optional(Type.String({ maxLength: 200 })),
            seo_description: Type.Optional(Type.String({ maxLength: 320 })),
            outbound_ref: Type.Optional(OutboundRefInput),
            logo_url: Type.Optional(
              Type.Union([HttpUrl(500), Type.Literal('')], {
                description:
                  'A new logo: an http(s) URL of a PNG, JPEG, WebP, GIF, AVIF or SVG image, fetched once, checked (type from the bytes, size and pixel limits) and kept on our origin (`logo_url` then names our copy); `""` removes the logo. 400 names the field when it is not an image or breaks a limit.',
              }),
            ),
          },
          { additionalProperties: false },
        ),
      ),
      socials: Type.Optional(Socials),
      faqs: Type.Optional(Faqs),
    },
    { additionalProperties: false },
  ),
  response: OwnedListing,
});

export const postListingUpdate = defineOperation({
  operationId: 'post_listing_update',
  method: 'POST',
  path: '/me/listings/{listing_id}/updates',
  service: 'catalog',
  scope: 'listings:write',
  idempotent: true,
  successStatus: 201,
  summary: 'Post a listing update',
  description: 'Posts a plain-text update on your listing; followers are told.',
  params: listingParams,
  body: Type.Object(
    { title: Type.String({ minLength: 1, maxLength: 200 }), body: Type.String({ minLength: 1, maxLength: 5000 }) },
    { additionalProperties: false },
  ),
  response: Type.Object({ id: PositiveId, title: Type.String(), body: Type.String(), posted_at: IsoDateTime }),
});

export const addMilestone = defineOperation({
  operationId: 'add_milestone',
  method: 'POST',
  path: '/me/listings/{listing_id}/milestones',
  service: 'catalog',
  scope: 'listings:write',
  idempotent: true,
  successStatus: 201,
  summary: 'Add a milestone',
  description: 'Adds a dated milestone to your listing.',
  params: listingParams,
  body: MilestoneInput,
  response: Milestone,
  links: [
    {
      operationId: 'delete_milestone',
      parameters: { listing_id: '$request.path.listing_id', milestone_id: '$response.body#/id' },
      description: 'Delete the milestone just added',
    },
  ],
});

export const deleteMilestone = defineOperation({
  operationId: 'delete_milestone',
  method: 'DELETE',
  path: '/me/listings/{listing_id}/milestones/{milestone_id}',
  service: 'catalog',
  scope: 'listings:write',
  idempotent: true,
  summary: 'Delete a milestone',
  description: 'Removes a milestone from your listing.',
  params: Type.Object({ listing_id: PositiveId, milestone_id: PositiveId }, { additionalProperties: false }),
  response: Type.Object({ deleted: Type.Boolean(), milestone_id: PositiveId }),
});

export const setFounderStory = defineOperation({
  operationId: 'set_founder_story',
  method: 'PUT',
  path: '/me/listings/{listing_id}/story',
  service: 'catalog',
  scope: 'listings:write',
  idempotent: true,
  summary: 'Set the founder story',
  description: `Replaces the founder story: an optional title and the eight sections (each at most ${STORY_SECTION_MAX} characters).`,
  params: listingParams,
  body: StorySections,
  response: Type.Object({ listing_id: PositiveId, story: StorySections }),
});

/** Spec leaves the answer entry's shape open: a question id from list_interview_questions and the answer text. */
export const INTERVIEW_ANSWER_MAX = 5000;
export const INTERVIEW_ANSWERS_MAX = 50;
export const InterviewAnswer = Type.Object(
  { question_id: Slug, answer: Type.String({ maxLength: INTERVIEW_ANSWER_MAX }) },
  { additionalProperties: false },
);

export const answerInterview = defineOperation({
  operationId: 'answer_interview',
  method: 'PUT',
  path: '/me/interview',
  service: 'catalog',
  scope: 'listings:write',
  idempotent: true,
  summary: 'Answer the founder interview',
  description: 'Replaces your answers to the interview questions (see list_interview_questions).',
  body: Type.Object(
    { answers: Type.Array(InterviewAnswer, { maxItems: INTERVIEW_ANSWERS_MAX }) },
    { additionalProperties: false },
  ),
  response: Type.Object({ answers: Type.Array(InterviewAnswer), updated_at: IsoDateTime }),
});

export const chooseFreeListing = defineOperation({
  operationId: 'choose_free_listing',
  method: 'POST',
  path: '/me/listings/{listing_id}/free',
  service: 'catalog',
  scope: 'listings:write',
  idempotent: true,
  summary: 'Choose the free plan',
  description:
    'Queues your submitted listing for a launch week 6-8 weeks out. It goes live once the service badge is found on the homepage.',
  params: listingParams,
  response: OwnedListing,
});

export const ownedListingOperations = [
  listMyListings,
  getMyListing,
  updateMyListing,
  postListingUpdate,
  addMilestone,
  deleteMilestone,
  setFounderStory,
  answerInterview,
  chooseFreeListing,
  getListingAnalytics,
];
