import type { ServiceName } from '../operation.ts';

/**
 * Live notices (`bus.notify`, watched with `bus.watch`): news for the processes listening now,
 * never stored or replayed, unlike integration events. A reader must cover a missed one another
 * way.
 *
 * `read_model_changed`: a service's read model has changed (an event was folded into it), sent by
 * each replica as it folds, before it answers anything that read the change (a write's reply
 * included). The REST and MCP edges keep the answers of public reads of these services (their read cache,
 * packages/platform/src/edge/read-cache.ts) until the next notice, or a short time when one is
 * missed. The data is empty.
 */
export const readModelChanged = {
  /** the services that send it: the edge caches only their public reads */
  services: ['catalog'] as const satisfies readonly ServiceName[],
  subjectOf: (service: ServiceName): string => `notices.${service}.read_model_changed`,
  /** every service's notice */
  filter: 'notices.*.read_model_changed',
  /** the service a notice's subject names */
  serviceOf: (subject: string): string | undefined => /^notices\.([\w-]+)\.read_model_changed$/.exec(subject)?.[1],
};
