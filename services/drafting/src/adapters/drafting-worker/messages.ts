import type { DraftRequest } from '../drafter.ts';
import type { CrawlProgress } from '../site-crawler.ts';

/** what the service's thread asks its drafting worker */
export type ToWorker =
  | { readonly type: 'crawl'; readonly job: number; readonly url: string }
  | { readonly type: 'draft'; readonly job: number; readonly request: DraftRequest }
  /** the job's signal fired: the crawl stops where it is */
  | { readonly type: 'abort'; readonly job: number }
  /** a progress report was recorded (or failed to be: `error`), so the crawl goes on */
  | { readonly type: 'progressed'; readonly ask: number; readonly error?: string };

/** what the drafting worker answers */
export type FromWorker =
  | { readonly type: 'progress'; readonly job: number; readonly ask: number; readonly progress: CrawlProgress }
  | { readonly type: 'done'; readonly job: number; readonly value: unknown }
  | { readonly type: 'failed'; readonly job: number; readonly name: string; readonly message: string };
