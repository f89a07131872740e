import { castVote, VOTE_RATE_LIMITS } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { silentLogger } from '@listings/platform/logger';
import { natsServerAvailable, type RunningNatsServer, startNatsServer } from '@listings/platform/testing/nats-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, serveSessions } from '../../../test/support/stand-in-people.ts';
import { startWeb } from '../../main.ts';

const available = natsServerAvailable();
if (!available) console.warn('vote limits across replicas skipped: nats-server is not on the PATH');

/**
 * Two replicas of the web edge in cluster mode (each its own `startWeb`, so each opens its own
 * connection to the edge's rate-limit bucket in NATS KV, as two processes would) in front of one
 * stand-in identity and catalog: the vote limits count once across both.
 */
describe.skipIf(!available)('vote limits across two web-edge replicas over a real nats-server', () => {
  const bus = createInProcessBus();
  const casts: string[] = [];
  let nats: RunningNatsServer;
  let replicas: Awaited<ReturnType<typeof startWeb>>[] = [];

  beforeAll(async () => {
    nats = await startNatsServer();
    await serveSessions(bus);
    await bus.serve(castVote.subject, async (payload) => {
      casts.push((payload as { account_id: string }).account_id);
      return { status: 200, body: { voted: true, votes: casts.length } };
    });
    const config = { publicUrl: 'http://localhost:3000', web: { port: 0 }, natsUrl: nats.url };
    replicas = await Promise.all(
      [1, 2].map(() => startWeb({ bus, config, logger: silentLogger(), host: '127.0.0.1' })),
    );
  }, 30_000);
  afterAll(async () => {
    for (const replica of replicas) await replica.stop();
    await bus.close();
    await nats?.stop();
  });

  const vote = (replica: number, person: typeof ALICE, ip: string) =>
    (replicas[replica] as (typeof replicas)[number]).app.inject({
      method: 'POST',
      url: '/listings/some-listing/vote',
      remoteAddress: ip,
      headers: {
        cookie: `ld_session=${person.token}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      payload: new URLSearchParams({ csrf: person.csrf }).toString(),
    });

  it('when one account votes on both replicas in turn then the per-account limit holds for the two together', async () => {
    const { limit } = VOTE_RATE_LIMITS.perAccount;
    const statuses: number[] = [];
    // each replica alone would let `limit` through, so twice as many tries would pass twice the limit
    for (let i = 0; i < 2 * limit; i++) statuses.push((await vote(i % 2, ALICE, `198.51.100.${i}`)).statusCode);
    const allowed = statuses.filter((s) => s === 200).length;
    // the shared counter never lets more through than the limit; a replica may lose the counts it
    // reserved and did not hand out (at most a twentieth of the limit, rounded up, per replica)
    expect(allowed).toBeLessThanOrEqual(limit);
    expect(allowed).toBeGreaterThanOrEqual(limit - 2 * Math.ceil(limit / 20));
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    // refused on both replicas once the limit is reached, with the time to wait
    const refusedOnFirst = await vote(0, ALICE, '198.51.100.200');
    const refusedOnSecond = await vote(1, ALICE, '198.51.100.201');
    expect([refusedOnFirst.statusCode, refusedOnSecond.statusCode]).toEqual([429, 429]);
    expect(Number(refusedOnSecond.headers['retry-after'])).toBeGreaterThan(0);
    // catalog was asked only for the votes let through
    expect(casts.filter((a) => a === ALICE.account)).toHaveLength(allowed);
    // another account is counted on its own
    expect((await vote(1, BOB, '198.51.100.202')).statusCode).toBe(200);
  });
});
