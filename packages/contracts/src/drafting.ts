import Type, { type TSchema } from 'typebox';
import { Email, Faqs, HttpUrl, IsoDateTime, Page, PageQuery, PositiveId, Uuid } from './common.ts';
import { defineOperation } from './operation.ts';
import { MILESTONES_MAX, MilestoneInput, StorySections, StringList } from './profile.ts';
import { Socials } from './socials.ts';

/** Spec Part 3 names crawling, drafting, ready; `failed` (with a reason) is ours: a site that cannot be read. */
export const DRAFT_STATUSES = ['crawling', 'drafting', 'ready', 'failed'] as const;
export const FIELD_STATES = ['ai', 'not_found', 'edited', 'manual', 'override', 'deleted'] as const;

export const DRAFT_TEXT_FIELD_MAX = 500;
export const DRAFT_DESCRIPTION_MAX = 20000;
const text = () => Type.Optional(Type.Union([Type.String({ maxLength: DRAFT_TEXT_FIELD_MAX }), Type.Null()]));
const list = () => Type.Optional(Type.Union([StringList, Type.Null()]));

/** `fields` keys of PATCH /drafts/{id}; `null` removes a field. */
export const DraftFields = Type.Object(
  {
    name: text(),
    tagline: text(),
    short_description: text(),
    description: Type.Optional(Type.Union([Type.String({ maxLength: DRAFT_DESCRIPTION_MAX }), Type.Null()])),
    stage: text(),
    pricing_model: text(),
    pricing_summary: text(),
    country: text(),
    city: text(),
    founded_year: text(),
    contact_email: text(),
    demo_video_url: text(),
    logo_url: text(),
    categories: list(),
    tags: list(),
    features: list(),
    usps: list(),
    keywords: list(),
  },
  { additionalProperties: false },
);
export const DRAFT_FIELD_KEYS = Object.keys(DraftFields.properties) as readonly string[];
const DraftFieldKey = Type.Enum([...DRAFT_FIELD_KEYS]);

/** Spec Part 2: a founder in a draft. */
export const DraftFounder = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 160 }),
    title: Type.Optional(Type.String({ maxLength: 160 })),
    bio: Type.Optional(Type.String({ maxLength: 3000 })),
  },
  { additionalProperties: false },
);
export const FOUNDERS_MAX = 6;
export const LOCK_FIELDS_MAX = 20;
export const REGENERATE_MAX = 5;
export const RESTORE_MAX = 20;
export const INVITES_MAX = 10;

export const DraftPatch = Type.Object(
  {
    fields: Type.Optional(DraftFields),
    lock_fields: Type.Optional(Type.Array(DraftFieldKey, { maxItems: LOCK_FIELDS_MAX })),
    regenerate: Type.Optional(Type.Array(DraftFieldKey, { maxItems: REGENERATE_MAX })),
    restore: Type.Optional(Type.Array(DraftFieldKey, { maxItems: RESTORE_MAX })),
    faqs: Type.Optional(Faqs),
    company_socials: Type.Optional(Socials),
    founder_socials: Type.Optional(Socials),
    founders: Type.Optional(Type.Array(DraftFounder, { maxItems: FOUNDERS_MAX })),
    story: Type.Optional(StorySections),
    milestones: Type.Optional(Type.Array(MilestoneInput, { maxItems: MILESTONES_MAX })),
    competitor_url: Type.Optional(Type.Union([Type.Literal(''), HttpUrl(2048)])),
    seo: Type.Optional(
      Type.Object(
        { title: Type.Optional(Type.String({ maxLength: 70 })), meta: Type.Optional(Type.String({ maxLength: 170 })) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** A quote copied verbatim from a crawled page; `field` says which part of a structured value it supports. */
const Evidence = Type.Object({
  quote: Type.String(),
  url: Type.String(),
  field: Type.Optional(Type.String({ description: 'e.g. `faqs[0].answer`, `company_socials.github`' })),
});
const FieldState = Type.Enum([...FIELD_STATES]);
/** One profile value as a draft shows it: the value (null when blank), its state, and its evidence. */
const draftSlot = <T extends TSchema>(value: T) =>
  Type.Object({ value: Type.Union([value, Type.Null()]), state: FieldState, evidence: Type.Array(Evidence) });
const DraftField = draftSlot(Type.Union([Type.String(), Type.Array(Type.String())]));

export const Draft = Type.Object({
  id: Uuid,
  url: Type.String(),
  status: Type.Enum([...DRAFT_STATUSES]),
  failure_reason: Type.Optional(Type.String({ description: 'why a `failed` draft could not be built' })),
  progress: Type.Object({
    step: Type.String({ description: 'what the service is doing now, e.g. `reading the site`' }),
    pages_read: Type.Integer({ minimum: 0 }),
    pages_planned: Type.Integer({ minimum: 0 }),
  }),
  fields: Type.Record(Type.String(), DraftField),
  faqs: draftSlot(Type.Array(Type.Object({ question: Type.String(), answer: Type.String() }))),
  founders: draftSlot(
    Type.Array(
      Type.Object({ name: Type.String(), title: Type.Optional(Type.String()), bio: Type.Optional(Type.String()) }),
    ),
  ),
  company_socials: draftSlot(Type.Record(Type.String(), Type.String())),
  founder_socials: draftSlot(Type.Record(Type.String(), Type.String())),
  story: draftSlot(Type.Record(Type.String(), Type.String())),
  milestones: draftSlot(Type.Array(Type.Object({}))),
  competitor_url: draftSlot(Type.String()),
  seo: draftSlot(Type.Object({ title: Type.Optional(Type.String()), meta: Type.Optional(Type.String()) })),
  locked_fields: Type.Array(Type.String({ description: 'fields in state `override`' })),
  regenerating: Type.Array(Type.String({ description: 'fields an AI redraft is running for' })),
  completeness: Type.Object({
    score: Type.Integer({ minimum: 0, maximum: 100, description: 'share of the 26 profile values that are filled' }),
    missing: Type.Array(Type.String()),
  }),
  pages: Type.Array(Type.Object({ url: Type.String(), title: Type.String() }), {
    description: 'the pages read: the evidence base',
  }),
  invites: Type.Array(
    Type.Object({ id: Uuid, email: Type.String(), invited_at: IsoDateTime, accepted: Type.Boolean() }),
  ),
  listing_id: Type.Union([PositiveId, Type.Null()]),
  submitted_at: Type.Union([IsoDateTime, Type.Null()]),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});

const draftParams = Type.Object({ id: Uuid }, { additionalProperties: false });

export const submitListing = defineOperation({
  operationId: 'submit_listing',
  method: 'POST',
  path: '/drafts',
  service: 'drafting',
  scope: 'listings:write',
  idempotent: true,
  successStatus: 201,
  summary: 'Submit a product by URL',
  description:
    'Starts a draft from a product website: the service reads the site (respecting robots.txt) and drafts the profile in about a minute. Poll get_draft every few seconds until `ready`. Nothing is published or charged. An account starts a limited number of drafts per UTC day (DRAFTS_PER_ACCOUNT_PER_DAY, default 20): one more is 429 saying when it comes back.',
  body: Type.Object({ url: HttpUrl(2048) }, { additionalProperties: false }),
  response: Draft,
  links: [
    {
      operationId: 'get_draft',
      parameters: { id: '$response.body#/id' },
      description: 'Poll the new draft until it is `ready`',
    },
    {
      operationId: 'update_draft',
      parameters: { id: '$response.body#/id' },
      description: 'Edit the new draft',
    },
    {
      operationId: 'invite_cofounder',
      parameters: { id: '$response.body#/id' },
      description: 'Invite a co-founder to the new draft',
    },
    {
      operationId: 'submit_draft',
      parameters: { id: '$response.body#/id' },
      description: 'Turn the draft into a listing once it is `ready`',
    },
  ],
});

export const listMyDrafts = defineOperation({
  operationId: 'list_my_drafts',
  method: 'GET',
  path: '/drafts',
  service: 'drafting',
  scope: 'account:read',
  summary: 'My drafts',
  description: 'Your drafts, newest first, with status and completeness.',
  query: Type.Object({ ...PageQuery }, { additionalProperties: false }),
  response: Page(Draft),
});

export const getDraft = defineOperation({
  operationId: 'get_draft',
  method: 'GET',
  path: '/drafts/{id}',
  service: 'drafting',
  scope: 'account:read',
  summary: 'Get a draft',
  description: 'A draft with every field (value, state, evidence quotes), progress while it runs, and completeness.',
  params: draftParams,
  response: Draft,
});

export const updateDraft = defineOperation({
  operationId: 'update_draft',
  method: 'PATCH',
  path: '/drafts/{id}',
  service: 'drafting',
  scope: 'listings:write',
  idempotent: true,
  summary: 'Edit a draft',
  description:
    'Send only what changes. `fields` sets values (null removes), `lock_fields` locks against AI redrafts, `restore` brings back the AI value, `regenerate` redrafts from the website evidence (only on a `ready` draft, 409 otherwise; on a `failed` draft it reads the site again, for when the site is fixed, and fields typed by hand keep their values unless named). A submitted draft updates its listing too.',
  params: draftParams,
  body: DraftPatch,
  response: Draft,
});

export const inviteCofounder = defineOperation({
  operationId: 'invite_cofounder',
  method: 'POST',
  path: '/drafts/{id}/invites',
  service: 'drafting',
  scope: 'listings:write',
  idempotent: true,
  successStatus: 201,
  summary: 'Invite a co-founder',
  description: `Emails an invite to co-own the draft; at most ${INVITES_MAX} invites per draft.`,
  params: draftParams,
  body: Type.Object({ email: Email }, { additionalProperties: false }),
  response: Type.Object({ id: Uuid, email: Type.String(), invited_at: IsoDateTime }),
});

export const submitDraft = defineOperation({
  operationId: 'submit_draft',
  method: 'POST',
  path: '/drafts/{id}/submit',
  service: 'drafting',
  scope: 'listings:write',
  idempotent: true,
  summary: 'Turn a draft into a listing',
  description:
    'Saves a `ready` draft as a listing (not yet published) and returns its `listing_id`. Running it again after edits updates the same listing. A `failed` draft (its site could not be read) can be submitted once `name` and `tagline` are filled in by hand; 409 says what is missing.',
  params: draftParams,
  response: Type.Object({ listing_id: PositiveId, draft: Draft }),
  links: [
    {
      operationId: 'get_my_listing',
      parameters: { listing_id: '$response.body#/listing_id' },
      description: 'The listing the draft became',
    },
    {
      operationId: 'update_my_listing',
      parameters: { listing_id: '$response.body#/listing_id' },
      description: 'Edit the listing the draft became',
    },
  ],
});

export const draftingOperations = [submitListing, listMyDrafts, getDraft, updateDraft, inviteCofounder, submitDraft];
