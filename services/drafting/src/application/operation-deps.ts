import type { BlobStore } from '@listings/platform/blobs';
import type { Clock } from '@listings/platform/clock';
import type { EventStore } from '@listings/platform/event-store';
import type { ImageIntake } from '@listings/platform/images';
import type { Logger } from '@listings/platform/logger';
import type { Mailer } from '@listings/platform/mail';
import type { PersonalDataVault } from '@listings/platform/personal-data';
import type { WorkflowRunner } from '@listings/platform/workflows';
import type { CatalogClient } from '../adapters/catalog-client.ts';
import type { DraftsIndex } from '../projections/drafts-index/evolve.ts';

/** What the drafting operations (public and internal) are given by main.ts. */
export interface DraftingOperationDeps {
  readonly store: EventStore;
  /** where the requests to clients' models and their answers are kept (the events hold references) */
  readonly blobs: BlobStore;
  readonly index: () => DraftsIndex;
  /** resolves once the index has folded the event at this position */
  readonly indexCaughtUp: (position: number) => Promise<void>;
  readonly runner: WorkflowRunner;
  readonly catalog: CatalogClient;
  readonly mailer: Mailer;
  /** an invitee's address is stored sealed for the inviting account (erased with that account) */
  readonly vault: PersonalDataVault;
  readonly clock: Clock;
  readonly publicUrl: string;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** drafts one account can start per UTC day (DRAFTS_PER_ACCOUNT_PER_DAY) */
  readonly draftsPerDay: number;
  /** copies a logo URL an owner types into the images bucket (the listing shows that copy) */
  readonly images?: ImageIntake;
}
