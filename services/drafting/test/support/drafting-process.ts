/**
 * A drafting service in its own process (for the restart test): in-process bus, the fake catalog,
 * DATA_DIR from the environment. With SUBMIT_URL it submits that URL as Alice and prints the
 * draft id as one JSON line, then keeps running until killed.
 */
import { createInProcessBus } from '@listings/platform/bus';
import { silentLogger } from '@listings/platform/logger';
import { startDrafting } from '../../src/main.ts';
import { serveFakeCatalog } from './fake-catalog.ts';
import { ALICE, callOperation } from './harness.ts';

const bus = createInProcessBus();
await startDrafting({
  bus,
  logger: silentLogger(),
  config: {
    dataDir: process.env.DATA_DIR as string,
    publicUrl: 'http://localhost:3000',
    fetchAllowPrivateNetworks: true,
  },
  env: {},
});
await serveFakeCatalog(bus);
if (process.env.SUBMIT_URL) {
  const reply = await callOperation(bus, 'submit_listing', ALICE, { body: { url: process.env.SUBMIT_URL } });
  process.stdout.write(`${JSON.stringify({ id: reply.body.id, status: reply.body.status })}\n`);
}
setInterval(() => undefined, 60_000);
