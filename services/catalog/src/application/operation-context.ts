import type {
  catalogPublicOperations,
  categoryAdminOperations,
  moderationOperations,
  OrderRefundEntry,
  ownedListingOperations,
  webhookOperations,
} from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import type { ImageIntake } from '@listings/platform/images';
import type { CallOf } from '@listings/platform/service-host';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import type { CatalogCommands } from './commands.ts';
import type { VoterPseudonym } from './voter-pseudonyms.ts';
import type { WebhookStore } from './webhook-store.ts';

/** What the catalog's public operations work with: the read model's view, the clock, the commands. */
export interface CatalogContext {
  readonly view: CatalogView;
  readonly clock: Clock;
  /** the site's public address (links, badge URLs) */
  readonly publicUrl: string;
  readonly commands: CatalogCommands;
  /** stores an owner's new logo (update_my_listing `fields.logo_url`) in the images bucket */
  readonly images?: ImageIntake;
  /** a voter's pseudonym in one week's vote ledger (a keyed hash: voter-pseudonyms.ts) */
  readonly voterPseudonym: VoterPseudonym;
  /** the listings' webhook endpoints; plain-http loopback targets only with FETCH_ALLOW_PRIVATE_NETWORKS */
  readonly webhooks: { readonly store: WebhookStore; readonly allowPrivateNetworks: boolean };
  /** the operators' refunds of orders, asked of commerce for the audit (null: commerce did not answer; absent: none) */
  readonly orderRefunds?: () => Promise<readonly OrderRefundEntry[] | null>;
}

/**
 * The 19 public catalog operations, the 9 owned-listing ones and the 6 webhook ones (signed in, your
 * own only), the 9 of moderation (reporting; the operators' queue, actions and audit) and the 3
 * of the operators' category edits.
 */
export type CatalogOperation =
  | (typeof catalogPublicOperations)[number]
  | (typeof ownedListingOperations)[number]
  | (typeof webhookOperations)[number]
  | (typeof moderationOperations)[number]
  | (typeof categoryAdminOperations)[number];
export type CatalogOperationId = CatalogOperation['operationId'];

/** One operation's handler: its call typed from the operation's contract, and the context. */
export type CatalogHandler<Id extends CatalogOperationId> = (
  call: CallOf<Extract<CatalogOperation, { operationId: Id }>>,
  context: CatalogContext,
) => Promise<unknown>;

/** Every catalog operation's handler, by operation id: a missing one does not compile. */
export type CatalogHandlers = { readonly [Id in CatalogOperationId]: CatalogHandler<Id> };
