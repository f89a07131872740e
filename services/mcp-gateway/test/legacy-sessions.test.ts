import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness.ts';

describe('2025-era sessions', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.stop());

  it('when a 2025-11-25 client initializes then it gets a session that declares logging and resource subscriptions', async () => {
    const client = await harness.connect({ era: 'legacy' });
    const capabilities = client.getServerCapabilities();
    expect(capabilities?.logging).toEqual({});
    expect(capabilities?.resources).toMatchObject({ subscribe: true });
    // logging/setLevel is answered by the session
    await expect(client.setLoggingLevel('debug')).resolves.toBeDefined();
  });

  it('when a listing resource changes then only the sessions subscribed to it hear about it', async () => {
    const subscriber = await harness.connect({ era: 'legacy' });
    const heard: string[] = [];
    let heardOther: () => void = () => {};
    const other = new Promise<void>((resolve) => {
      heardOther = resolve;
    });
    subscriber.setNotificationHandler('notifications/resources/updated', (notification) => {
      heard.push(notification.params.uri);
      if (notification.params.uri === 'listings://listings/other') heardOther();
    });
    await subscriber.subscribeResource({ uri: 'listings://listings/acme' });
    await subscriber.subscribeResource({ uri: 'listings://listings/other' });

    await harness.resourceUpdated('listings://listings/acme');
    await subscriber.unsubscribeResource({ uri: 'listings://listings/acme' });
    await harness.resourceUpdated('listings://listings/acme');
    await harness.resourceUpdated('listings://listings/nobody-subscribed');
    await harness.resourceUpdated('listings://listings/other');
    await other;
    // one stream, in order: the update after unsubscribing never came
    expect(heard).toEqual(['listings://listings/acme', 'listings://listings/other']);
  });

  it('when the catalog publishes that a subscribed listing changed then the subscriber is told', async () => {
    const subscriber = await harness.connect({ era: 'legacy' });
    const told = new Promise<string>((resolve) => {
      subscriber.setNotificationHandler('notifications/resources/updated', (notification) =>
        resolve(notification.params.uri),
      );
    });
    await subscriber.subscribeResource({ uri: 'listings://listings/acme' });
    // what the catalog publishes from its log when an owner edits listing 7 (slug acme)
    await harness.bus.publish({
      subject: 'events.catalog.listing_changed',
      id: 'listing-changed-1',
      data: { listing_id: 7, change: 'edited', at: '2026-11-27T05:00:00.000Z' },
    });
    expect(await told).toBe('listings://listings/acme');
  });

  it('when a request names an unknown session then it answers 404, so the client starts a new one', async () => {
    const response = await fetch(harness.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
        'mcp-session-id': 'not-a-session',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(response.status).toBe(404);
  });

  it('when a 2025 request names no session and is no initialize then it is served statelessly as before', async () => {
    const response = await fetch(harness.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_listing', arguments: { slug: 'acme' } },
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(await response.text()).toContain('Rockets');
  });

  // #27 item 9c: a session was usable by anyone who knew its id, whatever their credential
  describe('a session belongs to the account that uses it', () => {
    const WRITER = 'Bearer lk_writer';
    const READER = 'Bearer lk_reader';
    const send = async (
      method: 'POST' | 'GET' | 'DELETE',
      authorization: string | null,
      session: string | null,
      message?: Record<string, unknown>,
    ) => {
      const response = await fetch(harness.url, {
        method,
        headers: {
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
          ...(message ? { 'content-type': 'application/json' } : {}),
          ...(authorization ? { authorization } : {}),
          ...(session ? { 'mcp-session-id': session } : {}),
        },
        ...(message ? { body: JSON.stringify({ jsonrpc: '2.0', ...message }) } : {}),
      });
      // a GET opens a stream that stays open: only its status is read
      if (method === 'GET') await response.body?.cancel();
      else await response.text();
      return response;
    };
    const open = async (authorization: string | null) => {
      const opened = await send('POST', authorization, null, {
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'binding', version: '1' } },
      });
      expect(opened.status).toBe(200);
      const id = opened.headers.get('mcp-session-id') as string;
      expect(id).toBeTruthy();
      expect((await send('POST', authorization, id, { method: 'notifications/initialized' })).status).toBe(202);
      return id;
    };
    const list = (authorization: string | null, session: string) =>
      send('POST', authorization, session, { id: 2, method: 'tools/list', params: {} });

    it('when another account’s credential, or none, names a signed-in session then 404 Session not found, and the session goes on for its owner', async () => {
      const session = await open(WRITER);
      expect((await list(READER, session)).status).toBe(404);
      expect((await list(null, session)).status).toBe(404);
      expect((await send('GET', READER, session)).status).toBe(404);
      expect((await send('DELETE', READER, session)).status).toBe(404);
      expect((await list(WRITER, session)).status).toBe(200);
      expect((await send('DELETE', WRITER, session)).status).toBe(200);
      expect((await list(WRITER, session)).status).toBe(404);
    });

    it('when a session opened without a credential is used signed in then it belongs to that account from then on', async () => {
      const session = await open(null);
      expect((await list(null, session)).status).toBe(200);
      expect((await list(WRITER, session)).status).toBe(200);
      expect((await list(READER, session)).status).toBe(404);
      expect((await list(null, session)).status).toBe(404);
      expect((await list(WRITER, session)).status).toBe(200);
    });

    it('when a credential that does not sign in names a session then 401, as everywhere', async () => {
      const session = await open(WRITER);
      expect((await send('GET', 'Bearer lk_nobody', session)).status).toBe(401);
    });
  });
});
