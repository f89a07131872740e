import type { RecordedEvent } from '@listings/platform/event-store';
import { foldDocumentView } from '@listings/platform/read-models';
import { describe, expect, it } from 'vitest';
import type { ClaimEvent } from '../../domain/claim/claim.ts';
import { claimsIndexProjection } from './evolve.ts';

const recorded = (events: [number, ClaimEvent][]): RecordedEvent[] =>
  events.map(([id, e], i) => ({ ...e, stream: `claim-${id}`, position: i + 1 }) as unknown as RecordedEvent);
const started = (id: number, account: string, hash: string | null): ClaimEvent => ({
  type: 'ClaimStarted',
  data: {
    claim_id: id,
    account_id: account,
    listing_id: 7,
    slug: 'acme',
    domain: 'acme.test',
    homepage: null,
    method: hash ? 'email' : 'dns',
    token: hash ? null : 'tok',
    email: hash ? 'a@acme.test' : null,
    email_token_hash: hash,
    at: '2030-01-01T00:00:00.000Z',
    expires_at: '2030-01-15T00:00:00.000Z',
  },
});

describe('claims index', () => {
  it('when claims start, verify and renew their email link then the lookups follow, in claim-id order', () => {
    const { view, docs } = foldDocumentView(
      claimsIndexProjection,
      recorded([
        [2, started(2, 'acct-a', null)],
        [10, started(10, 'acct-a', 'hash-1')],
        [3, started(3, 'acct-b', null)],
        [2, { type: 'ClaimVerified', data: { claim_id: 2, at: '2030-01-02T00:00:00.000Z' } }],
        [10, { type: 'ClaimEmailLinkRenewed', data: { claim_id: 10, email_token_hash: 'hash-2', at: 't' } }],
      ]),
    );
    expect(view.byAccount.get('acct-a')).toEqual([2, 10]);
    expect(view.claims.get(2)?.status).toBe('verified');
    expect([...view.emailTokens]).toEqual([['hash-2', 10]]); // the old link no longer finds it
    expect(view.maxId).toBe(10);
    // stored ids sort like the claim ids
    expect([...docs.keys()].sort()).toEqual(['000000000002', '000000000003', '000000000010']);
  });
});
