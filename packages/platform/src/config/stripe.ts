import { ConfigError } from '../environment.ts';
import { Secret } from '../mail/mail-settings.ts';
import { isHttpUrl } from './values.ts';

/** Stripe Checkout as the payment provider (commerce); null: the local development provider */
export interface StripeEnvSettings {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** another API base (stripe-mock in tests); absent: Stripe's own */
  readonly apiBase?: string;
}

/**
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together choose Stripe (one without the other is a
 * configuration error); STRIPE_API_BASE optionally points the client elsewhere. The values are
 * never put in errors or logs.
 */
export const loadStripeSettings = (env: NodeJS.ProcessEnv): StripeEnvSettings | null => {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || '';
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || '';
  const apiBase = env.STRIPE_API_BASE?.trim() || '';
  const problems: string[] = [];
  if (Boolean(secretKey) !== Boolean(webhookSecret))
    problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together (or neither: local payments)');
  if (apiBase && !isHttpUrl(apiBase)) problems.push('STRIPE_API_BASE must be an http(s) URL');
  if (problems.length > 0) throw new ConfigError(problems);
  if (!secretKey) return null;
  return { secretKey, webhookSecret, ...(apiBase ? { apiBase } : {}) };
};

/** Stripe's settings as `Config` keeps them: the secrets as `Secret`s, so printing a config shows none */
export interface StripeSettings {
  readonly secretKey: Secret;
  readonly webhookSecret: Secret;
  readonly apiBase?: string;
}

export const stripeSettingsOf = (env: NodeJS.ProcessEnv, problems: string[]): StripeSettings | null => {
  try {
    const stripe = loadStripeSettings(env);
    if (!stripe) return null;
    return {
      secretKey: new Secret(stripe.secretKey),
      webhookSecret: new Secret(stripe.webhookSecret),
      ...(stripe.apiBase ? { apiBase: stripe.apiBase } : {}),
    };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
    return null;
  }
};

/** the settings the Stripe adapter takes, from `Config` */
export const stripeEnvSettingsOf = (stripe: StripeSettings): StripeEnvSettings => ({
  secretKey: stripe.secretKey.reveal(),
  webhookSecret: stripe.webhookSecret.reveal(),
  ...(stripe.apiBase ? { apiBase: stripe.apiBase } : {}),
});
