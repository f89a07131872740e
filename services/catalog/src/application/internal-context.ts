import type { LogoServer } from '@listings/platform/images';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import type { CatalogCommands } from './commands.ts';
import type { VisitorHash } from './visitor-hashes.ts';

/** What the catalog's internal (service-to-service) operations work with. */
export interface InternalContext {
  readonly view: CatalogView;
  readonly commands: CatalogCommands;
  /** the images bucket as the web edge serves it (get_image) */
  readonly logos?: LogoServer;
  /** the keyed hash outbound clicks are counted by (record_outbound_click) */
  readonly visitorHash: VisitorHash;
}

/** One internal operation's handler: its request (checked against its contract) and the context. */
export type InternalOperationHandler<Request = never> = (
  request: Request,
  context: InternalContext,
) => Promise<unknown>;
