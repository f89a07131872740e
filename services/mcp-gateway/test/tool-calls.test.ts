import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemOfToolError } from '../src/tools/render.ts';
import { type Harness, startHarness } from './support/harness.ts';

/** a tool error's problem details: read from its text (an error has no structuredContent) */
const problemIn = (result: { content?: unknown; structuredContent?: unknown }) => {
  expect(result.structuredContent).toBeUndefined();
  return problemOfToolError((result.content as { text: string }[])[0]?.text ?? '');
};

const ERAS = [
  { era: 'modern', version: '2026-07-28' },
  { era: 'legacy', version: '2025-11-25' },
] as const;

describe.each(ERAS)('tool calls in the $version era', ({ era, version }) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.stop());

  it('when a client connects then it negotiates the era’s protocol version', async () => {
    const client = await harness.connect({ era });
    expect(client.getNegotiatedProtocolVersion()).toBe(version);
    expect(client.getServerVersion()?.name).toBe('listings-directory');
  });

  it('when an anonymous client calls search_listings then it gets the bus reply as structured content and text', async () => {
    const client = await harness.connect({ era });
    const result = await client.callTool({ name: 'search_listings', arguments: { q: 'acme', per_page: 5 } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({
      items: [{ slug: 'acme', name: 'Acme', url: 'https://acme.example', votes: 3 }],
      page: 1,
      per_page: 5,
      total: 1,
    });
    expect((result.content as { text: string }[])[0]?.text).toMatch(
      /^search_listings: 1 of 1 \(page 1\): Acme \(acme\)/,
    );
    const sent = harness.received.at(-1);
    expect(sent).toMatchObject({
      operation_id: 'search_listings',
      principal: { account_id: null, via: 'anonymous' },
      query: { q: 'acme', per_page: 5, page: 1, status: 'live', sort: 'relevance' },
    });
  });

  it('when arguments break the contract then the tool error is a 400 problem naming each argument', async () => {
    const client = await harness.connect({ era });
    const result = await client.callTool({
      name: 'search_listings',
      arguments: { per_page: 500, country: 'USA', colour: 'red' },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const problem = problemIn(result) as { status: number; errors: { field: string }[] };
    expect(problem.status).toBe(400);
    expect(problem.errors.map((e) => e.field).sort()).toEqual(['colour', 'country', 'per_page']);
    expect((result.content as { text: string }[])[0]?.text).toContain('- per_page: must be <= 100');
  });

  it('when a type is wrong then it is not coerced: "5" is not an integer', async () => {
    const client = await harness.connect({ era });
    const result = await client.callTool({ name: 'search_listings', arguments: { per_page: '5' } });
    expect(result.isError).toBe(true);
    expect(problemIn(result)).toMatchObject({ status: 400, errors: [{ field: 'per_page' }] });
  });

  it('when get_listing names an unknown slug then the tool error carries the 404 problem', async () => {
    const client = await harness.connect({ era });
    const found = await client.callTool({ name: 'get_listing', arguments: { slug: 'acme' } });
    expect(found.structuredContent).toMatchObject({ slug: 'acme', description: 'Rockets' });
    const missing = await client.callTool({ name: 'get_listing', arguments: { slug: 'nope' } });
    expect(missing.isError).toBe(true);
    expect(problemIn(missing)).toMatchObject({ status: 404, detail: 'no listing nope' });
    // the session survives errors
    expect((await client.callTool({ name: 'get_listing', arguments: { slug: 'acme' } })).isError).toBeFalsy();
  });

  it('when a service answers 409 then the tool error carries the conflict', async () => {
    const client = await harness.connect({ era, authorization: 'Bearer lk_writer' });
    const result = await client.callTool({ name: 'delete_milestone', arguments: { listing_id: 1, milestone_id: 2 } });
    expect(result.isError).toBe(true);
    expect(problemIn(result)).toMatchObject({ status: 409, title: 'Conflict' });
  });

  it('when no service answers the subject then the tool error is 503, not a crash', async () => {
    const client = await harness.connect({ era });
    const result = await client.callTool({ name: 'list_categories', arguments: {} });
    expect(result.isError).toBe(true);
    expect(problemIn(result)).toMatchObject({ status: 503 });
  });

  it('when a signed-in tool is called with an API key then the principal reaches the service', async () => {
    const client = await harness.connect({ era, authorization: 'Bearer lk_writer' });
    const result = await client.callTool({ name: 'submit_listing', arguments: { url: 'https://acme.example' } });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ status: 'crawling', url: 'https://acme.example' });
    expect(harness.received.at(-1)).toMatchObject({
      operation_id: 'submit_listing',
      principal: { account_id: 'acc-writer', via: 'api_key' },
      body: { url: 'https://acme.example' },
    });
  });

  it('when a write tool gets the same idempotency_key twice then the service runs once and the result replays', async () => {
    const client = await harness.connect({ era, authorization: 'Bearer lk_writer' });
    const key = `k-${era}`;
    const before = harness.received.length;
    const args = { url: 'https://acme.example', idempotency_key: key };
    const first = await client.callTool({ name: 'submit_listing', arguments: args });
    const second = await client.callTool({ name: 'submit_listing', arguments: args });
    expect(second.structuredContent).toEqual(first.structuredContent);
    expect(harness.received.length).toBe(before + 1);
    expect(harness.received.at(-1)?.idempotency_key).toBe(key);
    const reused = await client.callTool({
      name: 'submit_listing',
      arguments: { url: 'https://other.example', idempotency_key: key },
    });
    expect(reused.isError).toBe(true);
    expect(problemIn(reused)).toMatchObject({ status: 422 });
    const bad = await client.callTool({
      name: 'submit_listing',
      arguments: { url: 'https://acme.example', idempotency_key: 'a b' },
    });
    expect(problemIn(bad)).toMatchObject({ status: 400, errors: [{ field: 'idempotency_key' }] });
  });

  it('when a signed-in tool is called without credentials then the client gets HTTP 401', async () => {
    const client = await harness.connect({ era });
    await expect(
      client.callTool({ name: 'submit_listing', arguments: { url: 'https://acme.example' } }),
    ).rejects.toThrow(/401|unauthori[sz]ed/i);
    // listing tools and public calls stay open to the same anonymous client
    expect((await client.listTools()).tools.length).toBe(65);
  });

  it('when a credential lacks the scope then the client gets HTTP 403 insufficient_scope', async () => {
    const client = await harness.connect({ era, authorization: 'Bearer lk_reader' });
    await expect(
      client.callTool({ name: 'submit_listing', arguments: { url: 'https://acme.example' } }),
    ).rejects.toThrow(/403|insufficient/i);
  });

  it('when resources and prompts are listed then the listing, launch week and submit prompt are there', async () => {
    const client = await harness.connect({ era });
    const templates = (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate);
    expect(templates).toEqual(
      expect.arrayContaining([
        'listings://listings/{slug}',
        'listings://launches/weeks/{week}',
        'listings://categories/{slug}',
      ]),
    );
    const read = await client.readResource({ uri: 'listings://listings/acme' });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ slug: 'acme' });
    await expect(client.readResource({ uri: 'listings://listings/nope' })).rejects.toThrow();
    const prompts = (await client.listPrompts()).prompts.map((p) => p.name);
    expect(prompts).toEqual(expect.arrayContaining(['submit_product', 'launch_week_digest']));
    const prompt = await client.getPrompt({ name: 'submit_product', arguments: { url: 'https://acme.example' } });
    expect(JSON.stringify(prompt.messages[0]?.content)).toContain('submit_listing');
  });
});
