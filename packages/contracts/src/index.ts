export {
  BADGE_MODES,
  BADGE_SHAPES,
  BADGE_SIZES,
  catalogPublicOperations,
  getSiteInfo,
  LAUNCH_SECTIONS,
  LEADERBOARDS,
  LISTING_SORTS,
  LISTING_STATUSES,
} from './catalog.ts';
export {
  CLAIM_CHECK_MAX_BYTES,
  CLAIM_CHECK_TIMEOUT_MS,
  CLAIM_EMAIL_PATH,
  CLAIM_EMAIL_TOKEN_PATTERN,
  CLAIM_FILE_PATH,
  CLAIM_META_NAME,
  CLAIM_METHODS,
  CLAIM_REASON_MAX,
  CLAIM_STATUSES,
  CLAIM_TTL_DAYS,
  CLAIM_TXT_LABEL,
  CLAIM_TXT_PREFIX,
  claimsOperations,
  verifyEmailClaim,
} from './claims.ts';
export {
  commerceOperations,
  EXTRA_CATEGORIES_MAX,
  extraCategoriesProblem,
  ORDER_STATUSES,
  type OrderView,
  PENDING_ORDER_TTL_HOURS,
} from './commerce.ts';
export {
  FAQS_MAX,
  Faq,
  Faqs,
  PAGE_MAX,
  PAGE_MIN,
  Page,
  PageQuery,
  PER_PAGE_DEFAULT,
  PER_PAGE_MAX,
  PER_PAGE_MIN,
  Problem,
  SLUG_PATTERN,
  Slug,
} from './common.ts';
export {
  DRAFT_FIELD_KEYS,
  DRAFT_STATUSES,
  DraftPatch,
  draftingOperations,
  FIELD_STATES,
  INVITES_MAX,
} from './drafting.ts';
export {
  ANONYMOUS,
  OperationReply,
  OperationRequest,
  Principal,
  type ProblemBody,
  TRACEPARENT_HEADER,
} from './envelope.ts';
export { identityOperations } from './identity.ts';
export {
  type BillboardContributionRecordedEvent,
  billboardContributionRecorded,
  catalogIntegrationEvents,
  type PaidLaunchPublishedEvent,
  type PaidLaunchRefusedEvent,
  paidLaunchPublished,
  paidLaunchRefused,
} from './integration/catalog.ts';
export { type ClaimVerifiedEventData, claimVerifiedEvent } from './integration/claims.ts';
export { commerceIntegrationEvents, type OrderPaidEvent, orderPaid } from './integration/commerce.ts';
export {
  defineIntegrationEvent,
  type IntegrationEventContract,
  type IntegrationEventData,
} from './integration/integration-event.ts';
export {
  BILLBOARD_AMOUNT_MAX,
  castVote,
  catalogInternalOperations,
  type DescribeListingForOrderReply,
  describeListingForOrder,
  followListing,
  getBadgeSvg,
  type InternalOperation,
  ListingDraftProfile,
  markListingVerified,
  NOT_FOUND_KEYS,
  PROFILE_SECTION_KEYS,
  REVIEW_BODY_MAX,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  recordView,
  type SaveListingFromDraftReply,
  type SaveListingFromDraftRequest,
  saveListingFromDraft,
  submitReview,
  unfollowListing,
  withdrawVote,
} from './internal/catalog.ts';
export {
  type GetListingForClaimReply,
  getListingForClaim,
  type RecordVerifiedClaimReply,
  recordVerifiedClaim,
} from './internal/catalog-claims.ts';
export { type PayOrderRequest, payOrder, type StripeWebhookRequest, stripeWebhook } from './internal/commerce.ts';
export {
  type AcceptInviteRequest,
  acceptInvite,
  type DescribeInviteReply,
  type DescribeInviteRequest,
  describeInvite,
  INVITE_STATES,
  INVITE_TOKEN_PATTERN,
  INVITE_TTL_DAYS,
  inviteAcceptPath,
} from './internal/drafting.ts';
export {
  ACCOUNT_NAME_MAX_LENGTH,
  API_KEY_NAME_MAX_LENGTH,
  API_KEYS_PER_ACCOUNT_MAX,
  AUTHENTICATE_SUBJECT,
  AUTHORIZATION_MAX_LENGTH,
  AuthenticateReply,
  AuthenticateRequest,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  IDEMPOTENCY_KEY_BARE_PATTERN,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_RETENTION_MS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROTECTED_RESOURCES,
  type ProtectedResource,
  RESOURCE_PATHS,
} from './internal/identity.ts';
export {
  defineOperation,
  type HttpMethod,
  type Operation,
  PROBLEM_STATUSES,
  type ProblemStatus,
  problemStatusesOf,
  SCOPES,
  type Scope,
  SERVICES,
  type ServiceName,
} from './operation.ts';
export { operationById, operations, operationsOf } from './operations.ts';
export { ownedListingOperations } from './owned-listings.ts';
export { SOCIAL_PLATFORMS, type SocialPlatform, Socials } from './socials.ts';
export {
  MULTI_LINE_TEXT_PATTERN,
  SINGLE_LINE_MAX,
  SINGLE_LINE_TEXT_PATTERN,
  TEXT_RULE_MESSAGES,
  withTextRules,
} from './text-rules.ts';
