/**
 * For the `*.containers.test.ts` suites (`npm run test:containers`): each starts a throwaway
 * server in Docker through testcontainers and runs a port's contract suite against it. Without a
 * Docker engine they skip, saying why: testcontainers' `getContainerRuntimeClient()` rejects at
 * once when it finds no engine.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { GenericContainer, getContainerRuntimeClient, ImageName, Wait } from 'testcontainers';
import { inject } from 'vitest';
import { startTemporalRunner } from '../workflows/temporal-runner.ts';
import { workflowBundle } from './temporal-server.ts';
import type { RunnerKind } from './workflow-runners.ts';

/** what the global setup of `npm run test:containers` decided (images built here), outside it nothing */
const containerEnv: Record<string, string> = (() => {
  try {
    return inject('containerEnv') ?? {};
  } catch {
    return {};
  }
})();
// read by testcontainers when it first starts a container
if (containerEnv.TESTCONTAINERS_RYUK_DISABLED)
  process.env.TESTCONTAINERS_RYUK_DISABLED ??= containerEnv.TESTCONTAINERS_RYUK_DISABLED;

let probe: Promise<string | null> | undefined;

/** why containers cannot run here, or null when a Docker (or compatible) engine answers */
export const containerSkipReason = (): Promise<string | null> => {
  probe ??= getContainerRuntimeClient().then(
    () => null,
    (error: unknown) =>
      `no container runtime (testcontainers found no Docker engine: ${error instanceof Error ? error.message : String(error)})`,
  );
  return probe;
};

/** true when the suite can run; otherwise prints why it is skipped */
export const containersAvailable = async (suite: string): Promise<boolean> => {
  const reason = await containerSkipReason();
  if (reason) console.warn(`skipped ${suite}: ${reason}`);
  return reason === null;
};

/**
 * Pinned images, so a run is the same everywhere; each named by a variable that defaults to the
 * official image. Without an image registry, `scripts/containers/images.sh` builds stand-ins
 * (`local/nats:2.15.1`, `local/ferretdb:1.24.2`, ...) and `vitest.containers.config.ts` points the
 * variables at them (docs/deployment.md, "Without an image registry").
 */
/** a variable as the global setup of `npm run test:containers` decided it, else as the environment has it */
export const containerEnvironment = (name: string): string | undefined => containerEnv[name] || process.env[name];
const env = containerEnvironment;
export const CONTAINER_IMAGES = {
  kurrentdb: env('KURRENTDB_IMAGE') || 'docker.kurrent.io/kurrent-latest/kurrentdb:25.1',
  mongodb: env('MONGO_IMAGE') || 'mongo:8.0',
  typesense: env('TYPESENSE_IMAGE') || 'typesense/typesense:27.1',
  nats: env('NATS_IMAGE') || 'nats:2.10-alpine',
  temporal: env('TEMPORAL_IMAGE') || 'temporalio/temporal:1.4.1',
} as const;

/** the official MongoDB image (a replica set the module initiates), or a stand-in speaking its wire protocol */
export const isOfficialMongoImage = (image: string): boolean => /(^|\/)mongo(:|@|$)/.test(image);

/**
 * Why `image` cannot be used here, or null: it must be in the engine's image store already (built
 * here or pulled before) or be pullable. Vitest's global setup for `npm run test:containers` says
 * which registries answered (`CONTAINER_REGISTRY_REACHABLE`): without one, an image not in the store
 * cannot run, and its suite skips saying so.
 */
export const imageSkipReason = async (image: string): Promise<string | null> => {
  const engine = await containerSkipReason();
  if (engine) return engine;
  const client = await getContainerRuntimeClient();
  if (await client.image.exists(ImageName.fromString(image))) return null;
  if (env('CONTAINER_REGISTRY_REACHABLE') === 'false') {
    return `the image ${image} is not on this engine and no image registry is reachable to pull it`;
  }
  return null;
};

/** true when the suite's engine and image are there; otherwise prints why it is skipped */
export const imageAvailable = async (suite: string, image: string): Promise<boolean> => {
  const reason = await imageSkipReason(image);
  if (reason) console.warn(`skipped ${suite}: ${reason}`);
  return reason === null;
};

/**
 * A Temporal dev server in a container (the `temporal` CLI image's `server start-dev`), and the
 * production Temporal runner against it as a RunnerKind, so a service's workflow spec runs on it
 * as on the other runners (./workflow-runners.ts).
 */
export const startTemporalContainer = async (): Promise<{ address: string; stop(): Promise<void> }> => {
  const container = await new GenericContainer(CONTAINER_IMAGES.temporal)
    .withCommand(['server', 'start-dev', '--ip', '0.0.0.0', '--headless'])
    .withExposedPorts(7233)
    .withWaitStrategy(Wait.forListeningPorts())
    .start();
  return {
    address: `${container.getHost()}:${container.getMappedPort(7233)}`,
    async stop() {
      await container.stop();
    },
  };
};

export const temporalRunnerKindAt = (address: () => string): RunnerKind => ({
  name: 'Temporal (container)',
  skipReason: null,
  async create(under) {
    const runner = await startTemporalRunner({
      address: address(),
      taskQueue: `test-${randomUUID()}`,
      workflowsPath: fileURLToPath(under.temporalEntry),
      workflowBundle: await workflowBundle(under.temporalEntry),
      activities: under.activities,
    });
    const connection = await Connection.connect({ address: address() });
    const client = new Client({ connection, namespace: 'default' });
    return {
      start: (type, id, input) => runner.start(type, id, input),
      signal: (id, name, payload) => runner.signal(id, name, payload),
      async result(id) {
        await client.workflow.getHandle(id).result();
      },
      async stop() {
        await runner.stop();
        await connection.close();
      },
    };
  },
});
