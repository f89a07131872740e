import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { event, serviceEvents } from '@listings/contracts/events';
import Type from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { UndeclaredEventTypeError } from './event-store/event-schemas.ts';
import type { DocumentProjection } from './read-models/document-read-model.ts';
import { ReadModelStoreInUseError } from './read-models/rebuild-embedded.ts';
import {
  forgetServicePersonalData,
  openServiceStores,
  rebuildServiceReadModel,
  serviceFiles,
} from './service-composition.ts';

const counterEvents = serviceEvents({
  service: 'counting',
  description: 'test',
  streams: [{ category: 'counter', pattern: 'counter-<id>', description: 'one counter' }],
  events: [event('Added', { stream: 'counter', description: 'one more', data: Type.Object({}) })],
});

// a counter per stream, and the total of all counters as the view
type Doc = { count: number };
const counters: DocumentProjection<Doc, { total: number }> = {
  collection: 'counters',
  documentOf: (e) => (e.stream.startsWith('counter-') ? e.stream : undefined),
  evolve: (doc, e) => (e.type === 'Added' ? { count: (doc?.count ?? 0) + 1 } : doc),
  createView: () => {
    const view = { total: 0 };
    const put = (_id: string, before: Doc | undefined, after: Doc | undefined) => {
      view.total += (after?.count ?? 0) - (before?.count ?? 0);
    };
    return { view, put };
  },
};

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'service-composition-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const open = (dataDir: string, eventsDir?: string) =>
  openServiceStores({
    service: 'counting',
    config: { dataDir, eventsDir },
    eventSchemas: counterEvents,
    checkpointsFile: path.join(dataDir, 'counting', 'checkpoints.sqlite'),
    personalData: true,
    readModel: { name: 'counters index', projection: counters },
    logger: silent,
  });

const closeAll = async (stores: Awaited<ReturnType<typeof open>>) => {
  await stores.index.close();
  await stores.readModels.close();
  await stores.checkpoints.close();
  await stores.personalDataKeys.close();
  await stores.events.close();
};

const added = () => [{ id: randomUUID(), type: 'Added', data: {} }];

describe('a service composed from its stores (service-composition)', () => {
  it('when a service opens its stores then its files sit under DATA_DIR/<service> (the log under EVENTS_DIR), only declared events are appended, and its read model folds them', async () => {
    const dataDir = tempDir();
    const eventsDir = tempDir();
    const stores = await open(dataDir, eventsDir);
    try {
      const files = serviceFiles('counting', { dataDir, eventsDir });
      expect(files.events).toBe(path.join(eventsDir, 'counting', 'events.sqlite'));
      for (const file of [files.events, files.readModels, files.personalData]) expect(existsSync(file)).toBe(true);
      await expect(
        stores.events.append('counter-a', [{ id: randomUUID(), type: 'Removed', data: {} }], 'any'),
      ).rejects.toBeInstanceOf(UndeclaredEventTypeError);
      await stores.events.append('counter-a', added(), 'any');
      const { position } = await stores.events.append('counter-b', added(), 'any');
      await stores.index.waitFor(position);
      expect(stores.index.view().total).toBe(2);
      expect(stores.probes.projections.map((p) => [p.name, p.position()])).toEqual([['counters index', position]]);
      for (const probe of stores.probes.stores) await probe.ping();
      expect(await stores.personalDataKeys.keyFor('someone')).toBeInstanceOf(Buffer);
    } finally {
      await closeAll(stores);
    }
  });

  it('when the read model is rebuilt then it is refused while the service runs, and gives the same view from position 0 after', async () => {
    const dataDir = tempDir();
    const stores = await open(dataDir);
    await stores.events.append('counter-a', added(), 'any');
    const { position } = await stores.events.append('counter-a', added(), 'any');
    await stores.index.waitFor(position);
    const rebuild = () =>
      rebuildServiceReadModel({ service: 'counting', dataDir, projection: counters, eventSchemas: counterEvents });
    await expect(rebuild()).rejects.toBeInstanceOf(ReadModelStoreInUseError);
    await closeAll(stores);

    expect(await rebuild()).toEqual({ events: 2, documents: 1, position });
    const reopened = await open(dataDir);
    try {
      expect(reopened.index.view().total).toBe(2);
      expect(reopened.index.position).toBe(position);
    } finally {
      await closeAll(reopened);
    }
  });

  it("when an account's personal data is forgotten then its key in the service's keys is gone, and forgetting again changes nothing", async () => {
    const dataDir = tempDir();
    const stores = await open(dataDir);
    try {
      expect(await stores.personalDataKeys.keyFor('acct-1')).toBeInstanceOf(Buffer);
      await forgetServicePersonalData('counting', { dataDir, accountId: 'acct-1' });
      await forgetServicePersonalData('counting', { dataDir, accountId: 'acct-1' });
      expect(await stores.personalDataKeys.existingKey('acct-1')).toBeNull();
      expect(await stores.personalDataKeys.forgotten('acct-1')).toBe(true);
    } finally {
      await closeAll(stores);
    }
  });
});
