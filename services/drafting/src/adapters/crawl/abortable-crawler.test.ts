import { type BaseHttpClient, Configuration } from '@crawlee/cheerio';
import { MemoryStorage } from '@crawlee/memory-storage';
import { describe, expect, it } from 'vitest';
import { AbortableCheerioCrawler } from './abortable-crawler.ts';

/** an HTTP client whose requests never answer: a crawl that is not stopped never ends */
const neverAnswers = (asked: string[]): BaseHttpClient => ({
  sendRequest: (request) => {
    asked.push(String(request.url));
    return new Promise(() => undefined);
  },
  stream: (request) => {
    asked.push(String(request.url));
    return new Promise(() => undefined);
  },
});

const memory = () =>
  new Configuration({
    storageClient: new MemoryStorage({ persistStorage: false, writeMetadata: false }),
    persistStorage: false,
  });

describe('a Cheerio crawler stopped by its signal', () => {
  it('when the signal fires after the pool is made but before it runs then the run ends at once, no page requested', async () => {
    const stop = new AbortController();
    const asked: string[] = [];
    /** fires the signal in the window where crawlee has made its pool and not yet started it */
    class AbortedWhilePoolIsMade extends AbortableCheerioCrawler {
      protected override async _init(): Promise<void> {
        await super._init();
        stop.abort();
      }
    }
    const crawler = new AbortedWhilePoolIsMade(
      { httpClient: neverAnswers(asked), requestHandler: async () => undefined, maxRequestRetries: 0 },
      memory(),
      stop.signal,
    );
    const began = Date.now();
    await crawler.runUntilAborted(['http://127.0.0.1:9/']);
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(asked).toEqual([]);
  }, 15_000);

  it('when the signal fires while a page is being fetched then the run ends at once', async () => {
    const stop = new AbortController();
    const asked: string[] = [];
    const client = neverAnswers(asked);
    const crawler = new AbortableCheerioCrawler(
      {
        httpClient: {
          ...client,
          sendRequest: (request) => {
            stop.abort();
            return client.sendRequest(request);
          },
          stream: (request) => {
            stop.abort();
            return client.stream(request);
          },
        },
        requestHandler: async () => undefined,
        maxRequestRetries: 0,
      },
      memory(),
      stop.signal,
    );
    const began = Date.now();
    await crawler.runUntilAborted(['http://127.0.0.1:9/']);
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(asked).toEqual(['http://127.0.0.1:9/']);
  }, 15_000);
});
