import { ConfigError, temporalAddressOf } from '@listings/platform/config';

/** Drafting's own settings (README lists them); the shared ones come from the platform config. */
export interface DraftingConfig {
  readonly openAi: { readonly apiKey: string; readonly baseURL: string | undefined; readonly model: string } | null;
  /** Temporal frontend; unset = the in-process workflow runner */
  readonly temporalAddress: string | null;
  readonly temporalTaskQueue: string;
}

export const loadDraftingConfig = (env: NodeJS.ProcessEnv = process.env): DraftingConfig => {
  const problems: string[] = [];
  const apiKey = env.OPENAI_API_KEY?.trim();
  const baseURL = env.OPENAI_BASE_URL?.trim() || undefined;
  if (baseURL && !/^https?:\/\/\S+$/.test(baseURL))
    problems.push(`OPENAI_BASE_URL must be an http(s) URL, got "${baseURL}"`);
  const temporalAddress = temporalAddressOf(env, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    openAi: apiKey ? { apiKey, baseURL, model: env.OPENAI_MODEL?.trim() || 'gpt-4o-mini' } : null,
    temporalAddress,
    temporalTaskQueue: env.TEMPORAL_TASK_QUEUE?.trim() || 'drafting',
  };
};
