import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { until } from '@listings/platform/testing/until';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlPlaneMissing, KUBECTL } from './kubernetes-control-plane.ts';
import { freePort, ROOT } from './support.ts';

/**
 * Pods that run: the dev overlay on a one-node cluster on this machine (scripts/kubernetes/one-node.sh:
 * etcd, kube-apiserver, controller manager, scheduler, containerd's CRI and a kubelet, the pods on a
 * bridge of their own), the project's image `listings:dev` loaded from the Docker engine (built by
 * scripts/containers/images.sh), stand-in stores on the bridge. Then flows through the backend
 * Services (kubectl port-forward on loopback), and a killed pod replaced by its Deployment with
 * nothing lost. Minutes of CPU: only with K8S_NODE=1 (and root, the node binaries, the image).
 */
const nodeMissing = (): string | undefined => {
  if (process.env.K8S_NODE !== '1') return 'set K8S_NODE=1 to run it (minutes of CPU; needs root)';
  if (process.getuid?.() !== 0) return 'it needs root (containerd, the kubelet and the CNI bridge)';
  const binaries = ['kubelet', 'kube-controller-manager', 'kube-scheduler'].filter(
    (binary) => !existsSync(path.join(path.dirname(KUBECTL), binary)),
  );
  if (binaries.length > 0 || controlPlaneMissing())
    return `${[...binaries, controlPlaneMissing()].filter(Boolean).join(', ')} missing (K8S_NODE=1 bash scripts/stand-ins/kubernetes.sh)`;
  try {
    execFileSync('docker', ['image', 'inspect', 'listings:dev'], { stdio: 'ignore' });
  } catch {
    return 'the image listings:dev is not in the Docker engine (bash scripts/containers/images.sh)';
  }
  return undefined;
};
const missing = nodeMissing();
if (missing) console.warn(`one-node Kubernetes suite skipped: ${missing}`);

const run = promisify(execFile);
const SCRIPT = path.join(ROOT, 'scripts/kubernetes/one-node.sh');
const NAMESPACE = 'listings-dev';

describe.skipIf(missing)('the dev overlay on a one-node cluster', () => {
  let dir = '';
  const kubectl = async (...args: string[]) =>
    (await run(KUBECTL, [`--kubeconfig=${dir}/kubeconfig`, '-n', NAMESPACE, ...args], { encoding: 'utf8' })).stdout;
  const forwards: ChildProcess[] = [];
  /** a port on loopback forwarded to a Service of the overlay */
  const forward = async (service: string): Promise<string> => {
    const port = await freePort();
    const child = spawn(
      KUBECTL,
      [
        `--kubeconfig=${dir}/kubeconfig`,
        '-n',
        NAMESPACE,
        'port-forward',
        '--address=127.0.0.1',
        `svc/${service}`,
        `${port}:80`,
      ],
      { stdio: 'ignore' },
    );
    forwards.push(child);
    const base = `http://127.0.0.1:${port}`;
    await until(
      () =>
        fetch(`${base}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      (status) => status === 200,
      { tries: 100, everyMs: 300 },
    );
    return base;
  };
  const allReady = () =>
    until(
      async () => {
        const pods = JSON.parse(await kubectl('get', 'pods', '-o', 'json')) as {
          items: {
            metadata: { name: string; deletionTimestamp?: string };
            status: { conditions?: { type: string; status: string }[] };
          }[];
        };
        return pods.items
          .filter((p) => !p.metadata.deletionTimestamp)
          .map((p) => ({
            name: p.metadata.name,
            ready: p.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'),
          }));
      },
      (pods) => pods.length === 7 && pods.every((p) => p.ready),
      { tries: 200, everyMs: 3_000 },
    );

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'one-node-'));
    const env = { ...process.env, PATH: `${process.env.PATH}:/usr/sbin` };
    await run('bash', [SCRIPT, 'up', dir], { env });
    await run('bash', [SCRIPT, 'load', dir, 'listings:dev'], { env });
    await run('bash', [SCRIPT, 'dev', dir], { env });
    await allReady();
  }, 900_000);
  afterAll(async () => {
    for (const child of forwards) child.kill();
    if (dir) await run('bash', [SCRIPT, 'down', dir]);
  }, 120_000);

  it('runs every process of the dev overlay Ready, from the locally built image', async () => {
    const pods = await allReady();
    expect(pods.map((p) => p.name.replace(/-[a-z0-9]+-[a-z0-9]+$/, '')).sort()).toEqual([
      'catalog',
      'claims',
      'commerce',
      'drafting',
      'gateway',
      'mcp-gateway',
      'web',
    ]);
    const images = (await kubectl('get', 'pods', '-o', 'jsonpath={.items[*].spec.containers[0].image}')).split(' ');
    expect(new Set(images)).toEqual(new Set(['listings:dev']));
  }, 600_000);

  it('answers the REST API, the site and MCP through their Services, and a killed pod comes back with nothing lost', async () => {
    const gateway = await forward('gateway');
    const categories = await fetch(`${gateway}/api/v1/categories`);
    expect(categories.status).toBe(200);
    const before = await categories.json();
    const web = await forward('web');
    const home = await fetch(`${web}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/<html/i);
    const mcp = await forward('mcp-gateway');
    const initialize = await fetch(`${mcp}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'one-node', version: '1' } },
      }),
    });
    expect(initialize.status).toBe(200);
    // an API key made in the gateway's pod, kept in its identity store on the PersistentVolume
    const created = await kubectl(
      'exec',
      'deploy/gateway',
      '--',
      'node',
      'launcher/src/cli.ts',
      'api-key',
      'create',
      '--email',
      'one-node@example.com',
      '--scopes',
      'account:read',
    );
    const key = created.trimEnd().split('\n').at(-1) as string;
    const me = () => fetch(`${gateway}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    expect((await me()).status).toBe(200);

    // kill the gateway's and the catalog's pods: their Deployments replace them
    for (const name of ['gateway', 'catalog']) {
      const [old] = (await kubectl('get', 'pods', '-l', `app.kubernetes.io/name=${name}`, '-o', 'name'))
        .trim()
        .split('\n');
      await kubectl('delete', old as string, '--grace-period=0', '--force', '--wait=true');
    }
    await allReady();
    for (const child of forwards.splice(0)) child.kill();
    const again = await forward('gateway');
    const after = await fetch(`${again}/api/v1/categories`);
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual(before);
    expect((await fetch(`${again}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
  }, 900_000);
});
