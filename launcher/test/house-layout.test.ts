/**
 * The house layout (docs/layout.md, STYLE.md "Layout"): every service has the same folders, every
 * operation is found by its id, code only tests use lives outside src/, and no product source
 * file runs over 400 lines. It reads the tree as text: nothing is started.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { operations } from '@listings/contracts';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SERVICES = ['catalog', 'claims', 'commerce', 'drafting'] as const;
/** what a service's src/ may hold at its top level (adapters/, server.ts and config.ts are optional) */
const REQUIRED = ['main.ts', 'domain', 'application', 'projections', 'workflows', 'activities', 'entrypoints'];
const ALLOWED = new Set([...REQUIRED, 'adapters', 'server.ts', 'config.ts']);
const MAX_LINES = 400;

/** the files below a folder, leaving out node_modules and dot-folders */
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
        const path = join(dir, entry.name);
        return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
      })
    : [];
const isTest = (path: string) => /\.test\.ts$|\.contract\.ts$/.test(path) || path.includes('/test/');
const rel = (path: string) => relative(root, path);
/** as `wc -l` counts them */
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** where each operation's handler lives: `services/<service>/src/application/<operation_id>.ts` */
const handlerFile = (op: (typeof operations)[number]) =>
  op.service === 'gateway'
    ? join(root, 'packages/identity/src/application', `${op.operationId}.ts`)
    : join(root, 'services', op.service, 'src/application', `${op.operationId}.ts`);

describe('the house layout', () => {
  it('when an operation id is known then its handler is the file of that name in its service, wired in entrypoints/', () => {
    const missing: string[] = [];
    const unwired: string[] = [];
    for (const op of operations) {
      const file = handlerFile(op);
      if (!existsSync(file)) {
        missing.push(`${op.operationId} (${rel(file)})`);
        continue;
      }
      if (op.service === 'gateway') continue;
      const wiring = filesUnder(join(root, 'services', op.service, 'src/entrypoints')).filter((f) => !isTest(f));
      const wired = wiring.some((f) => readFileSync(f, 'utf8').includes(`/application/${op.operationId}.ts'`));
      if (!wired) unwired.push(`${op.operationId} (no file in services/${op.service}/src/entrypoints imports it)`);
    }
    expect(missing).toEqual([]);
    expect(unwired).toEqual([]);
    expect(operations).toHaveLength(65);
  });

  it.each(SERVICES)('when %s is opened then its src/ has the same folders as every service', (service) => {
    const src = join(root, 'services', service, 'src');
    const entries = readdirSync(src);
    expect(REQUIRED.filter((name) => !entries.includes(name))).toEqual([]);
    expect(entries.filter((name) => !ALLOWED.has(name))).toEqual([]);
  });

  it.each(SERVICES)('when a %s aggregate is opened then it holds <aggregate>.ts and decide.ts', (service) => {
    const domain = join(root, 'services', service, 'src/domain');
    const aggregates = readdirSync(domain).filter((name) => statSync(join(domain, name)).isDirectory());
    expect(aggregates.length).toBeGreaterThan(0);
    const lacking = aggregates.flatMap((name) =>
      [`${name}.ts`, 'decide.ts']
        .filter((file) => !existsSync(join(domain, name, file)))
        .map((file) => `domain/${name}/${file}`),
    );
    expect(lacking).toEqual([]);
  });

  it.each(SERVICES)(
    'when %s workflows/ is opened then it holds definitions only, their activities in activities/',
    (service) => {
      const src = join(root, 'services', service, 'src');
      const worldly = filesUnder(join(src, 'workflows'))
        .filter((f) => f.endsWith('.ts') && !isTest(f))
        .filter((f) => /create\w*Activities|safeFetch|\bcommands\./.test(readFileSync(f, 'utf8')))
        .map(rel);
      expect(worldly).toEqual([]);
      expect(filesUnder(join(src, 'activities')).filter((f) => !isTest(f)).length).toBeGreaterThan(0);
    },
  );

  it.each(SERVICES)('when %s hand-writes events then they come from the contracts', (service) => {
    // a union of event literals written in a service is a second source of truth beside the contracts'
    const handWritten = filesUnder(join(root, 'services', service, 'src'))
      .filter((f) => f.endsWith('.ts') && !isTest(f))
      .filter((f) => /type\s+\w*Event\w*\s*=\s*\n?\s*\|?\s*\{\s*type:\s*'/.test(readFileSync(f, 'utf8')))
      .map(rel);
    expect(handWritten).toEqual([]);
  });

  it('when product source files are counted then none runs over 400 lines', () => {
    const roots = ['launcher/src', 'bench', 'scripts'].map((d) => join(root, d));
    for (const group of ['packages', 'services']) {
      for (const name of readdirSync(join(root, group))) roots.push(join(root, group, name, 'src'));
    }
    const long = roots
      .flatMap(filesUnder)
      .filter((f) => /\.(ts|mjs)$/.test(f) && !isTest(f) && !f.includes('node_modules'))
      .map((f) => ({ file: rel(f), lines: lineCount(readFileSync(f, 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it('when the import graph is walked from every entry point then every file in a service src/ is reached', () => {
    const reached = reachableFromEntryPoints();
    // every service and package (the platform's testing/ is the shared test kit: it may serve tests alone)
    const product = ['services', 'packages'].flatMap((group) =>
      readdirSync(join(root, group)).flatMap((name) => filesUnder(join(root, group, name, 'src'))),
    );
    const onlyTestsUse = product
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !isTest(f) && !reached.has(f))
      .filter((f) => !f.includes('/platform/src/testing/'))
      .map(rel);
    expect(onlyTestsUse).toEqual([]);
  });
});

/** the workspace packages' subpath exports: `@listings/platform/bus` → its file */
const workspaceExports = (): Map<string, string> => {
  const map = new Map<string, string>();
  for (const group of ['packages', 'services']) {
    for (const name of readdirSync(join(root, group))) {
      const manifest = join(root, group, name, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; exports?: Record<string, string> };
      for (const [sub, target] of Object.entries(pkg.exports ?? {})) {
        map.set(sub === '.' ? pkg.name : `${pkg.name}/${sub.slice(2)}`, join(root, group, name, target));
      }
    }
  }
  return map;
};

/** launcher, scripts, bench, every service's main/server and Temporal entry, and every package export */
const reachableFromEntryPoints = (): Set<string> => {
  const exportsMap = workspaceExports();
  const entries = [
    ...['launcher/src', 'scripts', 'bench'].flatMap((d) => filesUnder(join(root, d))),
    ...[...exportsMap.values()],
  ].filter((f) => /\.(ts|mjs)$/.test(f) && !isTest(f) && !f.includes('node_modules'));
  for (const group of ['services']) {
    for (const name of readdirSync(join(root, group))) {
      for (const file of ['src/main.ts', 'src/server.ts']) {
        const path = join(root, group, name, file);
        if (existsSync(path)) entries.push(path);
      }
    }
  }
  const seen = new Set<string>();
  const queue = [...entries];
  const specifier = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|new URL\(\s*)['"]([^'"]+)['"]/g;
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || !existsSync(file) || !statSync(file).isFile()) continue;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(specifier)) {
      if (!spec) continue;
      if (spec.startsWith('.')) queue.push(resolve(dirname(file), spec));
      else {
        const target = exportsMap.get(spec);
        if (target) queue.push(target);
      }
    }
  }
  return seen;
};
