import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { event, serviceEvents, upcaster } from '@listings/contracts/events';
import Type from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import {
  InvalidEventDataError,
  SCHEMA_VERSION_KEY,
  STORED_SCHEMA_VERSION_KEY,
  UndeclaredEventTypeError,
  withEventSchemas,
} from './event-schemas.ts';
import { collectEvents, newEvent } from './event-store.contract.ts';
import { openMemoryEventStore } from './memory-event-store.ts';
import { openSqliteEventStore } from './sqlite-event-store.ts';

// v1: a price in dollars; v2: in cents plus a currency; v3: the currency lowercase renamed `unit`
const PriceSetV1 = Type.Object({ sku: Type.String(), dollars: Type.Number() }, { additionalProperties: false });
const PriceSetV2 = Type.Object(
  { sku: Type.String(), cents: Type.Integer(), currency: Type.String() },
  { additionalProperties: false },
);
const PriceSetV3 = Type.Object(
  { sku: Type.String(), cents: Type.Integer(), unit: Type.String() },
  { additionalProperties: false },
);

const v1Registry = serviceEvents({
  service: 'shop',
  description: 'test',
  streams: [{ category: 'price', pattern: 'price-<sku>', description: 'prices' }],
  events: [event('PriceSet', { stream: 'price', description: 'a price', data: PriceSetV1 })],
});

const v3Registry = serviceEvents({
  service: 'shop',
  description: 'test',
  streams: [{ category: 'price', pattern: 'price-<sku>', description: 'prices' }],
  events: [
    event('PriceSet', {
      stream: 'price',
      version: 3,
      description: 'a price',
      data: PriceSetV3,
      upcasters: [
        upcaster({
          from: 1,
          data: PriceSetV1,
          to: PriceSetV2,
          description: 'dollars to cents, USD',
          upcast: (v1) => ({ sku: v1.sku, cents: Math.round(v1.dollars * 100), currency: 'USD' }),
        }),
        upcaster({
          from: 2,
          data: PriceSetV2,
          to: PriceSetV3,
          description: 'currency to unit',
          upcast: (v2) => ({ sku: v2.sku, cents: v2.cents, unit: v2.currency.toLowerCase() }),
        }),
      ],
    }),
    event('Noted', { stream: 'price', description: 'a note', data: Type.Object({ text: Type.String() }) }),
  ],
});

describe('withEventSchemas', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('when a log written before two version bumps is read, then readStream, readAll and subscribeAll give the newest version', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'event-schemas-'));
    const file = path.join(dir, 'events.sqlite');
    // an old build: no versions recorded at all (raw store), then a build that recorded v1
    const raw = openSqliteEventStore({ path: file });
    await raw.append('price-a', [newEvent('PriceSet', { sku: 'a', dollars: 1.5 })], 'no_stream');
    await raw.close();
    const oldBuild = withEventSchemas(openSqliteEventStore({ path: file }), v1Registry);
    await oldBuild.append('price-a', [newEvent('PriceSet', { sku: 'a', dollars: 2 })], 0);
    await oldBuild.close();

    const store = withEventSchemas(openSqliteEventStore({ path: file }), v3Registry);
    await store.append('price-a', [newEvent('PriceSet', { sku: 'a', cents: 300, unit: 'eur' })], 1);

    const expected = [
      { data: { sku: 'a', cents: 150, unit: 'usd' }, stored: 1 },
      { data: { sku: 'a', cents: 200, unit: 'usd' }, stored: 1 },
      { data: { sku: 'a', cents: 300, unit: 'eur' }, stored: 3 },
    ];
    const check = (events: readonly { data: unknown; metadata: Record<string, unknown> }[]) => {
      expect(events.map((e) => e.data)).toEqual(expected.map((e) => e.data));
      expect(events.map((e) => e.metadata[SCHEMA_VERSION_KEY])).toEqual([3, 3, 3]);
      expect(events.map((e) => e.metadata[STORED_SCHEMA_VERSION_KEY])).toEqual([1, 1, undefined]);
    };
    check(await store.readStream('price-a'));
    check(await store.readAll(0, 10));
    const collector = collectEvents(store);
    await collector.until(3);
    check(collector.events);
    await collector.subscription.close();
    await store.close();
  });

  it('when an event is appended, then its schema version is recorded in its metadata, next to the caller’s', async () => {
    const inner = openMemoryEventStore();
    const store = withEventSchemas(inner, v3Registry);
    await store.append('price-a', [newEvent('PriceSet', { sku: 'a', cents: 1, unit: 'usd' }, { by: 'op' })], 'any');
    const [stored] = await inner.readStream('price-a');
    expect(stored?.metadata).toEqual({ by: 'op', [SCHEMA_VERSION_KEY]: 3 });
  });

  it('when an undeclared type is appended, then the error names the type and the service file and nothing is stored', async () => {
    const store = withEventSchemas(openMemoryEventStore(), v3Registry);
    const error = await store
      .append('price-a', [newEvent('Noted', { text: 'x' }), newEvent('PriceRemoved', { sku: 'a' })], 'any')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UndeclaredEventTypeError);
    expect((error as Error).message).toContain('PriceRemoved');
    expect((error as Error).message).toContain('packages/contracts/src/events/shop.ts');
    expect(await store.readAll(0, 10)).toEqual([]);
  });

  it('when the data does not match the schema, then the error names the type and each failing field', async () => {
    const store = withEventSchemas(openMemoryEventStore(), v3Registry);
    const error = await store
      .append('price-a', [newEvent('PriceSet', { sku: 'a', cents: 1.5, currency: 'usd' })], 'any')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidEventDataError);
    expect((error as InvalidEventDataError).eventType).toBe('PriceSet');
    const fields = (error as InvalidEventDataError).errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['data.cents', 'data.unit', 'data.currency']));
    expect((error as Error).message).toMatch(/PriceSet v3 .*data\.cents/);
  });

  it('when a field is undefined, then it is judged as stored (dropped by JSON), not refused', async () => {
    const store = withEventSchemas(openMemoryEventStore(), v3Registry);
    await store.append('price-a', [newEvent('PriceSet', { sku: 'a', cents: 1, unit: 'usd', note: undefined })], 'any');
    expect(await store.readAll(0, 10)).toHaveLength(1);
  });

  it('without validateAppends, then appends are not checked but still record the version', async () => {
    const inner = openMemoryEventStore();
    const store = withEventSchemas(inner, v3Registry, { validateAppends: false });
    await store.append('price-a', [newEvent('Unknown', {}), newEvent('PriceSet', { wrong: true })], 'any');
    const events = await inner.readAll(0, 10);
    expect(events.map((e) => e.metadata[SCHEMA_VERSION_KEY])).toEqual([undefined, 3]);
  });
});
