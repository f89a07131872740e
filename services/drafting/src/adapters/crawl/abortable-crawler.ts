import { CheerioCrawler, type CheerioCrawlerOptions, type Configuration } from '@crawlee/cheerio';

/**
 * A Cheerio crawler that a signal stops at once, whenever it fires. Crawlee's pool can only be
 * aborted once it runs: `abort()` on a pool made but not yet running marks it stopped without
 * ending it, and its run then never finishes (no task starts, nothing checks whether it is done).
 * So the signal aborts a running pool directly, and a pool that starts after the signal fired
 * aborts itself on its first ask for work.
 */
export class AbortableCheerioCrawler extends CheerioCrawler {
  readonly #signal: AbortSignal;
  /** the pool asked for work: it runs, and `abort()` ends its run */
  #poolRunning = false;

  constructor(options: CheerioCrawlerOptions, config: Configuration, signal: AbortSignal) {
    super(options, config);
    this.#signal = signal;
  }

  protected override async _isTaskReadyFunction(): Promise<boolean> {
    this.#poolRunning = true;
    if (this.#signal.aborted) {
      await this.autoscaledPool?.abort();
      return false;
    }
    return super._isTaskReadyFunction();
  }

  /** Crawls from `requests` until done or the signal fires; the crawler is torn down either way. */
  async runUntilAborted(requests: Parameters<CheerioCrawler['run']>[0]): Promise<void> {
    const onAbort = () => {
      if (this.#poolRunning) void this.autoscaledPool?.abort();
    };
    this.#signal.addEventListener('abort', onAbort, { once: true });
    try {
      if (!this.#signal.aborted) await this.run(requests);
    } finally {
      this.#signal.removeEventListener('abort', onAbort);
      await this.teardown().catch(() => undefined);
    }
  }
}
