/**
 * Global setup of `npm run test:containers` (vitest.containers.config.ts): makes sure every image the
 * suites name is on the engine. Each is named by a variable defaulting to the official image
 * (packages/platform/src/testing/containers.ts). An image not on the engine is pulled; when that
 * fails (no image registry reachable, as on CI's machines) and a stand-in can be built here,
 * `scripts/containers/images.sh --no-project` builds the stand-ins once and the variable names the
 * stand-in (`MONGO_IMAGE=local/ferretdb:1.24.2`, ...). KurrentDB has no stand-in: its suite skips,
 * saying why. Without an engine nothing happens here and every suite skips with its reason.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getContainerRuntimeClient, ImageName } from 'testcontainers';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the image variables (and CONTAINER_REGISTRY_REACHABLE) this setup decided, for the suites' workers */
    containerEnv: Record<string, string>;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** variable, official image, whether scripts/containers/images.sh builds a stand-in for it */
const IMAGES: ReadonlyArray<readonly [string, string, boolean]> = [
  ['NATS_IMAGE', 'nats:2.10-alpine', true],
  ['TYPESENSE_IMAGE', 'typesense/typesense:27.1', true],
  ['MONGO_IMAGE', 'mongo:8.0', true],
  ['TEMPORAL_IMAGE', 'temporalio/temporal:1.4.1', true],
  ['KURRENTDB_IMAGE', 'docker.kurrent.io/kurrent-latest/kurrentdb:25.1', false],
];

const standInsFromScript = (withProject: boolean): Map<string, string> => {
  const args = [...(withProject ? [] : ['--no-project']), '--print-env'];
  console.log(`test:containers: building the images here (scripts/containers/images.sh ${args.join(' ')})`);
  const result = spawnSync('bash', [path.join(ROOT, 'scripts/containers/images.sh'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) {
    console.warn(`test:containers: scripts/containers/images.sh failed (exit ${result.status})`);
    return new Map();
  }
  return new Map(
    result.stdout
      .split('\n')
      .map((line) => line.trim().split('=', 2) as [string, string])
      .filter(([name, value]) => name && value),
  );
};

export default async function setup(project: TestProject): Promise<void> {
  const decided: Record<string, string> = {};
  project.provide('containerEnv', decided);
  let client: Awaited<ReturnType<typeof getContainerRuntimeClient>>;
  try {
    client = await getContainerRuntimeClient();
  } catch {
    return; // every suite says why it skips
  }
  // testcontainers' reaper (Ryuk) is an image too: without it, containers are stopped by the suites themselves
  const ryuk = process.env.RYUK_CONTAINER_IMAGE || 'testcontainers/ryuk:0.14.0';
  if (!process.env.TESTCONTAINERS_RYUK_DISABLED && !(await client.image.exists(ImageName.fromString(ryuk)))) {
    try {
      await client.image.pull(ImageName.fromString(ryuk));
    } catch {
      console.warn(`test:containers: cannot pull ${ryuk}: the suites run without testcontainers' reaper`);
      decided.TESTCONTAINERS_RYUK_DISABLED = 'true';
    }
  }
  // the project's image (launcher/test/containers): built here when it is not on the engine
  const projectImage = process.env.LISTINGS_IMAGE || 'listings-directory:dev';
  const projectMissing = !(await client.image.exists(ImageName.fromString(projectImage)));
  let standIns: Map<string, string> | undefined;
  if (projectMissing && !process.env.LISTINGS_IMAGE) {
    standIns = standInsFromScript(true);
    const built = standIns.get('LISTINGS_IMAGE');
    if (built) decided.LISTINGS_IMAGE = built;
  }
  for (const [variable, official, hasStandIn] of IMAGES) {
    const image = process.env[variable] || official;
    if (await client.image.exists(ImageName.fromString(image))) continue;
    try {
      await client.image.pull(ImageName.fromString(image));
      continue;
    } catch (error) {
      decided.CONTAINER_REGISTRY_REACHABLE = 'false';
      console.warn(`test:containers: cannot pull ${image}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!hasStandIn || process.env[variable]) continue;
    standIns ??= standInsFromScript(false);
    const standIn = standIns.get(variable);
    if (standIn) {
      decided[variable] = standIn;
      console.log(`test:containers: ${variable}=${standIn} (built here)`);
    }
  }
  project.provide('containerEnv', decided);
}
