import { deciderSpec } from '@listings/platform/decider/specification';
import { ValidationError } from '@listings/platform/errors';
import { describe, it } from 'vitest';
import { shopDecider } from './decide.ts';
import type { ShopEvent } from './shop.ts';

const launch: ShopEvent = {
  type: 'ProductDefined',
  data: { slug: 'launch', name: 'L', description: 'd', price_cents: 4900, needs_listing: true, kind: 'launch' },
};

describe('shop settings decider', () => {
  const spec = deciderSpec(shopDecider);
  it('when an operator sets a new price then the price is set', () => {
    spec
      .given([launch])
      .when({ type: 'SetPrice', data: { slug: 'launch', price_cents: 9900 } })
      .then([{ type: 'ProductPriceSet', data: { slug: 'launch', price_cents: 9900 } }]);
  });
  it('when the price is unchanged then nothing is recorded', () => {
    spec
      .given([launch])
      .when({ type: 'SetPrice', data: { slug: 'launch', price_cents: 4900 } })
      .then([]);
  });
  it('when the product is unknown then it is invalid', () => {
    spec
      .given([])
      .when({ type: 'SetPrice', data: { slug: 'nope', price_cents: 1 } })
      .thenThrows(ValidationError, /no product/);
  });
  it('when the price is negative then it is invalid', () => {
    spec
      .given([launch])
      .when({ type: 'SetPrice', data: { slug: 'launch', price_cents: -1 } })
      .thenThrows(ValidationError);
  });
  it('when no order hold was ever set then an unpaid order holds its slots 30 minutes', () => {
    spec
      .given([])
      .when({ type: 'SetPendingOrderHold', data: { minutes: 30 } })
      .then([]);
  });
  it('when an operator sets the order hold then it is recorded; out of 1..1440 minutes it is invalid', () => {
    spec
      .given([])
      .when({ type: 'SetPendingOrderHold', data: { minutes: 45 } })
      .then([{ type: 'PendingOrderHoldSet', data: { minutes: 45 } }]);
    for (const minutes of [0, 1441, 2.5])
      spec
        .given([])
        .when({ type: 'SetPendingOrderHold', data: { minutes } })
        .thenThrows(ValidationError, /from 1 to 1440/);
  });
});
