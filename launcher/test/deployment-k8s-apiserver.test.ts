import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '@listings/platform/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { CLUSTER_SERVICES } from '../src/cluster.ts';
import {
  type ControlPlane,
  controlPlaneMissing,
  KUBERNETES_VALIDATE,
  kustomizeBuild,
  startControlPlane,
} from './kubernetes-control-plane.ts';
import { type Connection, describeConnection, type Endpoint, type NetworkPolicy, PolicySet } from './network-policy.ts';
import { ROOT, tempDataDir } from './support.ts';

/**
 * infra/k8s on a real Kubernetes API server (kube-apiserver v1.31.4 on etcd, on loopback: see
 * launcher/test/kubernetes-control-plane.ts and scripts/stand-ins/kubernetes.sh). Each overlay, as
 * kustomize builds it, passes a server-side dry run with strict field validation and no warning (the
 * namespaces' `restricted` Pod Security Standard included), then is created; its Deployments, read
 * back, carry the image, probes, security context and resources the overlay meant, and their pods
 * pass admission in their namespace; the created NetworkPolicies admit exactly the connections in
 * the table below and nothing else; and PyPI kubernetes-validate --strict accepts every object for
 * each Kubernetes version docs/deployment.md supports. deployment-k8s.test.ts checks the same
 * manifests offline.
 */
const missing = controlPlaneMissing();
if (missing) console.warn(`Kubernetes API server suite skipped: ${missing}`);

const exec = promisify(execFile);

const OVERLAYS = {
  dev: { namespace: 'listings-dev', image: 'listings:dev', requests: { cpu: '50m', memory: '192Mi' } as const },
  production: { namespace: 'listings', image: 'registry.example.com/listings:1.0.0', requests: undefined },
} as const;
type Overlay = keyof typeof OVERLAYS;

// biome-ignore lint/suspicious/noExplicitAny: Kubernetes objects are untyped JSON read by the checks below
type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string }; spec?: any };

/**
 * Who talks to whom, written once. The processes: the four services keep their events in KurrentDB,
 * their read models in MongoDB and their workflows on Temporal; the gateway its identity store in
 * MongoDB (production); the catalog alone writes Typesense;
 * every process is on NATS and asks DNS; the Ingress controller reaches the three edges; mcp-gateway
 * forwards the OAuth discovery documents from the gateway (GATEWAY_URL); Prometheus scrapes each
 * process's metrics port; the processes whose outbound fetches pass the SSRF guard (ports 80 and 443:
 * badge checks, crawls and the drafter's model, claim checks, OAuth client metadata documents) reach
 * public addresses, commerce reaches Stripe (HTTPS), and the processes that send mail (SMTP_URL)
 * reach public SMTP ports. The test also checks this table against each Deployment's variables.
 */
const SERVICES = ['catalog', 'drafting', 'commerce', 'claims'];
const WEB_FETCHERS = ['catalog', 'drafting', 'claims', 'gateway'];
const MAILERS = ['gateway', 'catalog', 'drafting', 'claims'];
type Need = readonly [from: string, to: string, port: number, protocol?: 'UDP'];
const needs = (ownPort: (process: string) => number): Need[] => [
  ...CLUSTER_SERVICES.flatMap((process): Need[] => [
    [process, 'kube-dns', 53, 'UDP'],
    [process, 'kube-dns', 53],
    [process, 'nats', 4222],
    ['prometheus', process, ownPort(process)],
  ]),
  ...SERVICES.flatMap((service): Need[] => [
    [service, 'kurrentdb', 2113],
    [service, 'mongodb', 27017],
    [service, 'temporal-frontend', 7233],
  ]),
  ['catalog', 'typesense', 8108],
  // the gateway's identity store (#28)
  ['gateway', 'mongodb', 27017],
  ...['gateway', 'mcp-gateway', 'web'].map((edge): Need => ['ingress-nginx-controller', edge, ownPort(edge)]),
  ['mcp-gateway', 'gateway', ownPort('gateway')],
  ...WEB_FETCHERS.flatMap((process): Need[] => [
    [process, 'internet', 80],
    [process, 'internet', 443],
  ]),
  ['commerce', 'internet', 443],
  ...MAILERS.flatMap((process): Need[] => [
    [process, 'internet', 465],
    [process, 'internet', 587],
  ]),
];

/** what lives outside the product's namespace, labelled as the charts of docs/deployment.md label it */
const OTHERS: Endpoint[] = [
  {
    name: 'kube-dns',
    namespace: 'kube-system',
    labels: { 'k8s-app': 'kube-dns' },
    ip: '10.244.9.10',
    ports: [
      { name: 'dns', port: 53, protocol: 'UDP' },
      { name: 'dns-tcp', port: 53, protocol: 'TCP' },
    ],
  },
  ...(
    [
      ['nats', 'listings-data', { 'app.kubernetes.io/name': 'nats' }, [4222, 6222, 8222]],
      ['kurrentdb', 'listings-data', { 'app.kubernetes.io/name': 'kurrentdb' }, [2113]],
      ['mongodb', 'listings-data', { 'app.kubernetes.io/name': 'mongodb' }, [27017]],
      ['typesense', 'listings-data', { 'app.kubernetes.io/name': 'typesense' }, [8108]],
      [
        'temporal-frontend',
        'temporal',
        { 'app.kubernetes.io/name': 'temporal', 'app.kubernetes.io/component': 'frontend' },
        [7233],
      ],
      [
        'temporal-history',
        'temporal',
        { 'app.kubernetes.io/name': 'temporal', 'app.kubernetes.io/component': 'history' },
        [7234],
      ],
      [
        'ingress-nginx-controller',
        'ingress-nginx',
        { 'app.kubernetes.io/name': 'ingress-nginx', 'app.kubernetes.io/component': 'controller' },
        [],
      ],
      [
        'ingress-nginx-admission',
        'ingress-nginx',
        { 'app.kubernetes.io/name': 'ingress-nginx', 'app.kubernetes.io/component': 'admission-webhook' },
        [8443],
      ],
      ['prometheus', 'monitoring', { 'app.kubernetes.io/name': 'prometheus' }, [9090]],
      ['grafana', 'monitoring', { 'app.kubernetes.io/name': 'grafana' }, [3000]],
      ['another-app', 'default', { app: 'another-app' }, [8080]],
    ] as const
  ).map(
    ([name, namespace, labels, ports], i): Endpoint => ({
      name,
      namespace,
      labels,
      ip: `10.244.8.${i + 1}`,
      ports: ports.map((port) => ({ port, protocol: 'TCP' })),
    }),
  ),
  { name: 'internet', ip: '93.184.215.14' },
  { name: 'private-network-host', ip: '10.20.30.40' },
  { name: 'cloud-metadata', ip: '169.254.169.254' },
  { name: 'loopback', ip: '127.0.0.1' },
];
const PORTS: readonly (readonly [number, 'TCP' | 'UDP'])[] = [
  [53, 'UDP'],
  ...[
    53, 22, 80, 443, 465, 587, 2113, 3000, 3001, 3002, 4222, 6222, 7233, 7234, 8080, 8108, 8443, 8222, 9090, 9464,
    27017,
  ].map((port) => [port, 'TCP'] as const),
];

/** the Kubernetes versions docs/deployment.md supports that kubernetes-validate has schemas for */
const supportedVersions = (): string[] => {
  const docs = readFileSync(path.join(ROOT, 'docs/deployment.md'), 'utf8');
  const [, minimum] = docs.match(/Kubernetes 1\.(\d+) or later/) ?? [];
  if (!minimum) throw new Error('docs/deployment.md names no "Kubernetes 1.N or later"');
  const venvLib = path.join(path.dirname(path.dirname(KUBERNETES_VALIDATE)), 'lib');
  const python = readdirSync(venvLib).find((entry) => entry.startsWith('python'));
  const schemas = path.join(
    venvLib,
    python as string,
    'site-packages',
    'kubernetes_validate',
    'kubernetes-json-schema',
  );
  return readdirSync(schemas)
    .map((entry) => entry.match(/^v1\.(\d+)\.0-local-strict$/)?.[1])
    .filter((minor): minor is string => minor !== undefined && Number(minor) >= Number(minimum))
    .sort((a, b) => Number(a) - Number(b))
    .map((minor) => `1.${minor}.0`);
};

describe.skipIf(missing)('infra/k8s on a real kube-apiserver', () => {
  let plane: ControlPlane;
  let files: ReturnType<typeof tempDataDir>;
  const built: Partial<Record<Overlay, { yaml: string; objects: K8sObject[] }>> = {};

  const get = async <T>(args: string[]): Promise<T> =>
    JSON.parse((await plane.kubectl(['get', ...args, '-o', 'json'])).stdout) as T;

  /** the dry run's and the real apply's output (both must be free of warnings), applied once per overlay */
  const applied: Partial<Record<Overlay, Promise<{ dryRun: string; apply: string; warnings: string[] }>>> = {};
  const apply = (overlay: Overlay) => {
    applied[overlay] ??= (async () => {
      const { yaml, objects } = built[overlay] as { yaml: string; objects: K8sObject[] };
      const file = path.join(files.dir, `${overlay}.yaml`);
      writeFileSync(file, yaml);
      const ssa = ['apply', '--server-side', '--field-manager=listings-test', '--validate=strict', '-o', 'name'];
      // namespaced objects need their namespace first, also in a dry run
      const namespaces = objects.filter((o) => o.kind === 'Namespace');
      const nsRun = await plane.kubectl([...ssa, '-f', '-'], namespaces.map((o) => JSON.stringify(o)).join('\n'));
      const namespace = OVERLAYS[overlay].namespace;
      // what the controller manager would make: the namespace's default ServiceAccount (pods need it)
      await plane.kubectl(['-n', namespace, 'create', 'serviceaccount', 'default']);
      const dryRun = await plane.kubectl([...ssa, '--dry-run=server', '-f', file]);
      const real = await plane.kubectl([...ssa, '-f', file]);
      const warnings = [nsRun.stderr, dryRun.stderr, real.stderr]
        .flatMap((text) => text.split('\n'))
        .filter((line) => /warning/i.test(line));
      return { dryRun: dryRun.stdout, apply: real.stdout, warnings };
    })();
    return applied[overlay];
  };

  beforeAll(async () => {
    files = tempDataDir();
    for (const overlay of Object.keys(OVERLAYS) as Overlay[]) {
      const yaml = await kustomizeBuild(overlay);
      built[overlay] = { yaml, objects: parseAllDocuments(yaml).map((d) => d.toJS() as K8sObject) };
    }
    plane = await startControlPlane();
    // the namespaces the NetworkPolicies name, so that their labels are the API server's own
    for (const namespace of ['ingress-nginx', 'monitoring', 'listings-data', 'temporal'])
      await plane.kubectl(['create', 'namespace', namespace]);
  }, 180_000);
  afterAll(async () => {
    await plane?.stop();
    files?.remove();
  });

  const nameOf = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;

  it.each(Object.keys(OVERLAYS))(
    'the %s overlay: every object passes a server-side dry run with strict field validation, without a warning, then is created',
    async (overlay) => {
      const { objects } = built[overlay as Overlay] as { objects: K8sObject[] };
      const { dryRun, apply: created, warnings } = await apply(overlay as Overlay);
      expect(warnings).toEqual([]);
      const lines = (text: string) => text.trim().split('\n').filter(Boolean).length;
      expect(lines(dryRun)).toBe(objects.length);
      expect(lines(created)).toBe(objects.length);
      const file = path.join(files.dir, `${overlay}.yaml`);
      const stored = await get<{ items: K8sObject[] }>(['-f', file]);
      expect(stored.items.map(nameOf).sort()).toEqual(objects.map(nameOf).sort());
      const namespace = OVERLAYS[overlay as Overlay].namespace;
      for (const object of stored.items)
        if (object.kind !== 'Namespace') expect(object.metadata.namespace, nameOf(object)).toBe(namespace);
    },
    120_000,
  );

  it.each(Object.keys(OVERLAYS))(
    'the %s overlay as created: each Deployment carries the image, probes, security context and resources the overlay meant, and its pod is admitted',
    async (overlay) => {
      const meant = OVERLAYS[overlay as Overlay];
      await apply(overlay as Overlay);
      const { objects } = built[overlay as Overlay] as { objects: K8sObject[] };
      const stored = await get<{ items: K8sObject[] }>(['-n', meant.namespace, 'deployments']);
      expect(stored.items.map((d) => d.metadata.name).sort()).toEqual([...CLUSTER_SERVICES].sort());
      for (const deployment of stored.items) {
        const name = deployment.metadata.name;
        const asBuilt = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === name) as K8sObject;
        const pod = deployment.spec.template.spec;
        const wanted = asBuilt.spec.template.spec;
        const [container] = pod.containers;
        const [wantedContainer] = wanted.containers;
        expect(pod.containers, name).toHaveLength(1);
        expect(container.image, name).toBe(meant.image);
        if (overlay === 'dev') expect(deployment.spec.replicas, name).toBe(1);
        // probes: as built (the server adds only its defaults), on the process's own port
        const port = container.ports[0].name;
        for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe'])
          expect(container[probe], `${name} ${probe}`).toMatchObject(wantedContainer[probe]);
        expect(container.startupProbe.httpGet, name).toMatchObject({ path: '/healthz', port, scheme: 'HTTP' });
        expect(container.livenessProbe.httpGet, name).toMatchObject({ path: '/healthz', port, scheme: 'HTTP' });
        expect(container.readinessProbe.httpGet, name).toMatchObject({ path: '/readyz', port, scheme: 'HTTP' });
        expect(container.startupProbe.periodSeconds * container.startupProbe.failureThreshold, name).toBe(300);
        // security context: the restricted standard, as the server stored it
        expect(pod.securityContext, name).toEqual(wanted.securityContext);
        expect(pod.securityContext, name).toMatchObject({
          runAsNonRoot: true,
          runAsUser: 1000,
          runAsGroup: 1000,
          seccompProfile: { type: 'RuntimeDefault' },
        });
        expect(pod.automountServiceAccountToken, name).toBe(false);
        expect(container.securityContext, name).toEqual({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        // resources: the overlay's requests, a memory limit
        expect(container.resources, name).toEqual(wantedContainer.resources);
        if (meant.requests) expect(container.resources.requests, name).toEqual(meant.requests);
        expect(container.resources.limits.memory, name).toMatch(/^\d+(Mi|Gi)$/);
        // the pod the Deployment would make passes admission (Pod Security `restricted` enforced) in its namespace
        const admitted = await plane.kubectl(
          ['create', '--dry-run=server', '--validate=strict', '-o', 'name', '-f', '-'],
          JSON.stringify({
            apiVersion: 'v1',
            kind: 'Pod',
            metadata: {
              name: `${name}-pod`,
              namespace: meant.namespace,
              labels: deployment.spec.template.metadata.labels,
            },
            spec: pod,
          }),
        );
        expect(admitted.stdout.trim(), name).toBe(`pod/${name}-pod`);
        expect(admitted.stderr, name).not.toMatch(/warning/i);
      }
    },
    120_000,
  );

  it.each(Object.keys(OVERLAYS))(
    'the %s overlay as created: each process accepts the environment its pod gets (the ConfigMap, its env, and the variables Kubernetes adds for every Service unless service links are off)',
    async (overlay) => {
      const { namespace } = OVERLAYS[overlay as Overlay];
      await apply(overlay as Overlay);
      await apply('dev');
      const config = await get<{ data: Record<string, string> }>(['-n', namespace, 'configmap', 'listings-config']);
      // the dev overlay's generated store Secret stands for production's (created out of git)
      const stores = await get<{ data: Record<string, string> }>(['-n', 'listings-dev', 'secret', 'listings-stores']);
      const services = await get<{ items: K8sObject[] }>(['-n', namespace, 'services']);
      // what the kubelet puts in every container of the namespace when enableServiceLinks is not false
      const serviceLinks = Object.fromEntries(
        services.items.flatMap((service) => {
          const prefix = service.metadata.name.toUpperCase().replaceAll('-', '_');
          const [first] = service.spec.ports;
          return [
            [`${prefix}_SERVICE_HOST`, service.spec.clusterIP],
            [`${prefix}_SERVICE_PORT`, String(first.port)],
            [`${prefix}_PORT`, `tcp://${service.spec.clusterIP}:${first.port}`],
          ];
        }),
      );
      const deployments = await get<{ items: K8sObject[] }>(['-n', namespace, 'deployments']);
      const refused: string[] = [];
      for (const deployment of deployments.items) {
        const pod = deployment.spec.template.spec;
        const [container] = pod.containers;
        const env: Record<string, string> = { ...(pod.enableServiceLinks === false ? {} : serviceLinks) };
        Object.assign(env, config.data);
        for (const entry of container.env ?? []) {
          const ref = entry.valueFrom?.secretKeyRef;
          if (ref?.name === 'listings-stores')
            env[entry.name] = Buffer.from(stores.data[ref.key] as string, 'base64').toString();
          else if (!ref) env[entry.name] = entry.value;
          // an optional Secret (mail, Stripe, OpenAI) left out: the default
        }
        try {
          loadConfig(env, ROOT);
        } catch (error) {
          refused.push(`${deployment.metadata.name}: ${(error as Error).message}`);
        }
      }
      expect(refused).toEqual([]);
    },
  );

  it('the NetworkPolicies as created admit exactly the connections the processes need, in both overlays', async () => {
    for (const overlay of Object.keys(OVERLAYS) as Overlay[]) await apply(overlay);
    const policies = await get<{ items: NetworkPolicy[] }>(['networkpolicies', '--all-namespaces']);
    const namespaces = await get<{ items: { metadata: { name: string; labels: Record<string, string> } }[] }>([
      'namespaces',
    ]);
    const set = new PolicySet(
      policies.items,
      Object.fromEntries(namespaces.items.map((ns) => [ns.metadata.name, ns.metadata.labels])),
    );
    const productNamespaces = Object.values(OVERLAYS).map((o) => o.namespace as string);
    const pods: Endpoint[] = [];
    const needed = new Set<string>();
    for (const [index, { namespace }] of Object.values(OVERLAYS).entries()) {
      const deployments = await get<{ items: K8sObject[] }>(['-n', namespace, 'deployments']);
      const ports = new Map<string, number>();
      for (const [i, deployment] of deployments.items.entries()) {
        const [container] = deployment.spec.template.spec.containers;
        ports.set(deployment.metadata.name, container.ports[0].containerPort);
        pods.push({
          name: `${namespace}/${deployment.metadata.name}`,
          namespace,
          labels: deployment.spec.template.metadata.labels,
          ip: `10.244.${index}.${i + 1}`,
          ports: container.ports.map((p: { name: string; containerPort: number; protocol: string }) => ({
            name: p.name,
            port: p.containerPort,
            protocol: p.protocol,
          })),
        });
        // the table agrees with what each Deployment is configured to reach
        const variables = (container.env ?? []).map((e: { name: string }) => e.name);
        const name = deployment.metadata.name;
        expect(variables.includes('KURRENTDB_URL'), name).toBe(SERVICES.includes(name));
        expect(variables.includes('TYPESENSE_API_KEY'), name).toBe(name === 'catalog');
        expect(variables.includes('SMTP_URL'), name).toBe(MAILERS.includes(name));
        expect(variables.includes('STRIPE_SECRET_KEY'), name).toBe(name === 'commerce');
        expect(variables.includes('GATEWAY_URL'), name).toBe(name === 'mcp-gateway');
      }
      const qualify = (endpoint: string) =>
        (CLUSTER_SERVICES as readonly string[]).includes(endpoint) ? `${namespace}/${endpoint}` : endpoint;
      for (const [from, to, port, protocol = 'TCP'] of needs((process) => ports.get(process) as number))
        needed.add(`${qualify(from)} -> ${qualify(to)}:${port}/${protocol}`);
    }
    const endpoints = [...pods, ...OTHERS];
    const allowed: string[] = [];
    for (const from of endpoints)
      for (const to of endpoints)
        for (const [port, protocol] of PORTS) {
          const connection: Connection = { from, to, port, protocol };
          const touchesProduct = [from, to].some((e) => productNamespaces.includes(e.namespace as string));
          if (touchesProduct && set.allows(connection)) allowed.push(describeConnection(connection));
        }
    expect(allowed.sort()).toEqual([...needed].sort());
  });

  it('is not a formality: the server refuses an unknown field and a pod the restricted standard forbids, and the policy check sees a missing rule', async () => {
    await apply('production');
    const { objects } = built.production as { objects: K8sObject[] };
    const deployment = objects.find((o) => o.kind === 'Deployment') as K8sObject;
    const [container] = deployment.spec.template.spec.containers;
    const withUnknownField = structuredClone(deployment);
    withUnknownField.spec.template.spec.containers[0] = { ...container, readinesProbe: container.readinessProbe };
    await expect(
      plane.kubectl(
        ['apply', '--server-side', '--dry-run=server', '--validate=strict', '-f', '-'],
        JSON.stringify(withUnknownField),
      ),
    ).rejects.toThrow(/readinesProbe: field not declared in schema/);
    const root = { ...deployment.spec.template.spec, securityContext: { runAsUser: 0 } };
    await expect(
      plane.kubectl(
        ['create', '--dry-run=server', '-f', '-'],
        JSON.stringify({
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name: 'root', namespace: 'listings' },
          spec: root,
        }),
      ),
    ).rejects.toThrow(/violates PodSecurity "restricted/);
    // without the policy that lets mcp-gateway reach the gateway, that connection is refused
    const policies = await get<{ items: NetworkPolicy[] }>(['-n', 'listings', 'networkpolicies']);
    const namespaces = { listings: { 'kubernetes.io/metadata.name': 'listings' } };
    const pod = (name: string, port: number): Endpoint => ({
      name,
      namespace: 'listings',
      labels: { 'app.kubernetes.io/name': name },
      ip: `10.244.0.${port % 250}`,
      ports: [{ name: 'http', port, protocol: 'TCP' }],
    });
    const connection: Connection = {
      from: pod('mcp-gateway', 3001),
      to: pod('gateway', 3000),
      port: 3000,
      protocol: 'TCP',
    };
    expect(new PolicySet(policies.items, namespaces).allows(connection)).toBe(true);
    const without = (name: string) => policies.items.filter((p) => p.metadata.name !== name);
    expect(new PolicySet(without('mcp-gateway-to-gateway'), namespaces).allows(connection)).toBe(false);
    expect(new PolicySet(without('gateway-from-mcp-gateway'), namespaces).allows(connection)).toBe(false);
  });

  it('kubernetes-validate --strict accepts every object of both overlays for each Kubernetes version docs/deployment.md supports', async () => {
    const versions = supportedVersions();
    expect(versions[0]).toBe('1.30.0');
    expect(versions.length).toBeGreaterThanOrEqual(2);
    const overlayFiles = (Object.keys(OVERLAYS) as Overlay[]).map((overlay) => {
      const file = path.join(files.dir, `validate-${overlay}.yaml`);
      writeFileSync(file, (built[overlay] as { yaml: string }).yaml);
      return file;
    });
    const bad = path.join(files.dir, 'validate-unknown-field.yaml');
    writeFileSync(
      bad,
      'apiVersion: v1\nkind: Service\nmetadata: { name: x }\nspec: { ports: [{ port: 80 }], bogus: 1 }\n',
    );
    const results = await Promise.all(
      versions.map(async (version) => {
        const run = (file: string[]) =>
          exec(KUBERNETES_VALIDATE, ['--strict', '--quiet', '-k', version, ...file], { encoding: 'utf8' }).then(
            ({ stdout, stderr }) => ({ ok: true, output: stdout + stderr }),
            (error: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${error.stdout}${error.stderr}` }),
          );
        return { version, good: await run(overlayFiles), bad: await run([bad]) };
      }),
    );
    for (const { version, good, bad: refused } of results) {
      expect(good, version).toEqual({ ok: true, output: '' });
      expect(refused.ok, version).toBe(false);
      expect(refused.output, version).toMatch(/'bogus' was unexpected/);
    }
  }, 120_000);
});
