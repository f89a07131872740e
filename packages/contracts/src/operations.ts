import { catalogPublicOperations } from './catalog.ts';
import { categoryAdminOperations } from './category-admin.ts';
import { claimsOperations } from './claims.ts';
import { commerceOperations } from './commerce.ts';
import { draftingOperations } from './drafting.ts';
import { identityOperations } from './identity.ts';
import { moderationOperations } from './moderation.ts';
import type { Operation, ServiceName } from './operation.ts';
import { ownedListingOperations } from './owned-listings.ts';
import { webhookOperations } from './webhooks.ts';

/** Every operation of spec Part 4, in the spec's order. */
export const operations: readonly Operation[] = [
  ...catalogPublicOperations,
  ...commerceOperations.filter((op) => op.scope === null),
  ...identityOperations,
  ...draftingOperations,
  ...ownedListingOperations,
  ...webhookOperations,
  ...claimsOperations,
  ...commerceOperations.filter((op) => op.scope !== null),
  ...moderationOperations,
  ...categoryAdminOperations,
];

const byId = new Map(operations.map((op) => [op.operationId, op]));

export const operationById = (operationId: string): Operation | undefined => byId.get(operationId);

export const operationsOf = (service: ServiceName): readonly Operation[] =>
  operations.filter((op) => op.service === service);
