import { castVote, operations, withdrawVote } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { silentLogger } from '@listings/platform/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, registeredOperationRoutes } from '../src/app.ts';

/** Votes come only from people on the site: API keys and OAuth tokens cannot vote. */
describe('no /api/v1 route can vote', () => {
  let app: FastifyInstance;
  const bus = createInProcessBus();
  beforeAll(async () => {
    app = await buildApp({ bus, config: { publicUrl: 'http://localhost:3000' }, logger: silentLogger() });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  it('when every route the gateway registered is printed then no path segment names a vote', () => {
    // the router's tree: every path segment of every route (API, pages, OAuth) appears in it
    const routes = app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('api/v1');
    expect(routes).toContain('leaderboards');
    expect(routes).not.toMatch(/vote/i);
  });

  it('when the generated operation routes are listed then none sends to the vote subjects', () => {
    const registered = registeredOperationRoutes(app);
    expect(registered.length).toBeGreaterThanOrEqual(operations.length);
    const subjects = new Set(registered.map((r) => operations.find((op) => op.operationId === r.operationId)?.subject));
    expect(subjects.has(castVote.subject)).toBe(false);
    expect(subjects.has(withdrawVote.subject)).toBe(false);
    // reading votes (the public vote ledger, get_vote_ledger) is allowed; no other operation names a vote
    expect(operations.filter((op) => /vote/i.test(op.operationId) && op.method !== 'GET')).toEqual([]);
  });
});
