export {
  BADGE_MODES,
  BADGE_SHAPES,
  BADGE_SIZES,
  getSiteInfo,
  LAUNCH_SECTIONS,
  LEADERBOARDS,
  LISTING_SORTS,
  LISTING_STATUSES,
} from './catalog.ts';
export { CLAIM_METHODS, CLAIM_STATUSES } from './claims.ts';
export { ORDER_STATUSES } from './commerce.ts';
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
export { DRAFT_FIELD_KEYS, DRAFT_STATUSES, DraftPatch, FIELD_STATES } from './drafting.ts';
export {
  ANONYMOUS,
  OperationReply,
  OperationRequest,
  Principal,
  type ProblemBody,
  TRACEPARENT_HEADER,
} from './envelope.ts';
export {
  defineOperation,
  type HttpMethod,
  type Operation,
  SCOPES,
  type Scope,
  SERVICES,
  type ServiceName,
} from './operation.ts';
export { operationById, operations, operationsOf } from './operations.ts';
export { SOCIAL_PLATFORMS, type SocialPlatform, Socials } from './socials.ts';
