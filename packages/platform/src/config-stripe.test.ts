import { describe, expect, it } from 'vitest';
import { ConfigError, loadStripeSettings } from './config.ts';

describe('Stripe configuration (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE)', () => {
  it('when neither key is set then the local provider is used (null)', () => {
    expect(loadStripeSettings({})).toBeNull();
    expect(loadStripeSettings({ STRIPE_SECRET_KEY: ' ', STRIPE_WEBHOOK_SECRET: '' })).toBeNull();
  });

  it('when both are set then Stripe, with the API base when given', () => {
    expect(loadStripeSettings({ STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_WEBHOOK_SECRET: 'whsec_b' })).toEqual({
      secretKey: 'sk_test_a',
      webhookSecret: 'whsec_b',
    });
    expect(
      loadStripeSettings({
        STRIPE_SECRET_KEY: 'sk_test_a',
        STRIPE_WEBHOOK_SECRET: 'whsec_b',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      }),
    ).toMatchObject({ apiBase: 'http://127.0.0.1:12111' });
  });

  it('when only one is set, or the API base is no URL, then start-up stops without showing the secret', () => {
    for (const env of [
      { STRIPE_SECRET_KEY: 'sk_live_very_secret' },
      { STRIPE_WEBHOOK_SECRET: 'whsec_very_secret' },
      { STRIPE_SECRET_KEY: 'sk_live_very_secret', STRIPE_WEBHOOK_SECRET: 'whsec_very_secret', STRIPE_API_BASE: 'nope' },
    ]) {
      let thrown: unknown;
      try {
        loadStripeSettings(env);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ConfigError);
      expect(String((thrown as Error).message)).not.toMatch(/very_secret/);
    }
  });
});
