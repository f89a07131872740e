import type { Config } from '@listings/platform/config';

/** Drafting's view of the one configuration (docs/configuration.md lists every variable). */
export interface DraftingConfig {
  readonly openAi: { readonly apiKey: string; readonly baseURL: string | undefined; readonly model: string } | null;
  /** Temporal frontend; unset = the in-process workflow runner */
  readonly temporalAddress: string | null;
  readonly temporalTaskQueue: string;
  /** TEMPORAL_NAMESPACE (default `default`) */
  readonly temporalNamespace: string;
}

/** OPENAI_* and TEMPORAL_ADDRESS / TEMPORAL_TASK_QUEUE / TEMPORAL_NAMESPACE as read by `loadConfig` (absent: the defaults) */
export const loadDraftingConfig = (config: Partial<Pick<Config, 'openAi' | 'temporal'>>): DraftingConfig => ({
  openAi: config.openAi ?? null,
  temporalAddress: config.temporal?.address ?? null,
  temporalTaskQueue: config.temporal?.taskQueues.drafting ?? 'drafting',
  temporalNamespace: config.temporal?.namespace ?? 'default',
});
