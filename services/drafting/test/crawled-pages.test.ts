import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openFileBlobStore } from '@listings/platform/blobs';
import { MAX_EVENT_BYTES, openSqliteEventStore, SCHEMA_VERSION_KEY } from '@listings/platform/event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageEvidenceText } from '../src/adapters/page-content.ts';
import { draftStream } from '../src/domain/draft/draft.ts';
import { serveFakeCatalog } from './support/fake-catalog.ts';
import { FACTS, type FixtureSite, startFixtureSite } from './support/fixture-site.ts';
import { ALICE, callOperation, pollDraft, settledStatus, startTestDrafting } from './support/harness.ts';

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(async () => {
  await site.close();
});

const eventsFile = (dataDir: string) => path.join(dataDir, 'drafting', 'events.sqlite');

describe('crawled pages in the blob store', () => {
  it('when a site is crawled then its pages go to DATA_DIR/blobs and SiteCrawled v2 holds only their content hashes', async () => {
    const env = await startTestDrafting();
    try {
      await serveFakeCatalog(env.bus);
      const submitted = await callOperation(env.bus, 'submit_listing', ALICE, { body: { url: site.url } });
      const draft = await pollDraft(env.bus, ALICE, submitted.body.id, settledStatus);
      expect(draft.status).toBe('ready');
      expect(draft.fields.name.value).toBe(FACTS.name);

      // the log as stored, without the service's upcasting
      const raw = openSqliteEventStore({ path: eventsFile(env.dataDir) });
      const crawled = (await raw.readStream(draftStream(draft.id))).find((e) => e.type === 'SiteCrawled');
      await raw.close();
      if (!crawled) throw new Error('no SiteCrawled in the log');
      expect(crawled.metadata[SCHEMA_VERSION_KEY]).toBe(2);
      const pages = (crawled.data as { pages: { url: string; text_ref: string; html_ref: string }[] }).pages;
      expect(pages.length).toBeGreaterThanOrEqual(5);
      expect(JSON.stringify(crawled.data)).not.toContain('<html');
      expect(JSON.stringify(crawled.data).length).toBeLessThan(MAX_EVENT_BYTES / 4);

      const blobs = openFileBlobStore({ dir: path.join(env.dataDir, 'blobs') });
      const home = pages.find((p) => new URL(p.url).pathname === '/');
      const html = new TextDecoder().decode(await blobs.get(home?.html_ref ?? ''));
      expect(html).toContain(FACTS.tagline);
      const text = new TextDecoder().decode(await blobs.get(home?.text_ref ?? ''));
      expect(text).toContain(FACTS.name);
    } finally {
      await env.stop();
    }
  });

  it('when the log holds a v1 SiteCrawled with the pages inline (an older build) then the draft is drafted from them after a restart', async () => {
    // what an older build left: a draft crawled with v1 (no schema version recorded), not drafted yet
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drafting-v1-'));
    mkdirSync(path.join(dataDir, 'drafting'), { recursive: true });
    const pages = await Promise.all(
      ['/', '/about', '/pricing', '/features', '/faq', '/contact'].map(async (pathname) => {
        const url = new URL(pathname, site.url).href;
        const html = await (await fetch(url)).text();
        return { url, ...pageEvidenceText(html, url), html };
      }),
    );
    const id = randomUUID();
    const at = new Date().toISOString();
    const old = openSqliteEventStore({ path: eventsFile(dataDir) });
    await old.append(
      draftStream(id),
      [
        {
          id: randomUUID(),
          type: 'DraftStarted',
          data: { draft_id: id, url: site.url, owner_id: ALICE.account_id, at, idempotency_key: null },
        },
        { id: randomUUID(), type: 'SiteCrawled', data: { pages, at } },
      ],
      'no_stream',
    );
    await old.close();

    const env = await startTestDrafting({ dataDir });
    try {
      await serveFakeCatalog(env.bus);
      const draft = await pollDraft(env.bus, ALICE, id, settledStatus);
      expect(draft.status).toBe('ready');
      expect(draft.fields.name).toMatchObject({ value: FACTS.name, state: 'ai' });
      expect(draft.fields.contact_email.value).toBe(FACTS.email);
      expect(draft.pages.map((p: { url: string }) => p.url)).toEqual(pages.map((p) => p.url));
      // redrafting reads the same inline pages again: an edited tagline comes back from them
      const edited = await callOperation(env.bus, 'update_draft', ALICE, {
        params: { id },
        body: { fields: { tagline: 'Something else' } },
      });
      expect(edited.body.fields.tagline.value).toBe('Something else');
      const regenerated = await callOperation(env.bus, 'update_draft', ALICE, {
        params: { id },
        body: { regenerate: ['tagline'] },
      });
      expect(regenerated.status).toBe(200);
      const redrafted = await pollDraft(env.bus, ALICE, id, (d) => d.regenerating.length === 0);
      expect(redrafted.fields.tagline.value).toBe(FACTS.tagline);
    } finally {
      await env.stop();
    }
  });
});
