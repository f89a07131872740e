import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogPublicOperations, ownedListingOperations } from '@listings/contracts';
import { describe, expect, it } from 'vitest';
import { catalogHandlers } from '../src/entrypoints/handlers.ts';

/**
 * The catalog's house layout (issue #34): an operation is found by its name, the domain has one
 * layout, workflows hold definitions only. Projections (their own layout) are not checked here.
 */
const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const filesUnder = (dir: string): string[] =>
  readdirSync(path.join(SRC, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(dir, file));
const isTest = (file: string) => file.endsWith('.test.ts');

describe('the catalog layout', () => {
  const operations = [...catalogPublicOperations, ...ownedListingOperations].map((o) => o.operationId);

  it('when an operation id is known then application/<operation_id>.ts holds the handler the bus table serves for it', async () => {
    expect(operations).toHaveLength(26);
    for (const id of operations) {
      const module = (await import(`../src/application/${id}.ts`)) as Record<string, unknown>;
      const handler = catalogHandlers[id as keyof typeof catalogHandlers];
      expect(Object.values(module), id).toContain(handler);
    }
  });

  it('when a domain folder is read then it has its decider in decide.ts and its events derived from the contracts', () => {
    const folders = readdirSync(path.join(SRC, 'domain'), { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) {
      const files = readdirSync(path.join(SRC, 'domain', folder.name));
      expect(files, folder.name).toContain('decide.ts');
      expect(
        files.filter((f) => !isTest(f) && f !== 'decide.ts' && f !== 'errors.ts').length,
        folder.name,
      ).toBeGreaterThan(0);
    }
    for (const file of filesUnder('domain').filter((f) => !isTest(f))) {
      const text = readFileSync(path.join(SRC, file), 'utf8');
      // an events type is named from the contracts (CatalogEventOf), never written as a union of objects
      for (const declared of text.matchAll(/export type \w+Event = ([^;]*);/g))
        expect(declared[1]?.trim(), file).toMatch(/^(CatalogEventOf<|DomainEventOf<)/);
    }
  });

  it('when the workflows folder is read then it holds workflow definitions only, their activities in activities/', () => {
    for (const file of filesUnder('workflows').filter((f) => !isTest(f)))
      expect(readFileSync(path.join(SRC, file), 'utf8'), file).not.toMatch(/create\w*Activities|safeFetch|commands\./);
    expect(filesUnder('activities').length).toBeGreaterThan(0);
  });

  it('when the product files are counted then none is over 400 lines', () => {
    const long = ['main.ts', ...['application', 'activities', 'domain', 'entrypoints', 'workflows'].flatMap(filesUnder)]
      .filter((file) => !isTest(file))
      .filter((file) => readFileSync(path.join(SRC, file), 'utf8').split('\n').length > 400);
    expect(long).toEqual([]);
  });
});
