import { openShopAdmin } from '@listings/commerce/shop-admin';
import { loadConfig } from '@listings/platform/config';
import { count, UsageError } from './arguments.ts';

/**
 * The shop's settings, through the commerce service's own commands and event store: the running
 * service reads them on every call, so a change applies to the next quote at once.
 */
export const shop = async (group: string, command: string | undefined, rest: string[]): Promise<number> => {
  const admin = await openShopAdmin(loadConfig().eventsDir);
  try {
    const say = (changed: boolean, what: string) => console.log(changed ? what : `${what} (unchanged)`);
    if (group === 'product' && command === 'list' && rest.length === 0) {
      for (const p of (await admin.settings()).products.values())
        console.log(`${p.slug}\t${p.price_cents} cents\t${p.name}`);
      return 0;
    }
    if (group === 'product' && command === 'set-price' && rest.length === 2) {
      const [slug, cents] = rest as [string, string];
      const price = count(cents, '<cents>');
      say(await admin.run({ type: 'SetPrice', data: { slug, price_cents: price } }), `${slug} costs ${price} cents`);
      return 0;
    }
    if (group === 'shop' && command === 'set-launch-capacity' && rest.length === 1) {
      const capacity = count(rest[0], '<launches>');
      say(await admin.run({ type: 'SetWeeklyLaunchCapacity', data: { capacity } }), `${capacity} paid launches a week`);
      return 0;
    }
    if (group === 'shop' && command === 'set-order-hold' && rest.length === 1) {
      const minutes = count(rest[0], '<minutes>');
      say(
        await admin.run({ type: 'SetPendingOrderHold', data: { minutes } }),
        `an unpaid order holds its launch week slots for ${minutes} minutes`,
      );
      return 0;
    }
    if (group === 'shop' && command === 'set-seller-country' && rest.length === 1) {
      const country = (rest[0] as string).toUpperCase();
      say(await admin.run({ type: 'SetSellerCountry', data: { country } }), `seller country ${country}`);
      return 0;
    }
    throw new UsageError(`unknown command: ${[group, command, ...rest].join(' ')}`);
  } finally {
    await admin.close();
  }
};
