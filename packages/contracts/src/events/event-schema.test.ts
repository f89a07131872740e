import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { event, serviceEvents, upcaster } from './event-schema.ts';
import { eventCatalog } from './index.ts';

const Empty = Type.Object({});

describe('event declarations', () => {
  it('when a version has no upcaster from each older version then the declaration fails at load', () => {
    expect(() => event('Moved', { stream: 's', description: 'd', data: Empty, version: 2 })).toThrow(
      /Moved v2: needs one upcaster from each older version/,
    );
    const step = upcaster({ from: 2, data: Empty, to: Empty, description: 'd', upcast: (d) => d });
    expect(() => event('Moved', { stream: 's', description: 'd', data: Empty, version: 2, upcasters: [step] })).toThrow(
      /Moved v2/,
    );
  });

  it('when a service declares a type twice or names an undeclared stream then it fails at load', () => {
    const streams = [{ category: 's', pattern: 's-<id>', description: 'd' }];
    const moved = event('Moved', { stream: 's', description: 'd', data: Empty });
    expect(() => serviceEvents({ service: 'x', description: 'd', streams, events: [moved, moved] })).toThrow(
      /declares event Moved twice/,
    );
    const lost = event('Lost', { stream: 'other', description: 'd', data: Empty });
    expect(() => serviceEvents({ service: 'x', description: 'd', streams, events: [lost] })).toThrow(
      /Lost: stream other is not declared/,
    );
  });

  it('every declared event has a description, closed data and a stream of its service', () => {
    for (const service of eventCatalog) {
      const categories = service.streams.map((s) => s.category);
      for (const declared of service.events) {
        expect(declared.description.length, `${service.service} ${declared.type}`).toBeGreaterThan(10);
        expect(categories).toContain(declared.stream);
        expect((declared.data as { additionalProperties?: unknown }).additionalProperties).toBe(false);
      }
    }
  });
});
