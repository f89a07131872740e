import type { OperationReply, OperationRequest } from '@listings/contracts';
import type { ElicitRequest } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness.ts';

const ERAS = ['modern', 'legacy'] as const;
const TOTALS = {
  subtotal_cents: 4900,
  vat_cents: 1029,
  total_cents: 5929,
  vat_rate: 0.21,
  reverse_charge: false,
  currency: 'USD',
};
const LINES = [
  { product: 'launch', listing_id: 7, launch_week: '2026-12-07', unit_price_cents: 4900, fulfilled: false },
];
const ORDER = {
  number: 'ORD-000123',
  status: 'pending',
  status_reason: null,
  totals: TOTALS,
  lines: LINES,
  billing_country: 'NL',
  vat_number: null,
  checkout_url: 'http://127.0.0.1/checkout/ORD-000123',
  created_at: '2026-11-27T05:00:00.000Z',
  expires_at: '2026-11-27T05:30:00.000Z',
};
const CLAIM = { claim_id: 5, slug: 'acme', method: 'dns', status: 'pending', instructions: 'Add a TXT record' };
const ARGS = { items: [{ product: 'launch', listing_id: 7, launch_week: '2026-12-07' }], billing_country: 'NL' };

describe.each(ERAS)('asking the person first (%s era)', (era) => {
  let harness: Harness;
  const operations = () => harness.received.map((r) => r.operation_id);
  beforeAll(async () => {
    harness = await startHarness();
    const serve = (subject: string, answer: (r: OperationRequest) => OperationReply) =>
      harness.bus.serve(subject, async (payload) => {
        harness.received.push(payload as OperationRequest);
        return answer(payload as OperationRequest);
      });
    await serve('commerce.quote_order', () => ({ status: 200, body: { totals: TOTALS, lines: LINES } }));
    await serve('commerce.create_checkout', () => ({ status: 201, body: ORDER }));
    await serve('claims.claim_listing', (r) => ({
      status: 201,
      body: { ...CLAIM, method: (r.body as { method: string }).method },
    }));
  });
  afterAll(() => harness.stop());

  it('when the person confirms the quoted total with VAT then create_checkout creates the order', async () => {
    const asked: ElicitRequest['params'][] = [];
    const client = await harness.connect({
      era,
      authorization: 'Bearer lk_buyer',
      elicit: (params) => {
        asked.push(params);
        return { action: 'accept', content: { confirm: true } };
      },
    });
    harness.received.length = 0;
    const result = await client.callTool({ name: 'create_checkout', arguments: ARGS });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ number: 'ORD-000123', checkout_url: ORDER.checkout_url });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toContain('$59.29 in total ($49.00 plus VAT $10.29 at 21.0%)');
    expect(operations()).toEqual(['quote_order', 'create_checkout']);
  });

  it('when the person declines then no order is created', async () => {
    const client = await harness.connect({
      era,
      authorization: 'Bearer lk_buyer',
      elicit: () => ({ action: 'decline' }),
    });
    harness.received.length = 0;
    const result = await client.callTool({ name: 'create_checkout', arguments: ARGS });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toContain('did not confirm; no order was created');
    expect(operations()).toEqual(['quote_order']);
  });

  it('when the client cannot ask then create_checkout creates the order as before', async () => {
    const client = await harness.connect({ era, authorization: 'Bearer lk_buyer' });
    harness.received.length = 0;
    const result = await client.callTool({ name: 'create_checkout', arguments: ARGS });
    expect(result.structuredContent).toMatchObject({ number: 'ORD-000123' });
    expect(operations()).toEqual(['create_checkout']);
  });

  it('when claim_listing is called without a method then the person chooses one', async () => {
    const asked: ElicitRequest['params'][] = [];
    const client = await harness.connect({
      era,
      authorization: 'Bearer lk_writer',
      elicit: (params) => {
        asked.push(params);
        return { action: 'accept', content: { method: 'meta' } };
      },
    });
    harness.received.length = 0;
    const result = await client.callTool({ name: 'claim_listing', arguments: { slug: 'acme' } });
    expect(result.structuredContent).toMatchObject({ claim_id: 5, method: 'meta' });
    const schema = (asked[0] as { requestedSchema: { properties: Record<string, { oneOf?: { const: string }[] }> } })
      .requestedSchema;
    expect(schema.properties.method?.oneOf?.map((o) => o.const)).toEqual(['dns', 'meta', 'file', 'email']);
    expect(harness.received.at(-1)).toMatchObject({
      operation_id: 'claim_listing',
      body: { slug: 'acme', method: 'meta' },
    });
  });

  it('when a client without elicitation leaves out the method then the argument error is as before', async () => {
    const client = await harness.connect({ era, authorization: 'Bearer lk_writer' });
    harness.received.length = 0;
    const result = await client.callTool({ name: 'claim_listing', arguments: { slug: 'acme' } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toContain('method');
    expect(operations()).toEqual([]);
  });
});
