import { fileReport, getListing, listReviews } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, serveSessions, startWebApp } from '../../../test/support/stand-in-people.ts';

/**
 * Reporting a review from the site (file_report, so it reaches the operators' queue): only signed-in
 * people report (anyone else is asked to sign in and catalog never hears of it), as their account; catalog's answers (a repeat, the daily limit)
 * are shown on the reviews page. Catalog's own rules are proven in services/catalog/test/moderation.test.ts.
 */
describe('review reports on the site', () => {
  const bus = createInProcessBus();
  let app: FastifyInstance;
  const reports: { slug: string; reviewer_id: string; reported_by: string; reason: string }[] = [];
  let limitReached = false;

  beforeAll(async () => {
    await serveSessions(bus);
    await bus.serve(getListing.subject, async () => ({ status: 200, body: { slug: 'tool', name: 'Tool' } }));
    await bus.serve(listReviews.subject, async () => ({
      status: 200,
      body: {
        slug: 'tool',
        rating: { average: 1, count: 1 },
        reviews: [{ reviewer_id: 'author-1', rating: 1, body: 'spam', at: '2026-11-20T00:00:00.000Z', reply: null }],
      },
    }));
    // catalog's file_report as a stand-in: once per person per item (409 again), then a daily limit
    await bus.serve(fileReport.subject, async (payload) => {
      const { principal, body } = payload as {
        principal: { account_id: string };
        body: { listing: string; review_by: string; reason: string };
      };
      const problem = (status: number, detail: string) => ({
        status,
        problem: { type: 'about:blank', title: 'Refused', status, detail },
      });
      if (limitReached)
        return problem(429, 'an account can file at most 20 reports a day (REPORTS_PER_ACCOUNT_PER_DAY)');
      const request = {
        slug: body.listing,
        reviewer_id: body.review_by,
        reported_by: principal.account_id,
        reason: body.reason,
      };
      if (reports.some((r) => r.reviewer_id === request.reviewer_id && r.reported_by === request.reported_by))
        return problem(409, 'you reported this review already');
      reports.push(request);
      return {
        status: 201,
        body: {
          id: 'report-1',
          listing: body.listing,
          review_by: body.review_by,
          reason: body.reason,
          filed_at: '2026-11-20T00:00:00.000Z',
          message: 'Thank you: your report was received. The operators will look at this review.',
        },
      };
    });
    app = await startWebApp(bus);
  });
  beforeEach(() => {
    reports.length = 0;
    limitReached = false;
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  const report = (options: { signedIn: boolean; userAgent?: string }) =>
    app.inject({
      method: 'POST',
      url: '/listings/tool/reviews/author-1/report',
      remoteAddress: '203.0.113.7',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': options.userAgent ?? 'Browser/1',
        ...(options.signedIn ? { cookie: `ld_session=${ALICE.token}` } : {}),
      },
      payload: new URLSearchParams({ reason: 'spam', ...(options.signedIn ? { csrf: ALICE.csrf } : {}) }).toString(),
    });

  it('when someone not signed in reports a review, from any number of user agents, then they are sent to sign in and nothing is reported', async () => {
    for (let i = 0; i < 8; i++) {
      const answer = await report({ signedIn: false, userAgent: `Browser/${i}` });
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toBe(`/signin/email?next=${encodeURIComponent('/listings/tool/reviews')}`);
    }
    expect(reports).toEqual([]);
  });

  it('when someone not signed in reads the reviews then each review offers to sign in to report, not a report form', async () => {
    const page = await app.inject({ method: 'GET', url: '/listings/tool/reviews' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('/reviews/author-1/report');
    expect(page.body).toContain('Sign in to report this review');
  });

  it('when a signed-in person reports a review twice then it is reported once as their account and the second answer says so', async () => {
    const first = await report({ signedIn: true });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('The operators will look at this review');
    const second = await report({ signedIn: true });
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('You reported this review already');
    expect(reports).toEqual([{ slug: 'tool', reviewer_id: 'author-1', reported_by: ALICE.account, reason: 'spam' }]);
  });

  it('when the account has reached its daily limit then the reviews page answers 429 naming the limit', async () => {
    limitReached = true;
    const answer = await report({ signedIn: true });
    expect(answer.statusCode).toBe(429);
    expect(answer.body).toContain('REPORTS_PER_ACCOUNT_PER_DAY');
  });
});
