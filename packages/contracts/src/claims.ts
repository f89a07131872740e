import Type from 'typebox';
import { Email, IsoDateTime, Page, PageQuery, PositiveId, Slug } from './common.ts';
import { defineOperation } from './operation.ts';

export const CLAIM_METHODS = ['dns', 'meta', 'file', 'email'] as const;
/** Spec leaves claim statuses open; ours: pending → verified, or pending → rejected/expired. */
export const CLAIM_STATUSES = ['pending', 'verified', 'rejected', 'expired'] as const;

export const Claim = Type.Object({
  claim_id: PositiveId,
  slug: Slug,
  method: Type.Enum([...CLAIM_METHODS]),
  status: Type.Enum([...CLAIM_STATUSES]),
  instructions: Type.String(),
  created_at: Type.Optional(IsoDateTime),
  /** for method `email`: where the link was sent */
  email: Type.Optional(Email),
  /** a pending claim not verified by then expires */
  expires_at: Type.Optional(IsoDateTime),
  verified_at: Type.Optional(Type.Union([IsoDateTime, Type.Null()])),
  /** the last check that did not pass (null when none failed yet) */
  last_check: Type.Optional(
    Type.Union([Type.Object({ at: IsoDateTime, passed: Type.Boolean(), reason: Type.String() }), Type.Null()]),
  ),
});

export const claimListing = defineOperation({
  operationId: 'claim_listing',
  method: 'POST',
  path: '/claims',
  service: 'claims',
  scope: 'listings:write',
  idempotent: true,
  summary: 'Claim a listing',
  description:
    'Starts a claim on an existing listing. Methods: `dns` TXT record, `meta` tag on the homepage, `file` upload, or `email` link to an address at the company domain (give `email`). Returns what to publish. Verified is not the same as paid. An account starts a limited number of claims per UTC day (CLAIMS_PER_ACCOUNT_PER_DAY, default 10): one more is 429 saying when it comes back.',
  body: Type.Object(
    { slug: Slug, method: Type.Enum([...CLAIM_METHODS]), email: Type.Optional(Email) },
    {
      additionalProperties: false,
      if: { properties: { method: { const: 'email' } }, required: ['method'] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's conditional keyword, not a thenable
      then: { required: ['email'] },
    },
  ),
  response: Claim,
  links: [
    {
      operationId: 'verify_claim',
      parameters: { claim_id: '$response.body#/claim_id' },
      description: 'Verify the claim once its record, tag, file or link is in place',
    },
  ],
});

export const verifyClaim = defineOperation({
  operationId: 'verify_claim',
  method: 'POST',
  path: '/claims/{claim_id}/verify',
  service: 'claims',
  scope: 'listings:write',
  idempotent: true,
  summary: 'Verify a claim',
  description:
    'Checks the DNS record, meta tag or file of a pending claim. Once verified, the claimant owns the listing: a claimant who was not one of its owners becomes its only owner, and the earlier owners lose their rights to it (their draft no longer publishes into it).',
  // a claim that expired before it was verified
  extraProblemStatuses: [410],
  params: Type.Object({ claim_id: PositiveId }, { additionalProperties: false }),
  response: Claim,
});

export const listMyClaims = defineOperation({
  operationId: 'list_my_claims',
  method: 'GET',
  path: '/claims',
  service: 'claims',
  scope: 'account:read',
  summary: 'My claims',
  description: 'Your claims and their status.',
  query: Type.Object({ ...PageQuery }, { additionalProperties: false }),
  response: Page(Claim),
});

export const claimsOperations = [claimListing, verifyClaim, listMyClaims];

/** A pending claim that is not verified within this many days expires (a new claim can then start). */
export const CLAIM_TTL_DAYS = 14;
/** Where the `file` method's token lives on the listing's website. */
export const CLAIM_FILE_PATH = '/.well-known/listings-verification.txt';
/** The meta tag name and the TXT record prefix of the `meta` and `dns` methods. */
export const CLAIM_META_NAME = 'listings-verification';
export const CLAIM_TXT_PREFIX = 'listings-verification=';
/** The `dns` method also accepts the record at this label under the domain. */
export const CLAIM_TXT_LABEL = '_listings-verification';
/** The emailed link: `${PUBLIC_URL}${CLAIM_EMAIL_PATH}?token=...` (the gateway serves the page). */
export const CLAIM_EMAIL_PATH = '/claims/verify-email';
export const CLAIM_EMAIL_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';
/** Largest homepage or token file a check reads, and how long it may take. */
export const CLAIM_CHECK_MAX_BYTES = 1024 * 1024;
export const CLAIM_CHECK_TIMEOUT_MS = 10_000;
/** Longest reason a failed check reports. */
export const CLAIM_REASON_MAX = 500;

/** claims.internal.verify_email_claim: the emailed link was opened (the token is the only credential). */
export const verifyEmailClaim = {
  name: 'verify_email_claim',
  subject: 'claims.internal.verify_email_claim',
  description:
    'Someone opened the emailed verification link of an email claim. Unknown token 404; an expired claim 410; a listing already verified by other owners 409; again = the same answer.',
  request: Type.Object({ token: Type.String({ pattern: CLAIM_EMAIL_TOKEN_PATTERN }) }, { additionalProperties: false }),
  reply: Type.Object({ claim_id: PositiveId, slug: Slug, status: Type.Enum([...CLAIM_STATUSES]) }),
} as const;
