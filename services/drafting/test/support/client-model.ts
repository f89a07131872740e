// A product page, a client model's answer about it, and the requests a gateway sends about a
// draft's client model, for the sampling tests (drafting, Temporal and MCP).
import {
  answerClientModel,
  type ClientModelRequestReply,
  clientModelRequest,
  type OperationReply,
  type Principal,
} from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import { ALICE } from './harness.ts';

/** the page's facts: the extractive drafter finds the name (og:site_name); the city is only in the prose */
export const WORKSHOP_PAGE =
  '<!doctype html><title>Acme Widgets</title><meta property="og:site_name" content="Acme Widgets"><h1>Widgets for teams</h1><p>Our workshop is in Lisbon, by the river.</p>';

/** a model answer with one value quoted from the page and one quoted from nowhere */
export const modelAnswer = (url: string) =>
  JSON.stringify({
    fields: [
      { key: 'city', text: 'Lisbon', list: null, evidence: [{ url, quote: 'Our workshop is in Lisbon' }] },
      { key: 'founded_year', text: '2011', list: null, evidence: [{ url, quote: 'Founded in 2011 in a garage' }] },
    ],
    faqs: [],
    founders: [],
    company_socials: [],
  });

type Reply = OperationReply & { body?: Record<string, unknown> };

/** submit_listing as a gateway sends it for an MCP task whose client declared sampling (or not) */
export const submitWithClientModel = async (bus: Bus, url: string, clientModel = true): Promise<string> => {
  const reply = (await bus.request('drafting.submit_listing', {
    operation_id: 'submit_listing',
    principal: ALICE,
    params: {},
    query: {},
    body: { url },
    ...(clientModel ? { client_model: true } : {}),
  })) as Reply;
  if (reply.status !== 201) throw new Error(`submit_listing answered ${JSON.stringify(reply)}`);
  return String(reply.body?.id);
};

/** update_draft with `regenerate` as a gateway sends it for an MCP task whose client declared sampling */
export const regenerateWithClientModel = async (bus: Bus, draftId: string, keys: string[]): Promise<void> => {
  const reply = (await bus.request('drafting.update_draft', {
    operation_id: 'update_draft',
    principal: ALICE,
    params: { id: draftId },
    query: {},
    body: { regenerate: keys },
    client_model: true,
  })) as Reply;
  if (reply.status !== 200) throw new Error(`update_draft answered ${JSON.stringify(reply)}`);
};

/** drafting.internal.client_model_request as the gateway sends it */
export const openAsk = async (bus: Bus, draftId: string, principal: Principal = ALICE) =>
  (await bus.request(clientModelRequest.subject, { draft_id: draftId, principal })) as OperationReply & {
    body?: ClientModelRequestReply;
  };

/** the draft's open request to the client's model, once the crawl is done and drafting asked */
export const waitForAsk = async (bus: Bus, draftId: string, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ask = (await openAsk(bus, draftId)).body?.ask;
    if (ask) return ask;
    if (Date.now() > deadline) throw new Error(`draft ${draftId} never asked the client model`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** drafting.internal.answer_client_model as the gateway sends it */
export const answerAsk = async (
  bus: Bus,
  answer: {
    draftId: string;
    askId: string;
    principal?: Principal;
    outcome: 'answered' | 'declined' | 'failed';
    text?: string;
  },
) =>
  (await bus.request(answerClientModel.subject, {
    draft_id: answer.draftId,
    ask_id: answer.askId,
    principal: answer.principal ?? ALICE,
    outcome: answer.outcome,
    ...(answer.text !== undefined ? { text: answer.text } : {}),
  })) as Reply;
