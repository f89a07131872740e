import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { EnvironmentSchema, VARIABLE_NAMES } from './environment.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** product source files: tests, test helpers, benchmarks and scripts are not the product */
const productSources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'test', 'testing', 'bench'].includes(entry.name) ? [] : productSources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });

const problemsOf = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('the one configuration module', () => {
  it('is the only product code that reads process.env (the launcher only passes it on to its children)', () => {
    const roots = [
      ...readdirSync(path.join(root, 'packages')).map((name) => path.join(root, 'packages', name, 'src')),
      ...readdirSync(path.join(root, 'services')).map((name) => path.join(root, 'services', name, 'src')),
      path.join(root, 'launcher', 'src'),
    ];
    const readers = roots
      .flatMap((dir) => {
        try {
          return productSources(dir);
        } catch {
          return [];
        }
      })
      .filter((file) => /process\.env\b/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(readers.length).toBeGreaterThan(0);
    expect(readers.sort()).toEqual(['launcher/src/cluster.ts', 'packages/platform/src/config.ts']);
    // and the launcher passes the environment through without reading a variable from it
    expect(readFileSync(path.join(root, 'launcher/src/cluster.ts'), 'utf8')).not.toMatch(/process\.env\s*(\.|\[)/);
  });

  it('the configuration table (docs/configuration.md) lists exactly the schema variables', () => {
    const page = readFileSync(path.join(root, 'docs/configuration.md'), 'utf8');
    const listed = [...page.matchAll(/^\| `([A-Z0-9_]+)` +\|/gm)].map((match) => match[1]);
    expect(listed.sort()).toEqual([...VARIABLE_NAMES].sort());
  });

  it('gives every variable a description, and a secret never appears in a problem', () => {
    for (const name of VARIABLE_NAMES) {
      const schema = EnvironmentSchema.properties[name] as { description?: string };
      expect(schema.description?.length, name).toBeGreaterThan(5);
    }
    expect(() => loadConfig({ TEMPORAL_TASK_QUEUE: 'two words', OPENAI_MODEL: 'a b' })).toThrow(ConfigError);
    const message = problemsOf({ TEMPORAL_TASK_QUEUE: 'two words', PORT: 'x', MONGO_URL: 'http://u:hunter2@db' });
    expect(message).toContain('TEMPORAL_TASK_QUEUE must match');
    expect(message).toContain('PORT must be a port number');
    expect(message).toContain('MONGO_URL');
    expect(message).not.toContain('hunter2');
  });

  it('holds every service’s part: workflows, drafter, edges, MCP', () => {
    const config = loadConfig({
      PORT: '4000',
      TEMPORAL_ADDRESS: 'temporal:7233',
      TEMPORAL_COMMERCE_TASK_QUEUE: 'orders',
      TEMPORAL_NAMESPACE: 'listings-prod',
      OPENAI_API_KEY: 'sk-test',
      RATE_LIMIT_TOKEN: '5/10',
    });
    expect(config.temporal).toEqual({
      address: 'temporal:7233',
      namespace: 'listings-prod',
      taskQueues: { drafting: 'drafting', commerce: 'orders', catalog: 'catalog', claims: 'claims' },
    });
    expect(loadConfig({}).temporal.namespace).toBe('default');
    expect(() => loadConfig({ TEMPORAL_NAMESPACE: 'two words' })).toThrow(/TEMPORAL_NAMESPACE/);
    expect(config.openAi).toEqual({ apiKey: 'sk-test', baseURL: undefined, model: 'gpt-4o-mini' });
    expect(config.edge.rateLimitToken).toEqual({ name: 'token', limit: 5, windowSeconds: 10 });
    expect(config.mcp).toEqual({ port: 4001, gatewayUrl: 'http://127.0.0.1:4000', conformanceFixtures: false });
  });
});
