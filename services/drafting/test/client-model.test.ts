// Drafting without a model key asks the model of the client that started the draft (MCP sampling,
// docs/mcp.md): the request is recorded on the draft, the workflow (the embedded runner) waits for
// the answer or a timeout, and the answer's quotes are checked like any drafter's. The gateway's
// side (the task's input_required and tasks/update) is in launcher/test/e2e/mcp-draft-sampling.test.ts.
import { CLIENT_MODEL_MAX_TOKENS, cancelDraftWork, DRAFT_CANCELLED_REASON } from '@listings/contracts';
import { MAX_EVENT_BYTES, openEventStore } from '@listings/platform/event-store';
import { type ProductSite, startProductSite } from '@listings/platform/testing/product-site';
import type { InProcessRunner } from '@listings/platform/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftWorkflowId } from '../src/application/workflow-ids.ts';
import { draftingEventsFile } from '../src/main.ts';
import {
  answerAsk,
  modelAnswer,
  openAsk,
  regenerateWithClientModel,
  submitWithClientModel,
  WORKSHOP_PAGE,
  waitForAsk,
} from './support/client-model.ts';
import { ALICE, BOB, callOperation, pollDraft, settledStatus, startTestDrafting } from './support/harness.ts';

describe('drafting asks the client model when there is no model key', () => {
  let site: ProductSite;
  let env: Awaited<ReturnType<typeof startTestDrafting>>;
  let shortWait: Awaited<ReturnType<typeof startTestDrafting>>;

  beforeAll(async () => {
    site = await startProductSite(() => WORKSHOP_PAGE);
    env = await startTestDrafting({ overrides: { clientModelWaitMs: 60_000 } });
    shortWait = await startTestDrafting({ overrides: { clientModelWaitMs: 300 } });
  });
  afterAll(async () => {
    await env?.stop();
    await shortWait?.stop();
    await site?.close();
  });

  const waitForDraftAsk = async (draftId: string) => {
    await pollDraft(env.bus, ALICE, draftId, (d) => d.status !== 'crawling');
    return waitForAsk(env.bus, draftId);
  };
  const storedTypes = async (dataDir: string, draftId: string) => {
    const store = openEventStore({}, { service: 'drafting', file: draftingEventsFile(dataDir) });
    try {
      return (await store.readStream(`draft-${draftId}`)).map((e) => ({ type: e.type, data: e.data }));
    } finally {
      await store.close();
    }
  };

  it('when the client model answers then its quoted value is kept, its invented one dropped, and the extractive values stay', async () => {
    const draftId = await submitWithClientModel(env.bus, site.url);
    const ask = await waitForDraftAsk(draftId);
    // the OpenAI drafter's prompt: the pages' text, the slots the extractive drafter missed, the answer's JSON shape
    expect(ask.request.max_tokens).toBe(CLIENT_MODEL_MAX_TOKENS);
    expect(ask.request.messages[0]?.content.text).toContain('Our workshop is in Lisbon');
    expect(ask.request.messages[0]?.content.text).toContain('Already found on these pages');
    expect(ask.request.system_prompt).toContain('Answer with one JSON object');
    // the draft waits for the answer: still drafting
    expect((await callOperation(env.bus, 'get_draft', ALICE, { params: { id: draftId } })).body.status).toBe(
      'drafting',
    );

    // another account cannot read or answer it
    expect((await openAsk(env.bus, draftId, BOB)).status).toBe(404);
    const refused = await answerAsk(env.bus, {
      draftId,
      askId: ask.ask_id,
      principal: BOB,
      outcome: 'answered',
      text: modelAnswer(site.url),
    });
    expect(refused.status).toBe(404);

    const answered = await answerAsk(env.bus, {
      draftId,
      askId: ask.ask_id,
      outcome: 'answered',
      text: modelAnswer(site.url),
    });
    expect(answered).toMatchObject({ status: 200, body: { draft_id: draftId, recorded: true } });
    const draft = await pollDraft(env.bus, ALICE, draftId, settledStatus);
    expect(draft.status).toBe('ready');
    expect(draft.fields.city).toMatchObject({ value: 'Lisbon', state: 'ai' });
    expect(draft.fields.city.evidence[0].quote).toBe('Our workshop is in Lisbon');
    expect(draft.fields.founded_year).toMatchObject({ value: null, state: 'not_found' });
    expect(draft.fields.name).toMatchObject({ value: 'Acme Widgets', state: 'ai' });
    // answered once: a second answer records nothing
    const again = await answerAsk(env.bus, { draftId, askId: ask.ask_id, outcome: 'declined' });
    expect(again).toMatchObject({ status: 200, body: { recorded: false } });
  });

  it('when the client declines then the extractive draft stands alone', async () => {
    const draftId = await submitWithClientModel(env.bus, site.url);
    const ask = await waitForDraftAsk(draftId);
    await answerAsk(env.bus, { draftId, askId: ask.ask_id, outcome: 'declined' });
    const draft = await pollDraft(env.bus, ALICE, draftId, settledStatus);
    expect(draft).toMatchObject({ status: 'ready', fields: { name: { value: 'Acme Widgets' } } });
    expect(draft.fields.city.state).toBe('not_found');
  });

  it('when the client model does not answer in time then the draft is the extractive one, and the timeout is recorded', async () => {
    const draftId = await submitWithClientModel(shortWait.bus, site.url);
    const draft = await pollDraft(shortWait.bus, ALICE, draftId, settledStatus);
    expect(draft).toMatchObject({ status: 'ready', fields: { name: { value: 'Acme Widgets' } } });
    expect(draft.fields.city.state).toBe('not_found');
    const events = await storedTypes(shortWait.dataDir, draftId);
    const types = events.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['ClientModelAsked', 'ClientModelAnswered', 'ProfileDrafted']));
    expect(events.find((e) => e.type === 'ClientModelAnswered')?.data).toMatchObject({ outcome: 'timed_out' });
    expect(types.indexOf('ClientModelAnswered')).toBeLessThan(types.indexOf('ProfileDrafted'));
  });

  it('when the client that started the draft cannot sample then nothing is asked; a regenerate whose client can asks for its slots', async () => {
    const draftId = await submitWithClientModel(env.bus, site.url, false);
    const draft = await pollDraft(env.bus, ALICE, draftId, settledStatus);
    expect(draft.status).toBe('ready');
    expect((await openAsk(env.bus, draftId)).body?.ask).toBeNull();
    expect((await storedTypes(env.dataDir, draftId)).map((e) => e.type)).not.toContain('ClientModelAsked');

    await regenerateWithClientModel(env.bus, draftId, ['city', 'founded_year']);
    const ask = await waitForAsk(env.bus, draftId);
    expect(ask.request.messages[0]?.content.text).toContain(
      'Draft only these fields, and only what the pages state: city, founded_year.',
    );
    expect(
      (await answerAsk(env.bus, { draftId, askId: ask.ask_id, outcome: 'answered', text: modelAnswer(site.url) })).body,
    ).toMatchObject({ recorded: true });
    const redrafted = await pollDraft(env.bus, ALICE, draftId, (d) => d.regenerating.length === 0);
    expect(redrafted.fields.city).toMatchObject({ value: 'Lisbon', state: 'ai' });
    expect(redrafted.fields.founded_year.state).toBe('not_found');
  });

  it('when the drafting process stops while the draft waits for the client model then the restarted process waits again and takes the answer', async () => {
    const first = await startTestDrafting({ overrides: { clientModelWaitMs: 60_000 } });
    let second: Awaited<ReturnType<typeof startTestDrafting>> | undefined;
    try {
      const draftId = await submitWithClientModel(first.bus, site.url);
      const ask = await waitForAsk(first.bus, draftId);
      await first.stop(true);
      second = await startTestDrafting({ dataDir: first.dataDir, overrides: { clientModelWaitMs: 60_000 } });
      // the same request is still open after the restart (not asked a second time)
      expect((await openAsk(second.bus, draftId)).body?.ask?.ask_id).toBe(ask.ask_id);
      const answered = await answerAsk(second.bus, {
        draftId,
        askId: ask.ask_id,
        outcome: 'answered',
        text: modelAnswer(site.url),
      });
      expect(answered.body).toMatchObject({ recorded: true });
      const draft = await pollDraft(second.bus, ALICE, draftId, settledStatus);
      expect(draft.fields.city).toMatchObject({ value: 'Lisbon', state: 'ai' });
      const types = (await storedTypes(second.dataDir, draftId)).map((e) => e.type);
      expect(types.filter((t) => t === 'ClientModelAsked')).toHaveLength(1);
    } finally {
      await second?.stop();
    }
  });

  it('when the draft is cancelled while it waits for the client model then the workflow stops waiting and ends', async () => {
    const draftId = await submitWithClientModel(env.bus, site.url);
    await waitForDraftAsk(draftId);
    const cancelled = (await env.bus.request(cancelDraftWork.subject, { draft_id: draftId, principal: ALICE })) as {
      status: number;
    };
    expect(cancelled.status).toBe(200);
    // the wait is a minute long: the workflow ends well before, on the cancel's signal
    await (env.service.runner as InProcessRunner).settled(draftWorkflowId(draftId));
    const draft = await pollDraft(env.bus, ALICE, draftId, settledStatus);
    expect(draft).toMatchObject({ status: 'failed', failure_reason: DRAFT_CANCELLED_REASON });
    expect((await openAsk(env.bus, draftId)).body?.ask).toBeNull();
  });

  it('when the pages are long then the request to the client model is larger than an event may be, and still asked and answered', async () => {
    // nine pages of 9,000 characters of two-byte text: the pages text of the prompt alone is ~120 KB
    const filler = 'Grüße aus der Werkstatt, über Brücken und Flüsse. '.repeat(180);
    const paths = ['about', 'pricing', 'features', 'faq', 'contact', 'team', 'story', 'customers'];
    const longSite = await startProductSite((p) =>
      p === '/'
        ? `${WORKSHOP_PAGE}<p>${filler}</p>${paths.map((x) => `<a href="/${x}">${x}</a>`).join(' ')}`
        : paths.some((x) => p === `/${x}`)
          ? `<!doctype html><title>${p}</title><p>${filler}</p>`
          : null,
    );
    try {
      const draftId = await submitWithClientModel(env.bus, longSite.url);
      const ask = await waitForDraftAsk(draftId);
      expect(Buffer.byteLength(JSON.stringify(ask.request))).toBeGreaterThan(MAX_EVENT_BYTES);
      await answerAsk(env.bus, { draftId, askId: ask.ask_id, outcome: 'answered', text: modelAnswer(longSite.url) });
      const draft = await pollDraft(env.bus, ALICE, draftId, settledStatus);
      expect(draft.status).toBe('ready');
      expect(draft.fields.city).toMatchObject({ value: 'Lisbon', state: 'ai' });
    } finally {
      await longSite.close();
    }
  });
});
