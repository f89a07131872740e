import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventCatalog } from './index.ts';
import { renderEventsDoc } from './render-doc.ts';

const committed = () => readFileSync(new URL('../../../../docs/events.md', import.meta.url), 'utf8');

describe('docs/events.md', () => {
  it('is what the event schemas generate (run npm run events:doc after changing an event)', () => {
    expect(committed()).toBe(renderEventsDoc(eventCatalog));
  });

  it('lists every declared event type with its version, and every field of it', () => {
    const doc = committed();
    for (const service of eventCatalog)
      for (const declared of service.events) {
        expect(doc).toContain(`### ${declared.type} (v${declared.version})`);
        for (const field of Object.keys((declared.data as { properties?: object }).properties ?? {}))
          expect(doc).toContain(`\`${field}\``);
      }
  });
});
