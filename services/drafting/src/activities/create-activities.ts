import { randomUUID } from 'node:crypto';
import { ListingDraftProfile } from '@listings/contracts';
import type { BlobStore } from '@listings/platform/blobs';
import type { Clock } from '@listings/platform/clock';
import { foldStream, handleCommand } from '@listings/platform/decider';
import type { EventStore } from '@listings/platform/event-store';
import { type ImageIntake, ImageRefused } from '@listings/platform/images';
import type { Logger } from '@listings/platform/logger';
import { checkValue } from '@listings/platform/validation';
import { withHeartbeat } from '@listings/platform/workflows/heartbeat';
import { clientModelRequestFor, createAnsweredDrafter } from '../adapters/client-model-drafter.ts';
import type { Drafter } from '../adapters/drafter.ts';
import type { SiteCrawler } from '../adapters/site-crawler.ts';
import { type DraftCommand, draftDecider } from '../domain/draft/decide.ts';
import { clientModelAskFor, type DraftState, draftStream, type Proposal, SLOT_KEYS } from '../domain/draft/draft.ts';
import { verifyProposals } from '../domain/draft/evidence/verify-evidence.ts';
import { loadCrawledPages, storeCrawledPages } from './crawled-pages.ts';

export interface ActivityDeps {
  readonly store: EventStore;
  /** where crawled pages go; the draft's events hold their references */
  readonly blobs: BlobStore;
  readonly crawler: SiteCrawler;
  readonly drafter: Drafter;
  /**
   * keeps a copy of the logo a draft finds: fetched through the safe fetch, checked, re-encoded,
   * stored in the images bucket (LogoStored); the listing shows that copy. Without it, no copy.
   */
  readonly images?: ImageIntake;
  /** category names list_categories knows (empty when the catalog cannot be asked) */
  readonly categoryNames: () => Promise<string[]>;
  readonly clock: Clock;
  readonly logger: Pick<Logger, 'info' | 'warn'>;
  /** aborted when the process stops: a crawl in flight ends and resumes after the restart */
  readonly shutdown: AbortSignal;
  /** how often a running crawl reads its draft to see whether it was cancelled (default 1 s) */
  readonly cancelCheckMs?: number;
  /**
   * set when the service has no model key: a draft whose client can answer model requests (MCP
   * sampling) asks that client's model, and the workflow waits this long for the answer
   */
  readonly clientModelWaitMs?: number;
}

const profileProperties = ListingDraftProfile.properties as Record<string, object>;

/**
 * The drafting workflow's activities: the only way it touches the world. Each is idempotent: it
 * reads the draft first and does nothing when its step is already done, so a retry or a resumed
 * workflow after a restart is safe.
 */
export const createActivities = (deps: ActivityDeps) => {
  const at = () => deps.clock.now().toISOString();
  const load = async (draftId: string): Promise<DraftState> =>
    (await foldStream(deps.store, draftStream(draftId), draftDecider)).state;
  const run = (draftId: string, command: DraftCommand) =>
    handleCommand({ store: deps.store, stream: draftStream(draftId), decider: draftDecider, command });

  /** drafter output → checked proposals: quotes verified on the pages, values within the contract's limits */
  const draftChecked = async (
    state: DraftState,
    keys: readonly string[],
    drafter: Drafter = deps.drafter,
  ): Promise<Record<string, Proposal>> => {
    const categoryNames = keys.includes('categories') ? await deps.categoryNames() : [];
    const pages = await loadCrawledPages(deps.blobs, state.pages);
    const raw = await drafter.draft({ pages, keys, categoryNames });
    const verified = verifyProposals(pages, raw, keys);
    const proposals: Record<string, Proposal> = {};
    const dropped = [...verified.dropped];
    for (const [key, proposal] of Object.entries(verified.proposals)) {
      const schema = profileProperties[key];
      let value = proposal.value;
      if (key === 'categories' && Array.isArray(value)) value = value.filter((v) => categoryNames.includes(String(v)));
      if (!schema || checkValue(schema, value).length > 0 || (Array.isArray(value) && value.length === 0)) {
        dropped.push({ key, reason: 'value outside the field limits' });
        continue;
      }
      proposals[key] = { value, evidence: proposal.evidence };
    }
    if (dropped.length > 0)
      deps.logger.info(
        { draftId: state.id, drafter: drafter.name, dropped },
        'proposals dropped by the evidence check',
      );
    return proposals;
  };

  /**
   * The drafter for the draft (`requestId` null) or a regeneration: with the client model's answer
   * when it answered; when it was asked and has not answered in time, that is recorded first (an
   * answer that arrived meanwhile wins: the decider records the first) and the extractive drafter
   * stands alone.
   */
  const withClientModelAnswer = async (
    draftId: string,
    loaded: DraftState,
    requestId: string | null,
  ): Promise<{ state: DraftState; drafter: Drafter }> => {
    let state = loaded;
    const waiting = clientModelAskFor(state, requestId);
    if (waiting && waiting.answer === null)
      state = (
        await run(draftId, {
          type: 'AnswerClientModel',
          askId: waiting.askId,
          outcome: 'timed_out',
          meta: { at: at() },
        })
      ).state;
    const ask = clientModelAskFor(state, requestId);
    const textRef = ask?.answer?.outcome === 'answered' ? ask.answer.textRef : null;
    if (!ask || textRef === null) return { state, drafter: deps.drafter };
    const text = new TextDecoder().decode(await deps.blobs.get(textRef));
    return { state, drafter: createAnsweredDrafter(deps.drafter, { keys: ask.keys, text }) };
  };

  /**
   * After drafting, before the profile is recorded: a copy of the drafted logo goes into the images
   * bucket (LogoStored). One that is not an image, too big or unreachable is only logged: the draft
   * keeps the URL the site names (the fact its evidence quotes) and its listing shows no logo.
   */
  const storeLogo = async (draftId: string, state: DraftState, proposals: Record<string, Proposal>) => {
    const source = proposals.logo_url?.value;
    if (!deps.images || typeof source !== 'string' || state.logos[source]) return;
    try {
      const stored = await deps.images.logoFromUrl(source, { signal: deps.shutdown });
      await run(draftId, { type: 'StoreLogo', sourceUrl: source, url: stored.url, meta: { at: at() } });
    } catch (error) {
      if (!(error instanceof ImageRefused)) throw error;
      deps.logger.info({ draftId, logo: source, reason: error.reason }, 'logo not kept');
    }
  };

  return {
    async crawlSite(input: { draftId: string }): Promise<void> {
      const state = await load(input.draftId);
      if (!state.exists || state.status !== 'crawling') return;
      // a draft that stops crawling meanwhile (its owner's client cancelled it: cancel_draft_work
      // records that on the draft) stops the crawl: checked at each page and every second between
      const stop = new AbortController();
      const stopUnlessCrawling = (current: DraftState) => {
        if (current.status !== 'crawling') stop.abort(new Error('the draft is no longer crawling'));
      };
      const watch = setInterval(() => {
        load(input.draftId).then(stopUnlessCrawling, () => {});
      }, deps.cancelCheckMs ?? 1_000);
      let result: Awaited<ReturnType<SiteCrawler['crawl']>>;
      try {
        // the crawl runs long (many pages): it heartbeats while it runs, so a dead worker is noticed
        // soon. The service stopping ends it at once, whatever step it is in (the crawler stops on
        // its signal): the workflow takes the draft up again on the next start
        result = await withHeartbeat(() =>
          deps.crawler.crawl(state.url, {
            signal: AbortSignal.any([deps.shutdown, stop.signal]),
            onProgress: async (p) => {
              const recorded = await run(input.draftId, {
                type: 'RecordProgress',
                step: p.step,
                pagesRead: p.pagesRead,
                pagesPlanned: p.pagesPlanned,
                meta: { at: at() },
              });
              stopUnlessCrawling(recorded.state);
            },
          }),
        );
      } catch (error) {
        if (stop.signal.aborted) return;
        throw error;
      } finally {
        clearInterval(watch);
      }
      if (stop.signal.aborted) return;
      await run(
        input.draftId,
        result.ok
          ? // blobs first, then the event that references them: a retry puts the same blobs again (a no-op)
            { type: 'RecordCrawl', pages: await storeCrawledPages(deps.blobs, result.pages), meta: { at: at() } }
          : { type: 'FailDraft', reason: result.reason, meta: { at: at() } },
      );
    },

    /**
     * A draft (or, with `requestId`, a regeneration) whose client can answer model requests, on a
     * service without a model key: records the request to the client's model (the extractive
     * drafter's values shown as found, the slots it misses asked for) and tells the workflow how
     * long to wait for the answer; null when there is nothing to wait for (no client model offered,
     * nothing missing, or already answered).
     */
    async askClientModel(input: { draftId: string; requestId?: string }): Promise<{ waitMs: number } | null> {
      const waitMs = deps.clientModelWaitMs;
      if (waitMs === undefined) return null;
      const requestId = input.requestId ?? null;
      const state = await load(input.draftId);
      if (!state.exists) return null;
      const keys =
        requestId === null
          ? state.status === 'drafting' && state.clientModel
            ? SLOT_KEYS
            : undefined
          : state.clientModelRegenerations.includes(requestId)
            ? state.regenerating[requestId]
            : undefined;
      if (!keys) return null;
      const open = (current: DraftState) =>
        clientModelAskFor(current, requestId)?.answer === null ? { waitMs } : null;
      if (clientModelAskFor(state, requestId)) return open(state);
      const asked = await withHeartbeat(async () =>
        clientModelRequestFor(deps.drafter, {
          pages: await loadCrawledPages(deps.blobs, state.pages),
          keys,
          categoryNames: keys.includes('categories') ? await deps.categoryNames() : [],
        }),
      );
      if (!asked) return null;
      // the request holds the pages' text: it goes to the blob store, the event holds its reference
      const requestRef = await deps.blobs.put(JSON.stringify(asked.request));
      const recorded = await run(input.draftId, {
        type: 'AskClientModel',
        askId: randomUUID(),
        requestId,
        keys: asked.keys,
        requestRef,
        meta: { at: at() },
      });
      return open(recorded.state);
    },

    async draftProfile(input: { draftId: string }): Promise<void> {
      const loaded = await load(input.draftId);
      if (!loaded.exists || loaded.status !== 'drafting') return;
      const { state, drafter } = await withClientModelAnswer(input.draftId, loaded, null);
      const proposals = await withHeartbeat(() => draftChecked(state, SLOT_KEYS, drafter));
      await storeLogo(input.draftId, state, proposals);
      await run(input.draftId, {
        type: 'RecordProfile',
        keys: [...SLOT_KEYS],
        proposals,
        requestId: null,
        meta: { at: at() },
      });
    },

    async regenerateFields(input: { draftId: string; requestId: string }): Promise<void> {
      const loaded = await load(input.draftId);
      const keys = loaded.regenerating[input.requestId];
      if (!keys) return;
      const { state, drafter } = await withClientModelAnswer(input.draftId, loaded, input.requestId);
      const proposals = await withHeartbeat(() => draftChecked(state, keys, drafter));
      await storeLogo(input.draftId, state, proposals);
      await run(input.draftId, {
        type: 'RecordProfile',
        keys: [...keys],
        proposals,
        requestId: input.requestId,
        meta: { at: at() },
      });
    },

    async failDraft(input: { draftId: string; reason: string }): Promise<void> {
      await run(input.draftId, { type: 'FailDraft', reason: input.reason, meta: { at: at() } });
    },

    async abandonRegeneration(input: { draftId: string; requestId: string; reason: string }): Promise<void> {
      await run(input.draftId, {
        type: 'AbandonRegeneration',
        requestId: input.requestId,
        reason: input.reason,
        meta: { at: at() },
      });
    },
  };
};

export type DraftingActivities = ReturnType<typeof createActivities>;
