import { ConfigError, temporalAddressOf } from '@listings/platform/config';

/** Commerce's own settings (README lists them); the shared ones come from the platform config. */
export interface CommerceConfig {
  /** Temporal frontend for the order workflows; unset = the in-process workflow runner */
  readonly temporalAddress: string | null;
  /** the commerce workers' task queue (drafting has its own) */
  readonly temporalTaskQueue: string;
}

export const loadCommerceConfig = (env: NodeJS.ProcessEnv = process.env): CommerceConfig => {
  const problems: string[] = [];
  const temporalAddress = temporalAddressOf(env, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return { temporalAddress, temporalTaskQueue: env.TEMPORAL_COMMERCE_TASK_QUEUE?.trim() || 'commerce' };
};
