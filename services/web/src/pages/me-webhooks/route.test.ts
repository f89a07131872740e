import {
  createWebhook,
  deleteWebhook,
  getMyListing,
  listWebhooks,
  type OperationRequest,
  redeliverWebhook,
  rotateWebhookSecret,
  sendTestWebhook,
} from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { silentLogger } from '@listings/platform/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, NOT_FOUND_REPLY, serveSessions } from '../../../test/support/stand-in-people.ts';
import { buildWebApp } from '../../app.ts';

/**
 * The webhooks page against stand-ins on an in-process bus: identity's session look-up (two
 * people) and a catalog that knows Alice's listing 7 and keeps its endpoints in memory. The real
 * catalog's webhooks are driven in services/catalog/test/webhooks.test.ts.
 */
const PATH = '/me/listings/7/webhooks';
const HOOK = '3b241101-e2bb-4255-8caf-4136c566a962';
const DELIVERY = 'msg_0123456789abcdef0123456789abcdef';
const SECRET = 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0';

describe('the /me/listings/{id}/webhooks routes', () => {
  const bus = createInProcessBus();
  let app: FastifyInstance;
  const calls: { op: string; params: unknown; body?: unknown }[] = [];
  let hooks: Record<string, unknown>[] = [];

  beforeAll(async () => {
    await serveSessions(bus);
    const alices7 = (r: OperationRequest) => r.principal.account_id === ALICE.account && r.params.listing_id === 7;
    const hook = (url: string, events: string[]) => ({
      webhook_id: HOOK,
      listing_id: 7,
      url,
      events,
      status: 'active',
      disabled_reason: null,
      created_at: '2026-11-18T12:00:00.000Z',
      pending: 0,
      deliveries: [
        {
          delivery_id: DELIVERY,
          event: 'vote.counted',
          at: '2026-11-18T12:01:00.000Z',
          attempt: 1,
          status_code: 503,
          latency_ms: 12,
          ok: false,
        },
      ],
    });
    const serve = (subject: string, answer: (r: OperationRequest) => unknown) =>
      bus.serve(subject, async (payload) => {
        const r = payload as OperationRequest;
        if (!alices7(r)) return NOT_FOUND_REPLY;
        calls.push({ op: subject, params: r.params, ...(r.body !== undefined ? { body: r.body } : {}) });
        return answer(r);
      });
    await serve(getMyListing.subject, () => ({
      status: 200,
      body: { listing_id: 7, name: 'Acme <Ledger>', slug: 'acme' },
    }));
    await serve(listWebhooks.subject, () => ({
      status: 200,
      body: { items: hooks, page: 1, per_page: 100, total: hooks.length },
    }));
    await serve(createWebhook.subject, (r) => {
      const body = r.body as { url: string; events: string[] };
      if (!body.url.startsWith('https://'))
        return {
          status: 400,
          problem: {
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            detail: 'invalid input',
            errors: [{ field: 'body.url', message: 'must be an https URL' }],
          },
        };
      hooks = [hook(body.url, body.events)];
      return { status: 201, body: { ...hooks[0], secret: SECRET } };
    });
    await serve(sendTestWebhook.subject, () => ({
      status: 200,
      body: { webhook_id: HOOK, delivery_id: DELIVERY, queued: true },
    }));
    await serve(redeliverWebhook.subject, () => ({
      status: 200,
      body: { webhook_id: HOOK, delivery_id: DELIVERY, queued: true },
    }));
    await serve(rotateWebhookSecret.subject, () => ({
      status: 200,
      body: { webhook_id: HOOK, secret: `${SECRET}AA==`, previous_valid_until: '2026-11-19T12:00:00.000Z' },
    }));
    await serve(deleteWebhook.subject, () => {
      hooks = [];
      return { status: 200, body: { deleted: true, webhook_id: HOOK } };
    });
    app = await buildWebApp({
      bus,
      publicUrl: 'http://localhost:3000',
      logger: silentLogger(),
      requestTimeoutMs: 2_000,
    });
  });
  afterAll(async () => {
    await app?.close();
    await bus.close();
  });
  beforeEach(() => {
    calls.length = 0;
    hooks = [];
  });

  const as = (who: typeof ALICE) => ({ cookie: `ld_session=${who.token}` });
  const post = (who: typeof ALICE, path: string, form = '', csrf = who.csrf) =>
    app.inject({
      method: 'POST',
      url: path,
      headers: { ...as(who), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `csrf=${csrf}${form ? `&${form}` : ''}`,
    });

  it('when the owner adds an endpoint then the secret is on the answering page once, and the list never shows it', async () => {
    const made = await post(
      ALICE,
      PATH,
      `url=${encodeURIComponent('https://hooks.example.com/in')}&events=vote.counted&events=follower.added`,
    );
    expect(made.statusCode).toBe(201);
    expect(made.headers['cache-control']).toBe('private, no-store');
    expect(made.body).toContain(SECRET);
    expect(calls.find((c) => c.op === createWebhook.subject)?.body).toEqual({
      url: 'https://hooks.example.com/in',
      events: ['vote.counted', 'follower.added'],
    });
    const page = await app.inject({ url: PATH, headers: as(ALICE) });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('whsec_');
    expect(page.body).toContain('Webhooks: Acme &lt;Ledger>');
    expect(page.body).toContain('data-delivery-log');
    expect(page.body).toContain('503 (failed)');
    expect(page.body).toContain(`action="${PATH}/${HOOK}/deliveries/${DELIVERY}/redeliver"`);
    expect(page.body).toContain(`name="csrf" value="${ALICE.csrf}"`);
  });

  it('when the URL is refused then the form is shown again with the field marked (400)', async () => {
    const refused = await post(
      ALICE,
      PATH,
      `url=${encodeURIComponent('http://hooks.example.com/in')}&events=vote.counted`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('must be an https URL');
    expect(refused.body).toContain('aria-invalid="true"');
    expect(refused.body).toContain('value="http://hooks.example.com/in"');
  });

  it('when the owner tests, redelivers, rotates and deletes then each is asked of catalog and the page says so', async () => {
    await post(ALICE, PATH, `url=${encodeURIComponent('https://hooks.example.com/in')}&events=vote.counted`);
    const tested = await post(ALICE, `${PATH}/${HOOK}/test`);
    expect(tested).toMatchObject({ statusCode: 303, headers: { location: `${PATH}?done=tested` } });
    const again = await post(ALICE, `${PATH}/${HOOK}/deliveries/${DELIVERY}/redeliver`);
    expect(again.headers.location).toBe(`${PATH}?done=redelivered`);
    const rotated = await post(ALICE, `${PATH}/${HOOK}/rotate`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.body).toContain(`${SECRET}AA==`);
    const deleted = await post(ALICE, `${PATH}/${HOOK}/delete`);
    expect(deleted.headers.location).toBe(`${PATH}?done=deleted`);
    expect((await app.inject({ url: `${PATH}?done=deleted`, headers: as(ALICE) })).body).toContain(
      'The endpoint was deleted.',
    );
    expect(calls.map((c) => c.op)).toEqual(
      expect.arrayContaining([
        sendTestWebhook.subject,
        redeliverWebhook.subject,
        rotateWebhookSecret.subject,
        deleteWebhook.subject,
      ]),
    );
  });

  it('when someone else opens or posts, or the token is forged, then nothing is asked of catalog', async () => {
    expect((await app.inject({ url: PATH, headers: as(BOB) })).statusCode).toBe(404);
    expect((await post(BOB, `${PATH}/${HOOK}/delete`)).statusCode).toBe(404);
    expect((await post(ALICE, `${PATH}/${HOOK}/delete`, '', 'forged')).statusCode).toBe(403);
    expect(calls.filter((c) => c.op === deleteWebhook.subject)).toEqual([]);
    const signedOut = await app.inject({ url: PATH });
    expect(signedOut.statusCode).toBe(303);
  });
});
