import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { VARIABLE_NAMES } from '@listings/platform/config';
import * as models from 'kubernetes-models';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { CLUSTER_SERVICES } from '../src/cluster.ts';
import { ROOT } from './support.ts';

/**
 * infra/k8s, checked offline: `kustomize build` of each overlay (kustomize 5.7.1 from
 * scripts/stand-ins/kustomize.sh), then every object it yields validated against the Kubernetes
 * API schema of its kind with npm kubernetes-models (a kind it does not know fails), then what the
 * production overlay must hold: a Deployment per process with probes on /healthz and /readyz,
 * resources and a locked-down securityContext, HPAs for the edges, PDBs, NetworkPolicies and the
 * Ingress routes. (kubernetes-models checks types, required fields, enums and formats; its schemas
 * let unknown fields through, as the API server's do not.)
 */
const STAND_INS = path.join(ROOT, '.cache', 'stand-ins');
const kustomizeBinary = (): string | undefined => {
  const cached = existsSync(STAND_INS)
    ? readdirSync(STAND_INS)
        .filter((entry) => entry.startsWith('kustomize-'))
        .map((entry) => path.join(STAND_INS, entry, 'kustomize'))
        .find((file) => existsSync(file))
    : undefined;
  if (cached) return cached;
  try {
    execFileSync('kustomize', ['version'], { stdio: 'ignore' });
    return 'kustomize';
  } catch {
    return undefined;
  }
};
const kustomize = kustomizeBinary();
if (!kustomize)
  console.warn('Kubernetes manifest suite skipped: kustomize is not installed (bash scripts/stand-ins/kustomize.sh)');

// biome-ignore lint/suspicious/noExplicitAny: manifests are untyped YAML read by the checks below
type K8sObject = { apiVersion: string; kind: string; metadata: { name: string }; spec?: any; data?: any };

const build = (overlay: string): K8sObject[] => {
  const output = execFileSync(kustomize as string, ['build', path.join(ROOT, 'infra/k8s/overlays', overlay)], {
    encoding: 'utf8',
  });
  return parseAllDocuments(output).map((document) => unwrapSecretData(document.toJS() as K8sObject));
};

/**
 * kustomize writes a generated Secret's base64 values wrapped at 70 columns; the API server's
 * base64 decoding skips the line breaks, kubernetes-models' `byte` format does not: unwrap them
 */
const unwrapSecretData = (object: K8sObject): K8sObject =>
  object.kind === 'Secret' && object.data
    ? {
        ...object,
        data: Object.fromEntries(
          Object.entries(object.data as Record<string, string>).map(([key, value]) => [key, value.replace(/\s+/g, '')]),
        ),
      }
    : object;

/** `networking.k8s.io/v1` -> models.networkingK8sIo.v1; `v1` -> models.v1 */
const modelOf = (apiVersion: string, kind: string): (new (data: unknown) => { validate(): void }) | undefined => {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const namespace = group
    ? (models as Record<string, unknown>)[
        (group as string)
          .split('.')
          .map((part, i) => (i === 0 ? part : part[0]?.toUpperCase() + part.slice(1)))
          .join('')
      ]
    : models;
  const versioned = (namespace as Record<string, Record<string, unknown>> | undefined)?.[version as string];
  return versioned?.[kind] as (new (data: unknown) => { validate(): void }) | undefined;
};

/** the validation errors of one object: its kind unknown, or its model's schema not met */
const problemsOf = (object: K8sObject): string | null => {
  const Model = modelOf(object.apiVersion, object.kind);
  if (!Model) return `${object.apiVersion} ${object.kind} is not a kind kubernetes-models knows`;
  try {
    new Model(object).validate();
    return null;
  } catch (error) {
    return `${object.kind} ${object.metadata?.name}: ${(error as Error).message}`;
  }
};

describe.skipIf(!kustomize)('infra/k8s', () => {
  const overlays = { dev: build('dev'), production: build('production') };

  it.each(Object.keys(overlays))('when the %s overlay is built then every object is valid for its kind', (overlay) => {
    const objects = overlays[overlay as keyof typeof overlays];
    expect(objects.length).toBeGreaterThan(30);
    expect(objects.map(problemsOf).filter((problem) => problem !== null)).toEqual([]);
  });

  it('when an object is wrong or of an unknown kind then the check says so (it is not a formality)', () => {
    const deployment = overlays.production.find((o) => o.kind === 'Deployment') as K8sObject;
    expect(problemsOf({ ...deployment, spec: { ...deployment.spec, replicas: 'two' } })).toMatch(/replicas/);
    const { selector: _selector, ...withoutSelector } = deployment.spec;
    expect(problemsOf({ ...deployment, spec: withoutSelector })).toMatch(/selector/);
    expect(problemsOf({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } })).toMatch(/not a kind/);
  });

  const production = overlays.production;
  const ofKind = (kind: string) => production.filter((o) => o.kind === kind);

  it('has a Deployment for each of the seven processes, probing /healthz and /readyz, with resources and a locked-down securityContext', () => {
    const deployments = ofKind('Deployment');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...CLUSTER_SERVICES].sort());
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const pod = deployment.spec.template.spec;
      const [container] = pod.containers;
      expect(container.command.at(-1), name).toBe(`services/${name}/src/server.ts`);
      const port = container.ports[0].name;
      expect(container.livenessProbe.httpGet, name).toEqual({ path: '/healthz', port });
      expect(container.readinessProbe.httpGet, name).toEqual({ path: '/readyz', port });
      expect(container.resources.requests, name).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
      expect(container.resources.limits.memory, name).toEqual(expect.any(String));
      expect(pod.securityContext, name).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
      expect(container.securityContext, name).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      // a read-only root: /tmp is an emptyDir
      const tmp = container.volumeMounts.find((m: { mountPath: string }) => m.mountPath === '/tmp');
      expect(pod.volumes.find((v: { name: string }) => v.name === tmp?.name)?.emptyDir, name).toBeDefined();
      expect(deployment.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': name });
    }
    const image = deployments[0]?.spec.template.spec.containers[0].image;
    expect(image).toMatch(/^registry\.example\.com\/listings:/);
  });

  it('configures every process only with variables of the configuration schema, secrets by reference', () => {
    const declared = VARIABLE_NAMES as string[];
    const config = ofKind('ConfigMap').find((c) => c.metadata.name === 'listings-config') as K8sObject;
    expect(Object.keys(config.data).filter((key) => !declared.includes(key))).toEqual([]);
    for (const deployment of ofKind('Deployment')) {
      const [container] = deployment.spec.template.spec.containers;
      const names = (container.env ?? []).map((e: { name: string }) => e.name);
      expect(
        names.filter((n: string) => !declared.includes(n)),
        deployment.metadata.name,
      ).toEqual([]);
      for (const secret of ['KURRENTDB_URL', 'MONGO_URL', 'TYPESENSE_API_KEY', 'SMTP_URL', 'STRIPE_SECRET_KEY']) {
        const entry = (container.env ?? []).find((e: { name: string }) => e.name === secret);
        if (entry)
          expect(entry.valueFrom?.secretKeyRef?.name, `${deployment.metadata.name} ${secret}`).toMatch(/^listings-/);
      }
      expect(container.envFrom).toEqual([{ configMapRef: { name: 'listings-config' } }]);
    }
  });

  it('autoscales every process and has a disruption budget for every process', () => {
    const hpas = ofKind('HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual([...CLUSTER_SERVICES].sort());
    for (const hpa of hpas) expect(hpa.spec.scaleTargetRef.kind).toBe('Deployment');
    const pdbs = ofKind('PodDisruptionBudget');
    expect(pdbs.map((p) => p.spec.selector.matchLabels['app.kubernetes.io/name']).sort()).toEqual(
      [...CLUSTER_SERVICES].sort(),
    );
  });

  it('keeps no process on a volume or pinned to a node (#28: identity, like the services, is in the stores)', () => {
    expect(ofKind('PersistentVolumeClaim').map((claim) => claim.metadata.name)).toEqual([]);
    for (const deployment of ofKind('Deployment')) {
      const name = deployment.metadata.name;
      const pod = deployment.spec.template.spec;
      const claims = pod.volumes
        .filter((volume: { persistentVolumeClaim?: unknown }) => volume.persistentVolumeClaim)
        .map((volume: { name: string }) => volume.name);
      const pinned = Boolean(pod.affinity?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution);
      expect({ claims, pinned }, name).toEqual({ claims: [], pinned: false });
      expect(pod.affinity?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution, name).toBeDefined();
    }
  });

  it('denies all traffic by default, lets only the edges take traffic from the Ingress controller, and gives DNS egress', () => {
    const policies = ofKind('NetworkPolicy');
    const deny = policies.find((p) => p.metadata.name === 'default-deny');
    expect(deny?.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    const fromIngress = policies.filter((p) =>
      (p.spec.ingress ?? []).some(
        (rule: { from?: { namespaceSelector?: { matchLabels?: Record<string, string> } }[] }) =>
          (rule.from ?? []).some(
            (f) => f.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'ingress-nginx',
          ),
      ),
    );
    expect(fromIngress.map((p) => p.spec.podSelector)).toEqual([
      { matchLabels: { 'app.kubernetes.io/component': 'edge' } },
    ]);
    const edges = ofKind('Deployment')
      .filter((d) => d.spec.template.metadata.labels['app.kubernetes.io/component'] === 'edge')
      .map((d) => d.metadata.name);
    expect(edges.sort()).toEqual(['gateway', 'mcp-gateway', 'web']);
    const dns = policies
      .flatMap((p) => p.spec.egress ?? [])
      .filter((rule: { ports?: { port: number }[] }) => (rule.ports ?? []).some((port) => port.port === 53));
    expect(dns.length).toBeGreaterThan(0);
  });

  it('routes /api (and the gateway’s other paths) to gateway, /mcp to mcp-gateway and / to web', () => {
    const ingresses = ofKind('Ingress');
    const routes = Object.fromEntries(
      ingresses.flatMap((ingress) =>
        (ingress.spec.rules[0].http.paths ?? []).map((p: { path: string; backend: { service: { name: string } } }) => [
          p.path,
          p.backend.service.name,
        ]),
      ),
    );
    expect(routes).toMatchObject({ '/api': 'gateway', '/mcp': 'mcp-gateway', '/': 'web' });
    for (const path of ['/oauth', '/.well-known', '/badges', '/webhooks']) expect(routes[path], path).toBe('gateway');
    // the password pages and /account/api-keys (now a redirect to /me) are the site's: no route of their own
    for (const path of ['/signin', '/signup', '/signout', '/account']) expect(routes[path], path).toBeUndefined();
    for (const ingress of ingresses) expect(ingress.spec.tls?.[0]?.secretName).toBe('listings-tls');
    // 2025-era MCP sessions live in one replica's memory: /mcp alone is hashed on Mcp-Session-Id
    const mcp = ingresses.find((ingress) =>
      ingress.spec.rules[0].http.paths.some((p: { path: string }) => p.path === '/mcp'),
    );
    expect(
      (mcp?.metadata as { annotations?: Record<string, string> } | undefined)?.annotations?.[
        'nginx.ingress.kubernetes.io/upstream-hash-by'
      ],
    ).toBe('$http_mcp_session_id');
    expect(mcp?.spec.rules[0].http.paths).toHaveLength(1);
  });
});
