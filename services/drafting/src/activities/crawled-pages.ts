import type { BlobStore } from '@listings/platform/blobs';
import type { CrawledPage, StoredPage } from '../domain/draft/draft.ts';

/**
 * Crawled pages live in the blob store, not in events (an event holds at most 64 KiB; a crawl
 * holds up to 4 MiB of HTML). SiteCrawled v2 carries each page's text and HTML by content hash.
 */

/** Puts each page's text and HTML in the blob store; the same content gives the same references (idempotent). */
export const storeCrawledPages = (blobs: BlobStore, pages: readonly CrawledPage[]): Promise<StoredPage[]> =>
  Promise.all(
    pages.map(async (page) => ({
      url: page.url,
      title: page.title,
      text_ref: await blobs.put(page.text),
      html_ref: await blobs.put(page.html),
    })),
  );

const decoder = new TextDecoder();

/**
 * The pages' content back, for the drafter and the evidence check. Pages of drafts crawled before
 * pages moved out of events (SiteCrawled v1, lifted to v2 by its upcaster) hold it inline.
 */
export const loadCrawledPages = (blobs: BlobStore, pages: readonly StoredPage[]): Promise<CrawledPage[]> =>
  Promise.all(
    pages.map(async (page) =>
      'inline' in page
        ? { url: page.url, title: page.title, text: page.inline.text, html: page.inline.html }
        : {
            url: page.url,
            title: page.title,
            text: decoder.decode(await blobs.get(page.text_ref)),
            html: decoder.decode(await blobs.get(page.html_ref)),
          },
    ),
  );
