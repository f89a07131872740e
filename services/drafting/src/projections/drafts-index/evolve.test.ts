import type { RecordedEvent } from '@listings/platform/event-store';
import { foldDocumentView } from '@listings/platform/read-models';
import { describe, expect, it } from 'vitest';
import { draftsIndexProjection } from './evolve.ts';

const recorded = (events: [string, string, Record<string, unknown>][]): RecordedEvent[] =>
  events.map(
    ([id, type, data], i) => ({ stream: `draft-${id}`, type, data, position: i + 1 }) as unknown as RecordedEvent,
  );

describe('drafts index', () => {
  it('when drafts start, finish, regenerate and gain owners then the lookups follow', () => {
    const { view } = foldDocumentView(
      draftsIndexProjection,
      recorded([
        ['a', 'DraftStarted', { at: '2030-01-01T00:00:00.000Z', owner_id: 'acct-1' }],
        ['b', 'DraftStarted', { at: '2030-01-02T00:00:00.000Z', owner_id: 'acct-2' }],
        ['a', 'ProfileDrafted', { request_id: null }],
        ['a', 'RegenerationRequested', { request_id: 'r1' }],
        ['a', 'RegenerationRequested', { request_id: 'r2' }],
        ['a', 'RegenerationAbandoned', { request_id: 'r1' }],
        ['a', 'InviteAccepted', { account_id: 'acct-3' }],
        ['a', 'InviteAccepted', { account_id: 'acct-3' }],
        ['b', 'DraftFailed', {}],
      ]),
    );
    expect(view.drafts.get('a')).toEqual({ createdAt: '2030-01-01T00:00:00.000Z', owners: ['acct-1', 'acct-3'] });
    expect([...view.unfinished]).toEqual([]);
    expect([...view.regenerating]).toEqual(['a/r2']);
  });
});
