import { operations } from '@listings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_ARGUMENT } from '../src/tools/tool-schemas.ts';
import { type Harness, startHarness } from './support/harness.ts';

/** The contract's property schemas of one operation, as plain JSON, keyed by argument name. */
const contractProperties = (op: (typeof operations)[number]) => {
  const merged: Record<string, unknown> = {};
  const required: string[] = [];
  for (const part of [op.params, op.query, op.body]) {
    if (!part) continue;
    Object.assign(merged, JSON.parse(JSON.stringify(part.properties)));
    required.push(...((part as { required?: string[] }).required ?? []));
  }
  return { merged, required };
};

describe('tools generated from the contracts', () => {
  let harness: Harness;
  let tools: Awaited<ReturnType<Awaited<ReturnType<Harness['connect']>>['listTools']>>['tools'];

  beforeAll(async () => {
    harness = await startHarness();
    const client = await harness.connect();
    tools = (await client.listTools()).tools;
  });
  afterAll(() => harness.stop());

  it('when tools are listed then they are the 65 operations by operationId, nothing more or less', () => {
    expect(operations).toHaveLength(65);
    expect(tools.map((t) => t.name).sort()).toEqual(operations.map((op) => op.operationId).sort());
  });

  it('when a tool input schema is compared with its operation then every property and limit is the same', () => {
    for (const op of operations) {
      const tool = tools.find((t) => t.name === op.operationId);
      const { merged, required } = contractProperties(op);
      const properties = { ...(tool?.inputSchema.properties as Record<string, unknown>) };
      if (op.idempotent) {
        expect(properties[IDEMPOTENCY_KEY_ARGUMENT], op.operationId).toMatchObject({ type: 'string', maxLength: 255 });
        delete properties[IDEMPOTENCY_KEY_ARGUMENT];
      } else expect(properties, op.operationId).not.toHaveProperty(IDEMPOTENCY_KEY_ARGUMENT);
      expect(properties, op.operationId).toEqual(merged);
      expect([...((tool?.inputSchema.required as string[] | undefined) ?? [])].sort(), op.operationId).toEqual(
        required.sort(),
      );
      expect(tool?.inputSchema.additionalProperties, op.operationId).toBe(false);
      expect(JSON.stringify(tool?.inputSchema), op.operationId).not.toContain('$ref');
    }
  });

  it('when a tool output schema is compared with its operation then it is the response schema', () => {
    for (const op of operations) {
      const tool = tools.find((t) => t.name === op.operationId);
      expect(tool?.outputSchema, op.operationId).toEqual(JSON.parse(JSON.stringify(op.response)));
    }
  });

  it('when annotations are read then reads are read-only, delete_milestone and delete_webhook destructive, IK writes idempotent', () => {
    for (const op of operations) {
      const annotations = tools.find((t) => t.name === op.operationId)?.annotations;
      expect(annotations?.readOnlyHint, op.operationId).toBe(op.method === 'GET' || op.operationId === 'quote_order');
      expect(annotations?.destructiveHint, op.operationId).toBe(
        ['delete_milestone', 'delete_webhook'].includes(op.operationId),
      );
      if (op.idempotent) expect(annotations?.idempotentHint, op.operationId).toBe(true);
    }
    expect(tools.find((t) => t.name === 'submit_listing')?.annotations?.openWorldHint).toBe(true);
    expect(tools.find((t) => t.name === 'get_listing')?.annotations?.openWorldHint).toBe(false);
    expect(tools.find((t) => t.name === 'send_test_webhook')?.annotations?.openWorldHint).toBe(true);
  });

  it('when descriptions are read then each says whether sign-in is needed, and checkout says who pays', () => {
    for (const op of operations) {
      const description = tools.find((t) => t.name === op.operationId)?.description ?? '';
      expect(description, op.operationId).toContain(op.scope ? `scope \`${op.scope}\`` : 'no sign-in needed');
    }
    expect(tools.find((t) => t.name === 'create_checkout')?.description).toMatch(/never ask for card/i);
    expect(tools.find((t) => t.name === 'quote_order')?.description).toMatch(/Payment never happens through a tool/);
  });
});
