import {
  BADGE_MODES,
  BADGE_SHAPES,
  BADGE_SIZES,
  chooseFreeListing,
  getBadges,
  getMyListing,
  type OperationRequest,
} from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { silentLogger } from '@listings/platform/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, NOT_FOUND_REPLY, serveSessions } from '../../../test/support/stand-in-people.ts';
import { buildWebApp } from '../../app.ts';

/**
 * The free plan page against stand-ins on an in-process bus: identity's session look-up (two
 * people), a catalog that knows Alice's listing 7 (a draft with no plan until she chooses the free
 * plan, which it then refuses as the real one does) and hands out badges for the shape, mode and
 * size asked for. The real services are driven in launcher/test/e2e/web-free-plan.test.ts.
 */
const PATH = '/me/listings/7/free-plan';
const PUBLIC_URL = 'http://localhost:3000';

type Listing = { status: string; plan: string; launch_week: string | null };

describe('the /me/listings/{id}/free-plan routes', () => {
  const bus = createInProcessBus();
  let app: FastifyInstance;
  let listing: Listing;
  let choices = 0;
  const badgeQueries: unknown[] = [];

  beforeAll(async () => {
    await serveSessions(bus);
    const notFound = NOT_FOUND_REPLY;
    const alices7 = (r: OperationRequest) => r.principal.account_id === ALICE.account && r.params.listing_id === 7;
    const owned = () => ({
      listing_id: 7,
      slug: 'acme-ledger',
      name: 'Acme <Ledger>',
      url: 'https://acme.example',
      unlocked_sections: [],
      ...listing,
    });
    await bus.serve(getMyListing.subject, async (payload) =>
      alices7(payload as OperationRequest) ? { status: 200, body: owned() } : notFound,
    );
    await bus.serve(chooseFreeListing.subject, async (payload) => {
      if (!alices7(payload as OperationRequest)) return notFound;
      if (listing.status !== 'draft' || listing.plan !== 'none')
        return { status: 409, problem: { type: 'about:blank', title: 'Conflict', status: 409, detail: 'not a draft' } };
      choices++;
      listing = { status: 'awaiting_badge', plan: 'free', launch_week: '2027-01-18' };
      return { status: 200, body: owned() };
    });
    await bus.serve(getBadges.subject, async (payload) => {
      const { params, query } = payload as OperationRequest;
      badgeQueries.push(query);
      if (params.slug !== 'acme-ledger' || listing.status === 'draft') return notFound;
      const { shape, mode, size } = query as { shape: string; mode: string; size: string };
      const svg = (s: string, m: string, z: string) =>
        `${PUBLIC_URL}/badges/acme-ledger/listed-on.svg?shape=${s}&mode=${m}&size=${z}`;
      return {
        status: 200,
        body: {
          items: [
            {
              kind: 'listed-on',
              label: 'Listed on Directory',
              html: `<a href="${PUBLIC_URL}/listings/acme-ledger"><img src="${svg(shape, mode, size)}" alt="Listed on"></a>`,
              svg_url: svg(shape, mode, size),
              svg_urls: BADGE_SHAPES.flatMap((s) =>
                BADGE_MODES.flatMap((m) => BADGE_SIZES.map((z) => ({ shape: s, mode: m, size: z, url: svg(s, m, z) }))),
              ),
            },
          ],
        },
      };
    });
    app = await buildWebApp({ bus, publicUrl: PUBLIC_URL, logger: silentLogger(), requestTimeoutMs: 2_000 });
  });
  afterAll(async () => {
    await app?.close();
    await bus.close();
  });
  beforeEach(() => {
    listing = { status: 'draft', plan: 'none', launch_week: null };
    choices = 0;
    badgeQueries.length = 0;
  });

  const as = (who: typeof ALICE) => ({ cookie: `ld_session=${who.token}` });
  const choose = (who: typeof ALICE, csrf = who.csrf, path = PATH) =>
    app.inject({
      method: 'POST',
      url: path,
      headers: { ...as(who), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `csrf=${csrf}`,
    });

  it('when someone signed out opens or posts the page then they are sent to sign in and back, and nothing is chosen', async () => {
    const page = await app.inject({ url: `${PATH}?shape=pill` });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`/signin/email?next=${encodeURIComponent(`${PATH}?shape=pill`)}`);
    const posted = await app.inject({
      method: 'POST',
      url: PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'csrf=x',
    });
    expect(posted.statusCode).toBe(303);
    expect(choices).toBe(0);
  });

  it('when the owner opens the page of a draft then it shows where it stands and the form, with no badge yet', async () => {
    const page = await app.inject({ url: PATH, headers: as(ALICE) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('Free plan: Acme &lt;Ledger>');
    expect(page.body).toContain('<dd data-plan="none">No plan chosen yet</dd>');
    expect(page.body).toContain('<dd data-status="draft">Draft (not public)</dd>');
    expect(page.body).toContain(`<form method="post" action="${PATH}">`);
    expect(page.body).toContain(`name="csrf" value="${ALICE.csrf}"`);
    expect(page.body).not.toContain('data-badge-embed');
    // a draft is not public: its badges are not even asked for
    expect(badgeQueries).toEqual([]);
  });

  it('when someone else opens or posts the page then it is the 404 page and nothing is chosen', async () => {
    for (const path of [PATH, '/me/listings/8/free-plan', '/me/listings/abc/free-plan']) {
      const page = await app.inject({ url: path, headers: as(BOB) });
      expect(page.statusCode, path).toBe(404);
      expect(page.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(page.body, path).not.toContain('Acme');
    }
    expect((await choose(BOB)).statusCode).toBe(404);
    expect((await choose(ALICE, ALICE.csrf, '/me/listings/abc/free-plan')).statusCode).toBe(404);
    expect(choices).toBe(0);
    expect(listing.plan).toBe('none');
  });

  it('when the form lacks the session’s token or comes from another site then it is refused before catalog is asked', async () => {
    expect((await choose(ALICE, 'forged')).statusCode).toBe(403);
    const crossSite = await app.inject({
      method: 'POST',
      url: PATH,
      headers: { ...as(ALICE), 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: `csrf=${ALICE.csrf}`,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(choices).toBe(0);
  });

  it('when the owner chooses the free plan twice then it is chosen once and both show the queued week and what to do next', async () => {
    const first = await choose(ALICE);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(`${PATH}?chosen=1`);
    const second = await choose(ALICE);
    expect(second.statusCode).toBe(303);
    expect(second.headers.location).toBe(`${PATH}?chosen=1`);
    expect(choices).toBe(1);

    const page = await app.inject({ url: `${PATH}?chosen=1`, headers: as(ALICE) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(
      /<p class="notice" role="status" data-chosen="true">[^<]*queued for the launch week of 18 Jan – 24 Jan 2027\./,
    );
    expect(page.body).toContain('<dd data-plan="free">Free</dd>');
    expect(page.body).toContain('<time datetime="2027-01-18" data-launch-week="true">18 Jan – 24 Jan 2027</time>');
    expect(page.body).toContain('What to do next');
    expect(page.body).toContain('we check your homepage regularly until the badge is found');
    expect(page.body).not.toContain(`<form method="post" action="${PATH}">`);
  });

  it('when the listing is past the draft on another plan then the refusal is shown and nothing is chosen', async () => {
    listing = { status: 'live', plan: 'paid', launch_week: '2026-11-23' };
    const refused = await choose(ALICE);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('not a draft');
    expect(refused.body).toContain(`href="${PATH}"`);
    expect(choices).toBe(0);
  });

  it('when the page is asked for a shape, mode and size then the snippet, image and highlight are for that choice; unknown values fall back to the defaults', async () => {
    listing = { status: 'awaiting_badge', plan: 'free', launch_week: '2027-01-18' };
    const page = await app.inject({ url: `${PATH}?shape=pill&mode=dark&size=l`, headers: as(ALICE) });
    expect(page.statusCode).toBe(200);
    expect(badgeQueries.at(-1)).toEqual({ shape: 'pill', mode: 'dark', size: 'l' });
    // the embed code, escaped, in a read-only textarea
    expect(page.body).toMatch(
      /<textarea id="badge-embed" class="embed" readonly rows="4" data-badge-embed="true">&lt;a href=&quot;http:\/\/localhost:3000\/listings\/acme-ledger&quot;>&lt;img src=&quot;http:\/\/localhost:3000\/badges\/acme-ledger\/listed-on.svg\?shape=pill&amp;mode=dark&amp;size=l&quot;/,
    );
    expect(page.body).toContain('<option value="pill" selected>Pill</option>');
    expect(page.body).toContain('<option value="dark" selected>Dark</option>');
    expect(page.body).toContain('<option value="l" selected>Large</option>');
    // every shape × mode × size previewed from this site's own path; only the chosen one marked
    expect(page.body.match(/<li class="badge-preview /g)).toHaveLength(45);
    expect(page.body).toContain('src="/badges/acme-ledger/listed-on.svg?shape=banner&amp;mode=light&amp;size=s"');
    expect(page.body.match(/aria-current="true"/g)).toHaveLength(1);
    expect(page.body).toMatch(/aria-current="true"\s+data-badge-option="pill dark l"/);
    expect(page.body).toContain(`href="${PATH}?shape=square&amp;mode=auto&amp;size=m"`);
    expect(page.body).toContain(`<form method="get" action="${PATH}" class="filters" data-badge-form="true">`);

    await app.inject({ url: `${PATH}?shape=hexagon&mode=neon&size=xl`, headers: as(ALICE) });
    expect(badgeQueries.at(-1)).toEqual({ shape: 'standard', mode: 'auto', size: 'm' });
  });
});
