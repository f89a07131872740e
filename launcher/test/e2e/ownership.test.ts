import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Operation, operations } from '@listings/contracts';
import { loadConfig } from '@listings/platform/config';
import { silentLogger } from '@listings/platform/logger';
import { sampleOf } from '@listings/platform/testing/contract-samples';
import { type ProductSite, startProductSite } from '@listings/platform/testing/product-site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOne } from '../../src/all-in-one.ts';
import { apiKeysFor } from '../support.ts';

/**
 * Ownership matrix: for every operation that takes a draft id, listing id, claim id or order
 * number, account B using account A's id gets the same 404 as for an unknown id, and A's data is
 * unchanged. Runs the whole system in all-in-one mode. An operation whose service still answers
 * 501, or whose resource cannot yet be created through the API, is reported as "not yet covered"
 * and skipped (never counted as passing).
 */

type Kind = 'draft' | 'listing' | 'claim' | 'order';
const ID_PARAMS: Record<string, Kind> = { id: 'draft', listing_id: 'listing', claim_id: 'claim', number: 'order' };

const kindOf = (op: Operation): { kind: Kind; param: string } | null => {
  for (const [param, kind] of Object.entries(ID_PARAMS)) if (op.path.includes(`{${param}}`)) return { kind, param };
  return null;
};
// operators' operations (a `role`) act on anyone's listing by design; non-operators get 403 (moderation tests)
const owned = operations.flatMap((op) => {
  const found = kindOf(op);
  return found && op.scope !== null && !op.role ? [{ op, ...found }] : [];
});

/** how A's data is read back, to prove B's call changed nothing */
const READ_BACK: Record<Kind, string | null> = {
  draft: 'get_draft',
  listing: 'get_my_listing',
  claim: 'list_my_claims',
  order: 'get_order',
};

describe("ownership: another account's ids are 404, like unknown ids", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ownership-'));
  let running: Awaited<ReturnType<typeof startAllInOne>>;
  let base: string;
  let site: ProductSite;
  let siteUrl: string;
  const keys: { a: string; b: string } = { a: '', b: '' };

  beforeAll(async () => {
    // the product site a draft is made from: on loopback, so nothing leaves the machine
    site = await startProductSite();
    siteUrl = site.url;
    running = await startAllInOne(
      loadConfig({
        PORT: '0',
        DATA_DIR: dataDir,
        DEMO_DATA: 'off',
        LOG_LEVEL: 'silent',
        FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
        PUBLIC_URL: 'http://directory.test',
      }),
      silentLogger(),
      { host: '127.0.0.1' },
    );
    base = `http://127.0.0.1:${running.port}`;
    Object.assign(keys, await apiKeysFor(dataDir, ['a', 'b'], ['account:read', 'listings:write', 'orders:write']));
  }, 60_000);
  afterAll(async () => {
    await running?.stop();
    await site?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (op: Operation, who: 'a' | 'b', ids: Record<string, string>, body?: unknown) => {
    const params = op.params ? (sampleOf(op.params as never) as Record<string, unknown>) : {};
    const url = `${base}/api/v1${op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(String(ids[name] ?? params[name])),
    )}`;
    const payload = body ?? (op.body ? sampleOf(op.body as never) : undefined);
    const response = await fetch(url, {
      method: op.method,
      headers: {
        authorization: `Bearer ${keys[who]}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  };
  const byId = (id: string) => operations.find((op) => op.operationId === id) as Operation;

  /** A's resource of this kind, made through the real API; a string says why it cannot be yet */
  const create: Record<Kind, () => Promise<Record<string, string> | string>> = {
    draft: async () => {
      const made = await call(byId('submit_listing'), 'a', {}, { url: siteUrl });
      if (made.status === 501) return 'submit_listing answers 501: not implemented yet';
      expect(made.status).toBe(201);
      return { id: String(made.body?.id) };
    },
    listing: async () => {
      // A's listing: a draft of the loopback site, polled until ready as a client would, then submitted
      const made = await call(byId('submit_listing'), 'a', {}, { url: siteUrl });
      expect(made.status).toBe(201);
      const id = String(made.body?.id);
      const deadline = Date.now() + 30_000;
      for (;;) {
        const draft = await call(byId('get_draft'), 'a', { id });
        if (draft.body?.status === 'ready') break;
        if (Date.now() > deadline) throw new Error(`draft never became ready: ${JSON.stringify(draft.body)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const submitted = await call(byId('submit_draft'), 'a', { id });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      return { listing_id: String(submitted.body?.listing_id) };
    },
    claim: async () => {
      // A claims A's own (still unpublished) listing: owners may claim it before it goes public
      const listing = await create.listing();
      if (typeof listing === 'string') return listing;
      const mine = await call(byId('get_my_listing'), 'a', listing);
      expect(mine.status).toBe(200);
      const claimed = await call(byId('claim_listing'), 'a', {}, { slug: mine.body?.slug, method: 'meta' });
      expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
      return { claim_id: String(claimed.body?.claim_id) };
    },
    order: async () => {
      // A's pending order: a paid launch of A's listing, through create_checkout (paying is the checkout page's)
      const listing = await create.listing();
      if (typeof listing === 'string') return listing;
      const ordered = await call(
        byId('create_checkout'),
        'a',
        {},
        { items: [{ product: 'launch', listing_id: Number(listing.listing_id) }] },
      );
      expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
      return { number: String(ordered.body?.number) };
    },
  };
  /** an id of the right shape that nobody has */
  const unknownIds = (op: Operation, param: string): Record<string, string> => {
    const sample = (sampleOf(op.params as never) as Record<string, unknown>)[param];
    return { [param]: param === 'id' ? randomUUID() : param === 'number' ? String(sample) : '987654321' };
  };

  it.for(owned.map((o) => [o.op.operationId, o] as const))(
    "when B calls %s with A's id then 404 like an unknown id, and A's data is unchanged",
    async ([operationId, { op, kind, param }], context) => {
      const notCovered = (reason: string) => {
        console.warn(`not yet covered: ${operationId} (${reason})`);
        context.skip(reason);
      };
      const unknownId = unknownIds(op, param);
      const unknown = await call(op, 'b', unknownId);
      if (unknown.status === 501) return notCovered(`${operationId} answers 501: not implemented yet`);
      expect(unknown.status).toBe(404);

      const made = await create[kind]();
      if (typeof made === 'string') return notCovered(made);
      const readOp = READ_BACK[kind] ? byId(READ_BACK[kind] as string) : null;
      // A's draft may still be building in the background: snapshot it once two reads agree
      const settled = async () => {
        if (!readOp) return null;
        let previous = await call(readOp, 'a', made);
        for (let read = 0; read < 200; read++) {
          const current = await call(readOp, 'a', made);
          if (JSON.stringify(current) === JSON.stringify(previous)) return current;
          previous = current;
        }
        throw new Error(`${readOp.operationId} never settled`);
      };
      const before = await settled();
      if (before?.status === 501) return notCovered(`${readOp?.operationId} answers 501: cannot read A's data back`);
      expect(before?.status).toBe(200);

      const stolen = await call(op, 'b', made);
      expect(stolen.status).toBe(404);
      // the same problem as for an unknown id: only the id in the detail may differ
      // whole tokens only: a small listing id like `1` must not match inside other numbers
      const normalise = (body: Record<string, unknown> | null, id: string) =>
        JSON.parse(
          JSON.stringify(body).replace(
            new RegExp(`(?<![\\w-])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'g'),
            '<id>',
          ),
        );
      expect(normalise(stolen.body, made[param] as string)).toEqual(
        normalise(unknown.body, unknownId[param] as string),
      );

      const after = readOp ? await call(readOp, 'a', made) : null;
      expect(after).toEqual(before);
    },
  );
});
