/**
 * The project's image (./Dockerfile; LISTINGS_IMAGE, default `listings-directory:dev` from
 * scripts/containers/images.sh) on a real container engine: who it runs as, on a read-only root
 * filesystem; every process command of docker-compose.yml and infra/k8s starting in it until its
 * HEALTHCHECK says healthy; and `docker stop` draining a request in flight, then exiting 0 within
 * the grace period. On an internal network the test creates (nothing leaves this machine), with
 * NATS from NATS_IMAGE; skipped, saying why, without an engine or the image.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import { newIdentitySecrets } from '@listings/platform/edge';
import { imageAvailable } from '@listings/platform/testing/containers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  composeFile,
  containerIp,
  containerState,
  DOCKER,
  docker,
  eventually,
  LISTINGS_IMAGE,
  NATS_IMAGE,
  processCommands,
  uniqueName,
  waitHealthy,
  withDefaults,
} from './docker.ts';

const available =
  (await imageAvailable('the project image on a container engine', LISTINGS_IMAGE)) &&
  (await imageAvailable('the project image on a container engine (its NATS)', NATS_IMAGE));

/** what every process container gets: the kind of pod the manifests make (read-only root, /tmp in memory) */
const HARDENED = ['--read-only', '--tmpfs', '/tmp', '--cap-drop', 'ALL', '--security-opt', 'no-new-privileges'];
/**
 * The image's HEALTHCHECK command as it is, checked more often (its own interval is 15 s) and given
 * longer (eight processes starting at once on a 2-core machine: each check is a Node process)
 */
const UNDER_LOAD = ['--health-interval', '5s', '--health-timeout', '30s'];
/** variables naming stores this test does not run: unset, each process keeps them under DATA_DIR */
const STORES = new Set([
  'KURRENTDB_URL',
  'MONGO_URL',
  'MONGO_DB',
  'TYPESENSE_URL',
  'TYPESENSE_API_KEY',
  'TEMPORAL_ADDRESS',
]);

describe.skipIf(!available)('the project image on a container engine', () => {
  const network = uniqueName('ld-image');
  const started: string[] = [];
  const runDetached = async (name: string, ...args: string[]) => {
    started.push(name);
    await docker('run', '-d', '--name', name, '--network', network, ...args);
    return name;
  };

  beforeAll(async () => {
    // internal: the containers reach each other and this machine, nothing else
    await docker('network', 'create', '--internal', network);
    await runDetached(uniqueName('ld-image-nats'), '--network-alias', 'nats', NATS_IMAGE, '-js');
  }, 60_000);
  afterAll(async () => {
    if (started.length > 0) await docker('rm', '-f', '-v', ...started).catch(() => '');
    await docker('network', 'rm', network).catch(() => '');
  }, 60_000);

  it('runs as the unprivileged node user (uid 1000), its root filesystem read-only and /data writable, with ps, trimmed under 500 MB', async () => {
    const name = uniqueName('ld-image-who');
    started.push(name);
    const out = await docker(
      'run',
      '--name',
      name,
      '--network',
      network,
      ...HARDENED,
      '--entrypoint',
      'node',
      LISTINGS_IMAGE,
      '-e',
      `const fs = require('node:fs');
       const tryWrite = (file) => { try { fs.writeFileSync(file, 'x'); return 'written'; } catch (e) { return e.code; } };
       console.log(JSON.stringify({ uid: process.getuid(), gid: process.getgid(), app: tryWrite('/app/x'), etc: tryWrite('/etc/x'), data: tryWrite('/data/x'), tmp: tryWrite('/tmp/x') }));`,
    );
    expect(JSON.parse(out)).toEqual({
      uid: 1000,
      gid: 1000,
      app: 'EROFS',
      etc: 'EROFS',
      data: 'written',
      tmp: 'written',
    });
    const config = JSON.parse(await docker('image', 'inspect', '-f', '{{json .Config}}', LISTINGS_IMAGE)) as {
      User: string;
      Healthcheck?: { Test: string[] };
    };
    expect(config.User).toBe('node');
    // `ps`, which drafting's crawler runs to read its memory use (a crawl fails without it)
    expect(
      await docker(
        'run',
        '--rm',
        '--network',
        network,
        ...HARDENED,
        '--entrypoint',
        'ps',
        LISTINGS_IMAGE,
        '-o',
        'comm=',
      ),
    ).toBe('ps');
    // trimmed to what runs (docs/deployment.md, "The image"): 444 MB on the debootstrap base, 662 MB untrimmed
    const size = Number(await docker('image', 'inspect', '-f', '{{.Size}}', LISTINGS_IMAGE));
    expect(size).toBeLessThan(500_000_000);
    expect(config.Healthcheck?.Test).toEqual(['CMD', 'node', 'launcher/src/healthcheck.ts']);
  }, 60_000);

  it('starts every process command of docker-compose.yml and infra/k8s, each turning healthy by the HEALTHCHECK', async () => {
    const { compose, manifests } = processCommands();
    expect([...compose.keys()].sort()).toEqual([
      'catalog',
      'claims',
      'commerce',
      'drafting',
      'gateway',
      'mcp-gateway',
      'web',
    ]);
    expect([...manifests.keys()].sort()).toEqual([...compose.keys()].sort());
    const services = composeFile().services;
    // one container per distinct command, with its compose service's variables (stores left out)
    const commands = new Map<string, { service: string; command: string[] }>();
    for (const [service, command] of [...compose, ...manifests]) {
      const key = JSON.stringify(command);
      if (!commands.has(key)) commands.set(key, { service, command });
    }
    const containers: string[] = [];
    // what compose requires to be set (the gateway's keys, docs/deployment.md)
    const keys = newIdentitySecrets();
    const required = { OAUTH_JWKS: JSON.stringify(keys.jwks), COOKIE_KEYS: keys.cookieKeys.join(',') };
    for (const { service, command } of commands.values()) {
      const env = Object.entries(services[service]?.environment ?? {})
        .filter(([name]) => !STORES.has(name))
        .flatMap(([name, value]) => ['-e', `${name}=${withDefaults(value, required)}`]);
      containers.push(
        await runDetached(
          uniqueName(`ld-image-${service}`),
          '--network-alias',
          service,
          ...HARDENED,
          ...UNDER_LOAD,
          ...env,
          LISTINGS_IMAGE,
          ...command,
        ),
      );
    }
    // each stopped once healthy, to leave the CPU to the others
    const healthy = await Promise.all(
      containers.map(async (container) => {
        await waitHealthy(container);
        const { health } = await containerState(container);
        await docker('rm', '-f', container);
        return health;
      }),
    );
    expect(healthy).toEqual(containers.map(() => 'healthy'));
  }, 240_000);

  it('runs its own command (the all-in-one process) until healthy by its HEALTHCHECK as it is; docker stop drains a request in flight, then it exits 0 within the grace period', async () => {
    const name = await runDetached(
      uniqueName('ld-image-all-in-one'),
      ...HARDENED,
      '-e',
      'DEMO_DATA=off',
      LISTINGS_IMAGE,
    );
    await waitHealthy(name);
    const ip = await containerIp(name);

    // a request whose body is still arriving when the container is told to stop
    const body = JSON.stringify({ id: 'evt_in_flight', type: 'checkout.session.completed', data: { object: {} } });
    const socket = net.connect(3000, ip);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    let response = '';
    socket.on('data', (chunk: Buffer) => {
      response += chunk.toString();
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST /webhooks/stripe HTTP/1.1\r\nHost: ${ip}:3000\r\nContent-Type: application/json\r\n` +
        `Stripe-Signature: t=1,v1=0000\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n` +
        body.slice(0, 10),
    );

    const grace = 30;
    const stopStarted = Date.now();
    const stopped = new Promise<number | null>((resolve) => {
      spawn(DOCKER, ['stop', '-t', String(grace), name], { stdio: 'ignore' }).once('exit', resolve);
    });
    // shutdown has begun once readiness answers 503 or new connections are refused
    await eventually(
      'shutdown begun',
      () =>
        fetch(`http://${ip}:3000/readyz`).then(
          (answer) => answer.status,
          () => 'refused',
        ),
      (status) => status === 503 || status === 'refused',
      20_000,
    );
    socket.end(body.slice(10));
    await closed;
    const status = /^HTTP\/1\.1 (\d{3})/.exec(response)?.[1];
    // answered by commerce over the bus (no Stripe configured: 404 with its reason), not cut off by the shutdown
    expect(status, response).toBe('404');
    expect(response).toContain('Stripe is not the payment provider here');

    expect(await stopped).toBe(0);
    expect(Date.now() - stopStarted).toBeLessThan(grace * 1000);
    expect((await containerState(name)).exitCode).toBe(0);
  }, 120_000);
});
