import { castVote } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { silentLogger } from '@listings/platform/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, serveSessions } from '../../../test/support/stand-in-people.ts';
import { startWeb } from '../../main.ts';

/**
 * #31: what the web edge tells catalog with a vote, for the ranking rules: the account's age, the
 * disposable flag and `suspended` from identity's session, and the client's network as a prefix
 * (IPv4 /24, IPv6 /48), never the address.
 */
describe('a vote carries what the ranking rules weigh it by', () => {
  const bus = createInProcessBus();
  const casts: Record<string, unknown>[] = [];
  let web: Awaited<ReturnType<typeof startWeb>>;

  beforeAll(async () => {
    await serveSessions(bus);
    await bus.serve(castVote.subject, async (payload) => {
      casts.push(payload as Record<string, unknown>);
      return { status: 200, body: { slug: 'some-listing', voted: true, votes: casts.length } };
    });
    web = await startWeb({
      bus,
      config: { publicUrl: 'http://localhost:3000', web: { port: 0 } },
      logger: silentLogger(),
      host: '127.0.0.1',
    });
  });
  afterAll(async () => {
    await web?.stop();
    await bus.close();
  });

  const vote = (ip: string) =>
    web.app.inject({
      method: 'POST',
      url: '/listings/some-listing/vote',
      remoteAddress: ip,
      headers: {
        cookie: `ld_session=${ALICE.token}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      payload: new URLSearchParams({ csrf: ALICE.csrf }).toString(),
    });

  it('when a signed-in person votes over IPv4 or IPv6 then catalog gets the session facts and the /24 or /48, not the address', async () => {
    expect((await vote('203.0.113.77')).statusCode).toBe(200);
    expect((await vote('2001:db8:abcd:12:1:2:3:4')).statusCode).toBe(200);
    expect(casts).toEqual([
      expect.objectContaining({
        account_id: ALICE.account,
        account_created_at: '2025-01-01T00:00:00.000Z',
        email_disposable: false,
        suspended: false,
        network: '203.0.113.0/24',
      }),
      expect.objectContaining({ network: '2001:db8:abcd::/48' }),
    ]);
    expect(JSON.stringify(casts)).not.toMatch(/203\.0\.113\.77|:12:1:2/);
  });
});
