import { ferretDbMissing, startFerretDb } from '@listings/platform/testing/ferretdb-server';
import { expectToWaitForLateStore } from '@listings/platform/testing/late-store';
import { natsServerAvailable } from '@listings/platform/testing/nats-server';
import { describe, it } from 'vitest';
import { startClaims } from '../src/main.ts';

const missing = natsServerAvailable() ? ferretDbMissing() : 'nats-server not found';
if (missing) console.warn(`claims start before its MongoDB: skipped (${missing})`);

/**
 * Issue #28: started before its MongoDB (here FerretDB), claims crashed on the refused connection
 * (server selection failed) and its launcher stopped the cluster. Here claims starts while nothing
 * listens on MONGO_URL yet: it stays up, its /readyz answers 503 naming the read models, and once
 * FerretDB starts there (late, on the port it was told) claims becomes ready.
 */
describe.skipIf(missing !== undefined)('claims started before its MongoDB', () => {
  it('when MongoDB is not there yet then claims waits, /readyz names the read models with 503, and it becomes ready once MongoDB starts', async () => {
    await expectToWaitForLateStore({
      service: 'claims',
      start: startClaims,
      env: (port) => ({ MONGO_URL: `mongodb://127.0.0.1:${port}/listings` }),
      check: 'read models',
      startStore: (port) => startFerretDb({ port }),
    });
  }, 120_000);
});
