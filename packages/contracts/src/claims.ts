import Type from 'typebox';
import { Email, IsoDateTime, Page, PageQuery, PositiveId, Slug } from './common.ts';
import { defineOperation } from './operation.ts';

export const CLAIM_METHODS = ['dns', 'meta', 'file', 'email'] as const;
/** Spec leaves claim statuses open; ours: pending → verified, or pending → failed/expired. */
export const CLAIM_STATUSES = ['pending', 'verified', 'failed', 'expired'] as const;

export const Claim = Type.Object({
  claim_id: PositiveId,
  slug: Slug,
  method: Type.Enum([...CLAIM_METHODS]),
  status: Type.Enum([...CLAIM_STATUSES]),
  instructions: Type.String(),
  created_at: Type.Optional(IsoDateTime),
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
    'Starts a claim on an existing listing. Methods: `dns` TXT record, `meta` tag on the homepage, `file` upload, or `email` link to an address at the company domain (give `email`). Returns what to publish. Verified is not the same as paid.',
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
});

export const verifyClaim = defineOperation({
  operationId: 'verify_claim',
  method: 'POST',
  path: '/claims/{claim_id}/verify',
  service: 'claims',
  scope: 'listings:write',
  idempotent: true,
  summary: 'Verify a claim',
  description: 'Checks the DNS record, meta tag or file of a pending claim.',
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
