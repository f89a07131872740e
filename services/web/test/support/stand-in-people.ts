/**
 * What the web edge's route tests share: two signed-in people, identity's session look-up as a
 * stand-in on the bus, and the web app over that bus. The real services behind these routes are
 * proven end to end in launcher/test/e2e.
 */
import { lookupSession, type SiteSession } from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import { silentLogger } from '@listings/platform/logger';
import { buildWebApp } from '../../src/app.ts';

export interface StandInPerson {
  /** the site session cookie's value */
  readonly token: string;
  /** the session's CSRF token */
  readonly csrf: string;
  readonly account: string;
}

export const ALICE: StandInPerson = { token: 'a'.repeat(43), csrf: 'A'.repeat(43), account: 'acct-alice' };
export const BOB: StandInPerson = { token: 'b'.repeat(43), csrf: 'B'.repeat(43), account: 'acct-bob' };

/** a service's 404 reply on the bus */
export const NOT_FOUND_REPLY = { status: 404, problem: { type: 'about:blank', title: 'Not found', status: 404 } };

/** the person a session token belongs to, if any */
export const personOf = (token: string, people: readonly StandInPerson[] = [ALICE, BOB]) =>
  people.find((p) => p.token === token);

/** identity's `lookup_session`: each person's session (email confirmed), 401 for any other token */
export const serveSessions = (bus: Bus, people: readonly StandInPerson[] = [ALICE, BOB]) =>
  bus.serve(lookupSession.subject, async (payload) => {
    const who = personOf((payload as { session_token: string }).session_token, people);
    if (!who) return { status: 401, problem: { type: 'about:blank', title: 'Unauthorized', status: 401 } };
    const session: SiteSession = {
      account_id: who.account,
      email: `${who.account}@example.com`,
      name: null,
      email_confirmed: true,
      account_created_at: '2025-01-01T00:00:00.000Z',
      email_disposable: false,
      suspended: false,
      csrf_token: who.csrf,
      expires_at: '2099-01-01T00:00:00.000Z',
    };
    return { status: 200, body: session };
  });

/** the web edge on its own (cluster mode's app) over `bus` */
export const startWebApp = (bus: Bus) =>
  buildWebApp({ bus, publicUrl: 'http://localhost:3000', logger: silentLogger(), requestTimeoutMs: 2_000 });
