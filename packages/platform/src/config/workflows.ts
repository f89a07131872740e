import type { Config } from '../config.ts';
import type { Environment } from '../environment.ts';

export interface TemporalSettings {
  readonly address: string | null;
  /** TEMPORAL_NAMESPACE: the namespace of every client and worker */
  readonly namespace: string;
  readonly taskQueues: {
    readonly drafting: string;
    readonly commerce: string;
    readonly catalog: string;
    readonly claims: string;
  };
}

/**
 * TEMPORAL_ADDRESS (`host:port` of a Temporal frontend), shared by the services that run workflows;
 * unset = the in-process runner. A malformed value is added to `problems`.
 */
export const temporalAddressOf = (env: Environment, problems: string[]): string | null => {
  const address = env.TEMPORAL_ADDRESS?.trim() || null;
  if (address && !/^[^\s/]+:\d+$/.test(address))
    problems.push(`TEMPORAL_ADDRESS must look like host:port, got "${address}"`);
  return address;
};

/** where a service runs its workflows: Temporal (with its own task queue) or, address unset, in process */
export interface WorkflowSettings {
  readonly temporalAddress: string | null;
  readonly temporalTaskQueue: string;
  /** TEMPORAL_NAMESPACE (default `default`) */
  readonly temporalNamespace?: string;
}

/** a service's view of `Config.temporal` (a config without it: the in-process runner) */
export const workflowSettingsOf = (
  config: Partial<Pick<Config, 'temporal'>>,
  service: keyof TemporalSettings['taskQueues'],
): WorkflowSettings => ({
  temporalAddress: config.temporal?.address ?? null,
  temporalTaskQueue: config.temporal?.taskQueues[service] ?? service,
  temporalNamespace: config.temporal?.namespace ?? 'default',
});
