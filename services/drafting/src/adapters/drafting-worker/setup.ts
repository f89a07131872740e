import { createSafeFetch, type HostLookup } from '@listings/platform/outbound';
import type { Drafter } from '../drafter.ts';
import { createExtractiveDrafter } from '../extractive-drafter.ts';
import { createOpenAiDrafter } from '../openai-drafter.ts';
import type { CrawlLimits } from '../site-crawler.ts';

/** The crawler's product token (robots.txt groups) and its full user agent. */
export const ROBOTS_TOKEN = 'ListingsDirectoryBot';
export const userAgentFor = (publicUrl: string) => `${ROBOTS_TOKEN}/1.0 (+${publicUrl})`;

/** the model's settings (OPENAI_*), or null: the extractive drafter alone */
export type OpenAiSettings = { readonly apiKey: string; readonly baseURL: string | undefined; readonly model: string };

/**
 * What the crawler and the drafter are built from, in the service's thread or in its drafting
 * worker: plain values only, so the worker thread receives them as they are.
 */
export interface DraftingWorkSetup {
  readonly allowPrivateNetworks: boolean;
  readonly publicUrl: string;
  readonly crawlLimits?: Partial<CrawlLimits>;
  readonly openAi: OpenAiSettings | null;
}

/** the safe fetch the crawler and the logo intake read sites with */
export const crawlerFetch = (
  setup: Pick<DraftingWorkSetup, 'allowPrivateNetworks' | 'publicUrl'>,
  lookup?: HostLookup,
) =>
  createSafeFetch({
    allowPrivateNetworks: setup.allowPrivateNetworks,
    userAgent: userAgentFor(setup.publicUrl),
    maxBytes: 2 * 1024 * 1024,
    maxRedirects: 5,
    timeoutMs: 15_000,
    ...(lookup ? { lookup } : {}),
  });

/** the model's drafter with the extractive pass as its candidates when a key is set; else the extractive drafter */
export const drafterFor = (openAi: OpenAiSettings | null): Drafter =>
  openAi
    ? createOpenAiDrafter({
        apiKey: openAi.apiKey,
        baseURL: openAi.baseURL,
        model: openAi.model,
        candidates: createExtractiveDrafter(),
      })
    : createExtractiveDrafter();
