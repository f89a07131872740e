import type { Environment } from '../environment.ts';

export interface OpenAiSettings {
  readonly apiKey: string;
  readonly baseURL: string | undefined;
  readonly model: string;
}

export const openAiSettingsOf = (env: Environment, problems: string[]): OpenAiSettings | null => {
  const apiKey = env.OPENAI_API_KEY?.trim();
  const baseURL = env.OPENAI_BASE_URL?.trim() || undefined;
  if (baseURL && !/^https?:\/\/\S+$/.test(baseURL))
    problems.push(`OPENAI_BASE_URL must be an http(s) URL, got "${baseURL}"`);
  return apiKey ? { apiKey, baseURL, model: env.OPENAI_MODEL?.trim() || 'gpt-4o-mini' } : null;
};
