import { readModelChanged } from '@listings/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness.ts';
import { toolCall } from './support/tool-call.ts';

/**
 * The MCP edge's read cache (packages/platform/src/edge/read-cache.ts, in tools/call-operation.ts):
 * an anonymous call of a public read tool is answered from what the edge kept until the catalog
 * tells of a change or a write goes through the edge; a signed-in call is always asked of the
 * service. On both paths (the lean one and the SDK's).
 */

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.stop();
  harness = undefined;
});

describe.each([
  ['the lean path', true],
  ['the SDK path', false],
])('the MCP edge with its read cache on, %s', (_path, lean) => {
  const start = async () => {
    harness = await startHarness({ readCache: true, ...(lean ? {} : { leanToolsCall: false }) });
    const h = harness;
    const asked = (operation: string) => h.received.filter((r) => r.operation_id === operation).length;
    const send = async (name: string, args: Record<string, unknown>, headers: Record<string, string> = {}) => {
      const response = await fetch(h.url, toolCall(name, args, headers));
      expect(response.status).toBe(200);
      return response.text();
    };
    return { h, asked, send };
  };

  it('answers an anonymous search again without asking the catalog, until the catalog tells of a change', async () => {
    const { h, asked, send } = await start();
    const first = await send('search_listings', { q: 'acme' });
    expect(await send('search_listings', { q: 'acme' })).toBe(first);
    expect(asked('search_listings')).toBe(1);
    // other arguments are another read
    await send('search_listings', { q: 'other' });
    expect(asked('search_listings')).toBe(2);
    h.bus.notify(readModelChanged.subjectOf('catalog'), null);
    await new Promise((resolve) => setImmediate(resolve));
    await send('search_listings', { q: 'acme' });
    expect(asked('search_listings')).toBe(3);
  });

  it('asks the catalog every time for a signed-in caller', async () => {
    const { asked, send } = await start();
    const reader = { authorization: 'Bearer lk_reader' };
    await send('search_listings', { q: 'acme' }, reader);
    await send('search_listings', { q: 'acme' }, reader);
    expect(asked('search_listings')).toBe(2);
  });
});
