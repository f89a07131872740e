import { describe, expect, it } from 'vitest';
import { describeBusContract } from '../bus/bus.contract.ts';
import { createInProcessBus } from '../bus/in-process-bus.ts';
import { instrumentBus } from './instrumented-bus.ts';
import { createMetrics } from './metrics.ts';

// The measured bus is what every process really uses: it must keep every behaviour of the bus it
// wraps, watch() included (an MCP resource subscription rides on it).
describeBusContract('instrumented in-process bus', async () => {
  const bus = instrumentBus(createInProcessBus(), createMetrics('bus-contract'));
  return { bus, reopen: async () => bus, cleanup: () => bus.close() };
});

describe('the traced bus', () => {
  // traced, a request gains a traceparent header, so the contract's exact-headers case does not
  // apply; what it must keep is every other way in, watch() among them
  it('when an event is published then a watcher gets it', async () => {
    const bus = instrumentBus(createInProcessBus(), createMetrics('bus-traced'), { traced: true });
    let seen: (data: unknown) => void = () => {};
    const got = new Promise<unknown>((resolve) => {
      seen = resolve;
    });
    await bus.watch('events.traced.*', (event) => seen(event.data));
    await bus.publish({ id: 'traced-1', subject: 'events.traced.seen', data: { n: 1 } });
    expect(await got).toEqual({ n: 1 });
    await bus.close();
  });
});
