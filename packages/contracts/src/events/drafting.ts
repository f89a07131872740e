import Type from 'typebox';
import { CLIENT_MODEL_OUTCOMES } from '../internal/drafting.ts';
import { event, serviceEvents, upcaster } from './event-schema.ts';
import { AccountId, At, data, ListingId } from './fields.ts';

/** A blob's content address: `sha256:` and the SHA-256 of its bytes in lowercase hex (platform blob store). */
export const BlobRef = Type.String({
  pattern: '^sha256:[0-9a-f]{64}$',
  description: 'a blob in the blob store, by the SHA-256 of its bytes',
});

const Evidence = data({
  quote: Type.String({ description: 'the words quoted from a crawled page' }),
  url: Type.String({ description: 'the crawled page the quote is on' }),
  field: Type.Optional(
    Type.String({ description: 'which part of a structured value it supports, e.g. faqs[0].answer' }),
  ),
});
const Proposal = data({
  value: Type.Unknown({ description: "the drafter's value for the slot" }),
  evidence: Type.Array(Evidence),
});
const Keys = Type.Array(Type.String(), { description: 'profile slot keys (the 18 fields and 8 sections)' });

/** SiteCrawled v1 (until November 2026): the pages inline, up to 4 MiB of HTML in one event. */
const SiteCrawledV1 = data({
  pages: Type.Array(data({ url: Type.String(), title: Type.String(), text: Type.String(), html: Type.String() })),
  at: At,
});
const PageInBlobs = data({
  url: Type.String({ description: 'the page as fetched (after redirects)' }),
  title: Type.String(),
  text_ref: BlobRef,
  html_ref: BlobRef,
});
const PageInline = data({
  url: Type.String(),
  title: Type.String(),
  inline: data(
    { text: Type.String(), html: Type.String() },
    'only on SiteCrawled v1 events lifted to v2: the content the old event held inline',
  ),
});
const SiteCrawledV2 = data({
  pages: Type.Array(Type.Union([PageInBlobs, PageInline]), {
    description:
      'the pages read. text_ref: visible text plus metadata lines, UTF-8; html_ref: the HTML as fetched (bounded), for redrafts. A quote is evidence when it is in the visible text or the HTML as fetched (never the metadata lines)',
  }),
  at: At,
});

/** Drafting: drafts made from a crawl of the product's website, edited, then submitted as listings. */
export const draftingEvents = serviceEvents({
  service: 'drafting',
  description: 'Drafts: crawl of the website, AI or extractive draft, owner edits, invitations, submission.',
  streams: [
    { category: 'draft', pattern: 'draft-<draft_id>', description: 'one draft (uuid), from crawl to submit' },
    {
      category: 'daily',
      pattern: 'daily-drafts-<account_id>-<yyyy-mm-dd>',
      description: "one account's drafts of one UTC day: the rule DRAFTS_PER_ACCOUNT_PER_DAY",
    },
  ],
  events: [
    event('DailyQuotaUsed', {
      stream: 'daily',
      description:
        "One more draft counted against the account's allowance for the UTC day (DRAFTS_PER_ACCOUNT_PER_DAY); the same key counts once.",
      data: data({
        account_id: AccountId,
        day: Type.String({ description: 'the UTC day, yyyy-mm-dd' }),
        key: Type.String({ description: 'what was counted (the draft id)' }),
        at: At,
      }),
    }),
    event('DraftStarted', {
      stream: 'draft',
      description: 'A person asked for a draft of a product website; crawling starts.',
      data: data({
        draft_id: Type.String({ description: 'uuid' }),
        url: Type.String({ description: 'the website to crawl' }),
        owner_id: AccountId,
        at: At,
        idempotency_key: Type.Union([Type.String(), Type.Null()], {
          description: 'the Idempotency-Key of the request that started it',
        }),
        client_model: Type.Optional(
          Type.Boolean({
            description:
              "true when the client that started it can answer model requests (an MCP task whose client declared sampling): without a model key, the draft asks the client's model; absent on drafts before 2026-11-27",
          }),
        ),
      }),
    }),
    event('CrawlProgressed', {
      stream: 'draft',
      description: 'The crawl moved on (shown as progress).',
      data: data({
        step: Type.String({ description: 'what the crawler is doing, e.g. robots, homepage, pages' }),
        pages_read: Type.Integer({ description: 'pages fetched so far' }),
        pages_planned: Type.Integer({ description: 'pages the crawler means to fetch, as known now' }),
        at: At,
      }),
    }),
    event('SiteCrawled', {
      stream: 'draft',
      version: 2,
      description: 'The crawl finished; the pages are in the blob store and the event holds their references.',
      data: SiteCrawledV2,
      upcasters: [
        upcaster({
          from: 1,
          data: SiteCrawledV1,
          to: SiteCrawledV2,
          description:
            'v1 held each page inline (text, html). Lifted to v2 as pages with `inline` content, which the drafter reads in place of the blobs; nothing is rewritten in the log.',
          upcast: (v1) => ({
            pages: v1.pages.map((page) => ({
              url: page.url,
              title: page.title,
              inline: { text: page.text, html: page.html },
            })),
            at: v1.at,
          }),
        }),
      ],
    }),
    event('DraftFailed', {
      stream: 'draft',
      description: 'The crawl or the draft failed for good.',
      data: data({ reason: Type.String({ description: 'why, in words shown to the owner' }), at: At }),
    }),
    event('ProfileDrafted', {
      stream: 'draft',
      description: 'The drafter proposed values for profile slots, each with the quotes it stands on.',
      data: data({
        keys: Keys,
        proposals: Type.Record(Type.String(), Proposal, {
          description: 'slot key -> proposal; a key with none was not found on the pages',
        }),
        request_id: Type.Union([Type.String(), Type.Null()], {
          description: 'the regeneration request it answers; null for the first draft',
        }),
        at: At,
      }),
    }),
    event('ClientModelAsked', {
      stream: 'draft',
      description:
        "Drafting asks the model of the client that started the draft or the regeneration (MCP sampling) for the profile's values, and waits for its answer (CLIENT_MODEL_WAIT_MS); the client's task shows the request as input_required. The request (JSON of drafting.internal.client_model_request's `request`: messages with the pages text, system prompt, max tokens, model preferences) is in the blob store at `request_ref`: it can outgrow an event.",
      data: data({
        ask_id: Type.String({ description: 'uuid of the request, answered by ClientModelAnswered' }),
        request_id: Type.Union([Type.String(), Type.Null()], {
          description: 'the regeneration it drafts for; null for the first draft',
        }),
        keys: Keys,
        request_ref: BlobRef,
        at: At,
      }),
    }),
    event('ClientModelAnswered', {
      stream: 'draft',
      description:
        "The client's model answered (its text, in the blob store at `text_ref`, is checked like any drafter's proposals), or it did not: declined, failed or timed out, and the extractive draft stands alone.",
      data: data({
        ask_id: Type.String({ description: 'the ClientModelAsked it answers' }),
        outcome: Type.Enum([...CLIENT_MODEL_OUTCOMES], {
          description: 'answered, or why there is no answer (declined by the client, failed, timed out)',
        }),
        text_ref: Type.Optional(BlobRef),
        model: Type.Optional(Type.String({ description: 'the model the client says answered' })),
        at: At,
      }),
    }),
    event('RegenerationRequested', {
      stream: 'draft',
      description: 'An owner asked the drafter to redraft some slots.',
      data: data({
        request_id: Type.String({ description: 'uuid of the request, answered by ProfileDrafted' }),
        keys: Keys,
        at: At,
        client_model: Type.Optional(
          Type.Boolean({
            description:
              "true when the client that asked can answer model requests (an MCP task whose client declared sampling): without a model key, the redraft asks the client's model",
          }),
        ),
      }),
    }),
    event('DraftRecrawlRequested', {
      stream: 'draft',
      description:
        'An owner asked to regenerate a draft whose crawl had failed (the site may be fixed): the site is read again and the profile drafted again; slots filled by hand keep their values unless named in `keys`.',
      data: data({
        request_id: Type.String({ description: 'uuid of the PATCH that asked (a retry of it records nothing more)' }),
        keys: Keys,
        at: At,
      }),
    }),
    event('RegenerationAbandoned', {
      stream: 'draft',
      description: 'A regeneration could not finish and was given up.',
      data: data({
        request_id: Type.String({ description: 'the RegenerationRequested it ends' }),
        reason: Type.String(),
        at: At,
      }),
    }),
    event('FieldsEdited', {
      stream: 'draft',
      description: 'An owner edited slots of the draft.',
      data: data({
        values: Type.Record(Type.String(), Type.Unknown(), { description: 'slot key -> new value (null clears)' }),
        by: AccountId,
        at: At,
      }),
    }),
    event('FieldsLocked', {
      stream: 'draft',
      description: 'An owner locked slots against AI redrafts.',
      data: data({ keys: Keys, by: AccountId, at: At }),
    }),
    event('FieldsRestored', {
      stream: 'draft',
      description: "An owner restored slots to the AI's proposal.",
      data: data({ keys: Keys, by: AccountId, at: At }),
    }),
    event('CofounderInvited', {
      stream: 'draft',
      description: 'An owner invited a cofounder by email to co-own the draft.',
      data: data({
        invite_id: Type.String({ description: 'uuid of the invitation' }),
        email: Type.String({
          description:
            "the invitee's address. Personal data, sealed for the inviting account (pii1:…; unreadable once that account is erased); events before 2026-11-24 hold it in clear",
        }),
        token_hash: Type.String({ description: "SHA-256 of the invitation link's token" }),
        by: AccountId,
        at: At,
      }),
    }),
    event('InviteAccepted', {
      stream: 'draft',
      description: 'An invitee accepted and became an owner.',
      data: data({
        invite_id: Type.String({ description: 'the CofounderInvited it accepts' }),
        account_id: AccountId,
        at: At,
      }),
    }),
    event('LogoStored', {
      stream: 'draft',
      description:
        "A copy of the draft's logo was fetched (safe fetch), checked and re-encoded, and stored in the images bucket; the listing the draft becomes shows it from our origin. The draft's logo_url stays the site's own URL (the fact the evidence quotes).",
      data: data({
        source_url: Type.String({ description: "the logo's URL as the site (or an owner) gave it" }),
        url: Type.String({ description: 'where our copy is served: PUBLIC_URL/images/<sha256>.png' }),
        at: At,
      }),
    }),
    event('DraftSubmitted', {
      stream: 'draft',
      description: 'The draft was submitted and saved as a listing in the catalog.',
      data: data({ listing_id: ListingId, by: AccountId, at: At }),
    }),
  ],
});
