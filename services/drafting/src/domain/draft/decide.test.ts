import { deciderSpec } from '@listings/platform/decider/specification';
import { ConflictError, NotFoundError } from '@listings/platform/errors';
import { describe, expect, it } from 'vitest';
import { draftDecider, InviteExpiredError } from './decide.ts';
import type { DraftEvent } from './draft.ts';

const spec = deciderSpec(draftDecider);
const at = '2026-11-22T10:00:00.000Z';
const meta = { at };
const id = '11111111-1111-4111-8111-111111111111';
const started: DraftEvent = {
  type: 'DraftStarted',
  data: { draft_id: id, url: 'https://acme.test/', owner_id: 'alice', at, idempotency_key: null },
};
const crawled: DraftEvent = {
  type: 'SiteCrawled',
  data: {
    pages: [
      {
        url: 'https://acme.test/',
        title: 'Acme',
        text_ref: `sha256:${'a'.repeat(64)}`,
        html_ref: `sha256:${'b'.repeat(64)}`,
      },
    ],
    at,
  },
};
const drafted: DraftEvent = {
  type: 'ProfileDrafted',
  data: {
    keys: ['name'],
    proposals: { name: { value: 'Acme', evidence: [{ quote: 'Acme', url: 'https://acme.test/' }] } },
    request_id: null,
    at,
  },
};
const edit = (
  over: Partial<{
    values: Record<string, unknown>;
    lock: string[];
    restore: string[];
    regenerate: { requestId: string; keys: string[]; clientModel?: boolean } | null;
  }>,
) => ({
  type: 'EditDraft' as const,
  by: 'alice',
  values: {},
  lock: [],
  restore: [],
  regenerate: null,
  meta,
  ...over,
});

describe('draft decider', () => {
  it('when a draft is started twice with the same url then the second changes nothing', () => {
    spec
      .given([started])
      .when({
        type: 'StartDraft',
        draftId: id,
        url: 'https://acme.test/',
        ownerId: 'alice',
        idempotencyKey: null,
        meta,
      })
      .then([]);
  });

  it('when a crawl is recorded on a crawling draft then it moves to drafting; a second record changes nothing', () => {
    spec
      .given([started])
      .when({ type: 'RecordCrawl', pages: [], meta })
      .then([{ type: 'SiteCrawled', data: { pages: [], at } }]);
    spec.given([started, crawled]).when({ type: 'RecordCrawl', pages: [], meta }).then([]);
  });

  it('when the profile is recorded twice (a retried activity) then only the first counts', () => {
    spec
      .given([started, crawled, drafted])
      .when({ type: 'RecordProfile', keys: ['name'], proposals: {}, requestId: null, meta })
      .then([]);
  });

  it('when a crawling draft is submitted then it is a conflict saying it is still crawling', () => {
    spec
      .given([started])
      .when({ type: 'SubmitDraft', by: 'alice', listingId: 1, meta })
      .thenThrows(ConflictError, /still crawling/);
  });

  const failed: DraftEvent = { type: 'DraftFailed', data: { reason: 'robots.txt answered 503', at } };
  const typed: DraftEvent = {
    type: 'FieldsEdited',
    data: { values: { name: 'Acme', tagline: 'Anvils, delivered' }, by: 'alice', at },
  };

  it('when a failed draft not filled in is submitted then the conflict names the failure and what to fill in', () => {
    spec
      .given([started, failed])
      .when({ type: 'SubmitDraft', by: 'alice', listingId: 1, meta })
      .thenThrows(ConflictError, /robots\.txt answered 503\): fill in name and tagline by hand/);
    spec
      .given([started, failed, { type: 'FieldsEdited', data: { values: { name: 'Acme' }, by: 'alice', at } }])
      .when({ type: 'SubmitDraft', by: 'alice', listingId: 1, meta })
      .thenThrows(ConflictError, /fill in tagline by hand/);
  });

  it('when a failed draft was filled in by hand then it can be submitted', () => {
    spec
      .given([started, failed, typed])
      .when({ type: 'SubmitDraft', by: 'alice', listingId: 7, meta })
      .then([{ type: 'DraftSubmitted', data: { listing_id: 7, by: 'alice', at } }]);
  });

  it('when a failed draft is regenerated then the site is read again (once per request)', () => {
    const recrawl: DraftEvent = { type: 'DraftRecrawlRequested', data: { request_id: 'r1', keys: ['name'], at } };
    spec
      .given([started, failed, typed])
      .when(edit({ regenerate: { requestId: 'r1', keys: ['name'] } }))
      .then([recrawl]);
    // the same PATCH again (its Idempotency-Key) while it crawls: nothing more, no conflict
    spec
      .given([started, failed, typed, recrawl])
      .when(edit({ regenerate: { requestId: 'r1', keys: ['name'] } }))
      .then([]);
    // another regenerate while it crawls: 409 as for any draft that is not ready
    spec
      .given([started, failed, typed, recrawl])
      .when(edit({ regenerate: { requestId: 'r2', keys: ['name'] } }))
      .thenThrows(ConflictError, /the draft is crawling/);
  });

  it('when the recrawled site is drafted then typed slots stay unless named in the regenerate', () => {
    const state = [
      started,
      failed,
      typed,
      { type: 'DraftRecrawlRequested', data: { request_id: 'r1', keys: ['name'], at } },
      crawled,
      {
        type: 'ProfileDrafted',
        data: {
          keys: ['name', 'tagline'],
          proposals: {
            name: { value: 'Acme Inc', evidence: [{ quote: 'Acme Inc', url: 'https://acme.test/' }] },
            tagline: { value: 'Anvils', evidence: [{ quote: 'Anvils', url: 'https://acme.test/' }] },
          },
          request_id: null,
          at,
        },
      },
    ] as DraftEvent[];
    const folded = state.reduce(draftDecider.evolve, draftDecider.initialState);
    expect(folded.status).toBe('ready');
    expect(folded.failureReason).toBeNull();
    expect(folded.slots.name).toMatchObject({ value: 'Acme Inc', state: 'ai' });
    expect(folded.slots.tagline).toMatchObject({ value: 'Anvils, delivered', state: 'manual' });
  });

  it('when a ready draft is submitted then it records the listing', () => {
    spec
      .given([started, crawled, drafted])
      .when({ type: 'SubmitDraft', by: 'alice', listingId: 7, meta })
      .then([{ type: 'DraftSubmitted', data: { listing_id: 7, by: 'alice', at } }]);
  });

  it('when a locked field is regenerated then it is refused', () => {
    spec
      .given([started, crawled, drafted, { type: 'FieldsLocked', data: { keys: ['name'], by: 'alice', at } }])
      .when(edit({ regenerate: { requestId: 'r1', keys: ['name'] } }))
      .thenThrows(ConflictError, /locked/);
  });

  it('when a regeneration is requested on a ready draft then it is recorded once', () => {
    spec
      .given([started, crawled, drafted])
      .when(edit({ regenerate: { requestId: 'r1', keys: ['name'] } }))
      .then([{ type: 'RegenerationRequested', data: { request_id: 'r1', keys: ['name'], at } }]);
    spec
      .given([
        started,
        crawled,
        drafted,
        { type: 'RegenerationRequested', data: { request_id: 'r1', keys: ['name'], at } },
      ])
      .when(edit({ regenerate: { requestId: 'r1', keys: ['name'] } }))
      .then([]);
  });

  it('when an eleventh invite is sent then it is refused', () => {
    const invites: DraftEvent[] = Array.from({ length: 10 }, (_, i) => ({
      type: 'CofounderInvited',
      data: { invite_id: `i${i}`, email: `p${i}@x.test`, token_hash: `h${i}`, by: 'alice', at },
    }));
    spec
      .given([started, ...invites])
      .when({ type: 'InviteCofounder', by: 'alice', inviteId: 'i10', email: 'p10@x.test', tokenHash: 'h10', meta })
      .thenThrows(ConflictError, /10 invites/);
  });

  it('when an invite is accepted by an owner then it is refused and stays open', () => {
    const invited: DraftEvent = {
      type: 'CofounderInvited',
      data: { invite_id: 'i1', email: 'bob@x.test', token_hash: 'h1', by: 'alice', at },
    };
    spec
      .given([started, invited])
      .when({ type: 'AcceptInvite', tokenHash: 'h1', accountId: 'alice', meta })
      .thenThrows(ConflictError, /already own/);
  });

  it('when an invite is accepted 14 days after it was sent then it has expired', () => {
    const invited: DraftEvent = {
      type: 'CofounderInvited',
      data: { invite_id: 'i1', email: 'bob@x.test', token_hash: 'h1', by: 'alice', at },
    };
    const later = (ms: number) => ({ at: new Date(Date.parse(at) + ms).toISOString() });
    const day = 24 * 60 * 60 * 1000;
    spec
      .given([started, invited])
      .when({ type: 'AcceptInvite', tokenHash: 'h1', accountId: 'bob', meta: later(14 * day) })
      .thenThrows(InviteExpiredError, /expired/);
    spec
      .given([started, invited])
      .when({ type: 'AcceptInvite', tokenHash: 'h1', accountId: 'bob', meta: later(14 * day - 1) })
      .then([{ type: 'InviteAccepted', data: { invite_id: 'i1', account_id: 'bob', at: later(14 * day - 1).at } }]);
  });

  it('when an unknown invite token is accepted then it is not found', () => {
    spec
      .given([started])
      .when({ type: 'AcceptInvite', tokenHash: 'nope', accountId: 'bob', meta })
      .thenThrows(NotFoundError);
  });

  describe("the client's model (MCP sampling)", () => {
    const offered: DraftEvent = { type: 'DraftStarted', data: { ...started.data, client_model: true } } as DraftEvent;
    const askId = '22222222-2222-4222-8222-222222222222';
    const requestRef = `sha256:${'c'.repeat(64)}`;
    const textRef = `sha256:${'d'.repeat(64)}`;
    const ask = { type: 'AskClientModel' as const, askId, requestId: null, keys: ['city'], requestRef, meta };
    const asked: DraftEvent = {
      type: 'ClientModelAsked',
      data: { ask_id: askId, request_id: null, keys: ['city'], request_ref: requestRef, at },
    };

    it('when a drafting draft whose client offered its model asks it then the request is recorded, once', () => {
      spec.given([offered, crawled]).when(ask).then([asked]);
      spec
        .given([offered, crawled, asked])
        .when({ ...ask, askId: 'another' })
        .then([]);
    });

    it('when the client offered no model, or the draft is not drafting, then nothing is asked', () => {
      spec.given([started, crawled]).when(ask).then([]);
      spec.given([offered]).when(ask).then([]);
      spec.given([offered, crawled, drafted]).when(ask).then([]);
    });

    it('when the open request is answered then the first answer counts and a later one, or one to another ask, changes nothing', () => {
      const answered: DraftEvent = {
        type: 'ClientModelAnswered',
        data: { ask_id: askId, outcome: 'answered', text_ref: textRef, model: 'm', at },
      };
      spec
        .given([offered, crawled, asked])
        .when({ type: 'AnswerClientModel', askId, outcome: 'answered', textRef, model: 'm', meta })
        .then([answered]);
      spec
        .given([offered, crawled, asked, answered])
        .when({ type: 'AnswerClientModel', askId, outcome: 'timed_out', meta })
        .then([]);
      spec
        .given([offered, crawled, asked])
        .when({ type: 'AnswerClientModel', askId: 'another', outcome: 'declined', meta })
        .then([]);
    });

    it('when a regeneration whose client offered its model is pending then its own request is recorded, once; one whose client did not is not asked', () => {
      const requestId = '33333333-3333-4333-8333-333333333333';
      const regeneration = (clientModel: boolean): DraftEvent => ({
        type: 'RegenerationRequested',
        data: { request_id: requestId, keys: ['city'], at, ...(clientModel ? { client_model: true } : {}) },
      });
      const forRegeneration = { ...ask, requestId };
      const askedForIt: DraftEvent = {
        type: 'ClientModelAsked',
        data: { ask_id: askId, request_id: requestId, keys: ['city'], request_ref: requestRef, at },
      };
      spec
        .given([started, crawled, drafted, regeneration(true)])
        .when(forRegeneration)
        .then([askedForIt]);
      spec
        .given([started, crawled, drafted, regeneration(true), askedForIt])
        .when(forRegeneration)
        .then([]);
      spec
        .given([started, crawled, drafted, regeneration(false)])
        .when(forRegeneration)
        .then([]);
    });

    it('when a regenerate is asked for by a client that offers its model then the request says so', () => {
      const requestId = '44444444-4444-4444-8444-444444444444';
      spec
        .given([started, crawled, drafted])
        .when(edit({ regenerate: { requestId, keys: ['city'], clientModel: true } }))
        .then([
          { type: 'RegenerationRequested', data: { request_id: requestId, keys: ['city'], at, client_model: true } },
        ]);
    });
  });
});

describe('the logo copy (issue #30)', () => {
  const ours = `http://localhost:3000/images/${'c'.repeat(64)}.png`;
  const stored: DraftEvent = {
    type: 'LogoStored',
    data: { source_url: 'https://acme.test/logo.png', url: ours, at },
  };
  it('when a logo copy is stored then it is recorded once; the same copy again changes nothing', () => {
    spec
      .given([started, crawled, drafted])
      .when({ type: 'StoreLogo', sourceUrl: 'https://acme.test/logo.png', url: ours, meta })
      .then([stored]);
    spec
      .given([started, crawled, drafted, stored])
      .when({ type: 'StoreLogo', sourceUrl: 'https://acme.test/logo.png', url: ours, meta })
      .then([]);
  });
  it('when a logo copy is stored for an unknown draft then it is not found', () => {
    expect(() =>
      draftDecider.decide(
        { type: 'StoreLogo', sourceUrl: 'https://acme.test/logo.png', url: ours, meta },
        draftDecider.initialState,
      ),
    ).toThrow(NotFoundError);
  });
});
