import { ferretDbMissing, startFerretDb } from '@listings/platform/testing/ferretdb-server';
import { expectToWaitForLateStore } from '@listings/platform/testing/late-store';
import { natsServerAvailable } from '@listings/platform/testing/nats-server';
import { describe, it } from 'vitest';
import { startCommerce } from '../src/main.ts';

const missing = natsServerAvailable() ? ferretDbMissing() : 'nats-server not found';
if (missing) console.warn(`commerce start before its MongoDB: skipped (${missing})`);

/**
 * Issue #28: started before its MongoDB (here FerretDB), commerce crashed on the refused connection
 * (server selection failed) and its launcher stopped the cluster. Here commerce starts while nothing
 * listens on MONGO_URL yet: it stays up, its /readyz answers 503 naming the read models, and once
 * FerretDB starts there (late, on the port it was told) commerce becomes ready.
 */
describe.skipIf(missing !== undefined)('commerce started before its MongoDB', () => {
  it('when MongoDB is not there yet then commerce waits, /readyz names the read models with 503, and it becomes ready once MongoDB starts', async () => {
    await expectToWaitForLateStore({
      service: 'commerce',
      start: startCommerce,
      env: (port) => ({ MONGO_URL: `mongodb://127.0.0.1:${port}/listings` }),
      check: 'read models',
      startStore: (port) => startFerretDb({ port }),
    });
  }, 120_000);
});
