import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness.ts';

describe('listing resource subscriptions fed by events.catalog.listing_changed', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.stop());

  const changed = (id: string, data: Record<string, unknown>) =>
    harness.bus.publish({
      subject: 'events.catalog.listing_changed',
      id,
      data: { change: 'edited', at: '2026-11-27T05:00:00.000Z', ...data },
    });

  it('when a 2026-07-28 client listens to a listing it never read then the change named by slug reaches it', async () => {
    const client = await harness.connect({ era: 'modern' });
    const heard: string[] = [];
    let heardOther: () => void = () => {};
    const other = new Promise<void>((resolve) => {
      heardOther = resolve;
    });
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      heard.push(notification.params.uri);
      if (notification.params.uri === 'listings://listings/zeta') heardOther();
    });
    const subscription = await client.listen({
      resourceSubscriptions: ['listings://listings/fresh-one', 'listings://listings/zeta'],
    });
    // the server honours the whole filter (it declares resources.subscribe)
    expect(subscription.honoredFilter.resourceSubscriptions).toHaveLength(2);
    try {
      // listing 4242 was never read through this process: the event's slug is all it knows
      await changed('listing-changed-fresh', { listing_id: 4242, slug: 'fresh-one' });
      await changed('listing-changed-unheard', { listing_id: 4243, slug: 'not-listened-to' });
      await changed('listing-changed-zeta', { listing_id: 4244, slug: 'zeta' });
      await other;
      // in order, and only what the filter names
      expect(heard).toEqual(['listings://listings/fresh-one', 'listings://listings/zeta']);
    } finally {
      await subscription.close();
    }
  });

  it('when a 2025-era session subscribed and the event names the listing by slug then it is told without a lookup', async () => {
    const subscriber = await harness.connect({ era: 'legacy' });
    const told = new Promise<string>((resolve) => {
      subscriber.setNotificationHandler('notifications/resources/updated', (notification) =>
        resolve(notification.params.uri),
      );
    });
    await subscriber.subscribeResource({ uri: 'listings://listings/by-slug' });
    await changed('listing-changed-by-slug', { listing_id: 4245, slug: 'by-slug' });
    expect(await told).toBe('listings://listings/by-slug');
  });
});
