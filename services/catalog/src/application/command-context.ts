import type { Clock } from '@listings/platform/clock';
import { type Decider, type DomainEvent, handleCommand } from '@listings/platform/decider';
import type { EventStore } from '@listings/platform/event-store';
import { type ListingCommand, listingDecider } from '../domain/listing/decide.ts';
import { listingStream } from '../domain/listing/listing.ts';
import type { CatalogReadModel } from '../projections/catalog/read-model.ts';

/** a command as its caller gives it: the handler adds the time (`now`) */
export type Distribute<C> = C extends { type: infer T; data: infer D } ? { type: T; data: Omit<D, 'now'> } : never;

export interface CommandDeps {
  readonly events: EventStore;
  readonly readModel: CatalogReadModel;
  readonly clock: Clock;
  /** REPORTS_PER_ACCOUNT_PER_DAY (default DEFAULT_DAILY_LIMITS.reportsPerAccount) */
  readonly reportsPerDay?: number;
  /**
   * the keyed hash of a voter's network (voter-pseudonyms.ts): without it no network is recorded
   * with a vote (the demo catalog)
   */
  readonly networkHash?: (network: string) => Promise<string>;
}

/**
 * What every command family shares: each command loads its stream, decides, appends with the
 * expected revision, then waits until the read model has folded the new events (read-your-writes).
 */
export const commandContext = (deps: CommandDeps) => {
  const { events, readModel } = deps;
  const now = () => deps.clock.now().toISOString();

  const run = async <C, S, E extends DomainEvent>(stream: string, decider: Decider<C, S, E>, command: C) => {
    const result = await handleCommand({ store: events, stream, decider, command });
    // what it decided on is in the read model before it answers (a command that changed nothing
    // because another writer got there first waits for that writer's events)
    if (result.through > 0) await readModel.waitFor(result.through);
    return result;
  };

  const listingCommand = async (listingId: number, command: Distribute<ListingCommand>) =>
    run(listingStream(listingId), listingDecider, {
      ...command,
      data: { ...command.data, now: now() },
    } as ListingCommand);

  return { ...deps, view: readModel.view, now, run, listingCommand };
};

export type CommandContext = ReturnType<typeof commandContext>;
