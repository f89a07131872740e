import path from 'node:path';
import { type McpSettings, mcpSettingsOf } from './config/mcp.ts';
import { type OpenAiSettings, openAiSettingsOf } from './config/openai.ts';
import {
  kurrentDbUrlOf,
  type MongoSettings,
  mongoSettingsOf,
  type TypesenseSettings,
  typesenseSettingsOf,
} from './config/stores.ts';
import { type StripeSettings, stripeSettingsOf } from './config/stripe.ts';
import { dailyLimitOf, isHttpUrl, parsePort, parseSwitch, portOf } from './config/values.ts';
import { type TemporalSettings, temporalAddressOf } from './config/workflows.ts';
import { type EdgeConfig, edgeConfigOf } from './edge/config.ts';
import { ConfigError, environmentOf } from './environment.ts';
import { type MailSettings, mailSettingsOf, type Secret } from './mail/mail-settings.ts';

export type { McpSettings } from './config/mcp.ts';
export type { OpenAiSettings } from './config/openai.ts';
export {
  kurrentDbUrlOf,
  type MongoSettings,
  mongoSettingsOf,
  redactKurrentDbUrl,
  redactMongoUrl,
  type TypesenseSettings,
} from './config/stores.ts';
export {
  loadStripeSettings,
  type StripeEnvSettings,
  type StripeSettings,
  stripeEnvSettingsOf,
} from './config/stripe.ts';
export {
  type TemporalSettings,
  temporalAddressOf,
  type WorkflowSettings,
  workflowSettingsOf,
} from './config/workflows.ts';
export { ConfigError, type Environment, EnvironmentSchema, VARIABLE_NAMES } from './environment.ts';

/** Configuration every way of running understands (docs/configuration.md lists them all). */
export interface Config {
  readonly port: number;
  readonly publicUrl: string;
  readonly dataDir: string;
  /**
   * EVENTS_DIR: where the SQLite event stores (`<service>/events.sqlite`) live when KURRENTDB_URL is
   * unset; default DATA_DIR. Replicas of a service on one host, each with its own DATA_DIR, share
   * their event store through it (the one file a production-configured process writes).
   */
  readonly eventsDir: string;
  readonly demoData: boolean;
  readonly fetchAllowPrivateNetworks: boolean;
  readonly natsUrl: string | null;
  readonly logLevel: string;
  /** per-account daily limits (DRAFTS_PER_ACCOUNT_PER_DAY, CLAIMS_PER_ACCOUNT_PER_DAY, API_KEYS_PER_ACCOUNT_PER_DAY, REPORTS_PER_ACCOUNT_PER_DAY) */
  readonly dailyLimits: DailyLimits;
  /** SMTP_URL (password kept as a `Secret`) and MAIL_FROM */
  readonly mail: MailSettings;
  /** TYPESENSE_URL + TYPESENSE_API_KEY: catalog search on Typesense; null (both unset): the embedded index */
  readonly typesense: TypesenseSettings | null;
  /** MONGO_URL (kept as a `Secret`: it may hold a password) and MONGO_DB; null = read models in SQLite under DATA_DIR */
  readonly mongo: MongoSettings | null;
  /** KURRENTDB_URL (kept as a `Secret`: it may hold a password); null = each service's events in SQLite under DATA_DIR */
  readonly kurrentdb: Secret | null;
  /** STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET (+ STRIPE_API_BASE): commerce's payments on Stripe Checkout; null = the local provider */
  readonly stripe: StripeSettings | null;
  /** TEMPORAL_ADDRESS (null: the in-process runner) and each service's task queue */
  readonly temporal: TemporalSettings;
  /** OPENAI_API_KEY (+ OPENAI_BASE_URL, OPENAI_MODEL): the drafter; null = the extractive drafter */
  readonly openAi: OpenAiSettings | null;
  /** the REST and MCP edges: rate limits, OAuth token lifetime, secrets, proxy trust */
  readonly edge: EdgeConfig;
  /** the MCP gateway's own settings (MCP_PORT, GATEWAY_URL, MCP_CONFORMANCE_FIXTURES) */
  readonly mcp: McpSettings;
  /** the web edge (the site for people): its own HTTP port in cluster mode (WEB_PORT, default PORT + 2); all-in-one serves it on PORT */
  readonly web: { readonly port: number };
  /** a service's (catalog, drafting, commerce, claims) port for /healthz, /readyz and /metrics in cluster mode (OPS_PORT, default 9464) */
  readonly opsPort: number;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: tracing on, spans sent there over OTLP/HTTP; null = no tracing */
  readonly otlpEndpoint: string | null;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Reads and checks the environment once at start-up, through the one schema of every variable
 * (`environment.ts`); every bad value is reported together. The only reader of `process.env`.
 */
export const loadConfig = (
  processEnv: Readonly<Record<string, string | undefined>> = process.env,
  cwd = process.cwd(),
): Config => {
  const problems: string[] = [];
  const env = environmentOf(processEnv, problems);

  const port = parsePort(env.PORT, 3000, 'PORT', problems);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  if (!isHttpUrl(publicUrl)) problems.push(`PUBLIC_URL must be an http(s) origin, got "${env.PUBLIC_URL}"`);

  const natsUrl = env.NATS_URL?.trim() ? env.NATS_URL.trim() : null;
  if (natsUrl !== null && !/^(nats|tls|wss?):\/\/[^\s]+$/.test(natsUrl)) {
    problems.push(`NATS_URL must look like nats://host:port, got "${natsUrl}"`);
  }

  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);

  const dataDir = path.resolve(cwd, env.DATA_DIR ?? './data');
  const config: Config = {
    port,
    publicUrl,
    dataDir,
    eventsDir: env.EVENTS_DIR?.trim() ? path.resolve(cwd, env.EVENTS_DIR.trim()) : dataDir,
    demoData: parseSwitch(env.DEMO_DATA, true, 'DEMO_DATA', problems),
    fetchAllowPrivateNetworks: parseSwitch(
      env.FETCH_ALLOW_PRIVATE_NETWORKS,
      false,
      'FETCH_ALLOW_PRIVATE_NETWORKS',
      problems,
    ),
    natsUrl,
    logLevel,
    dailyLimits: {
      draftsPerAccount: dailyLimitOf(
        env.DRAFTS_PER_ACCOUNT_PER_DAY,
        DEFAULT_DAILY_LIMITS.draftsPerAccount,
        'DRAFTS_PER_ACCOUNT_PER_DAY',
        problems,
      ),
      claimsPerAccount: dailyLimitOf(
        env.CLAIMS_PER_ACCOUNT_PER_DAY,
        DEFAULT_DAILY_LIMITS.claimsPerAccount,
        'CLAIMS_PER_ACCOUNT_PER_DAY',
        problems,
      ),
      apiKeysPerAccount: dailyLimitOf(
        env.API_KEYS_PER_ACCOUNT_PER_DAY,
        DEFAULT_DAILY_LIMITS.apiKeysPerAccount,
        'API_KEYS_PER_ACCOUNT_PER_DAY',
        problems,
      ),
      reportsPerAccount: dailyLimitOf(
        env.REPORTS_PER_ACCOUNT_PER_DAY,
        DEFAULT_DAILY_LIMITS.reportsPerAccount,
        'REPORTS_PER_ACCOUNT_PER_DAY',
        problems,
      ),
    },
    mail: mailSettingsOf(env, publicUrl, problems),
    typesense: typesenseSettingsOf(env, problems),
    mongo: mongoSettingsOf(env, problems),
    kurrentdb: kurrentDbUrlOf(env, problems),
    stripe: stripeSettingsOf(env, problems),
    temporal: {
      address: temporalAddressOf(env, problems),
      namespace: env.TEMPORAL_NAMESPACE?.trim() || 'default',
      taskQueues: {
        drafting: env.TEMPORAL_TASK_QUEUE?.trim() || 'drafting',
        commerce: env.TEMPORAL_COMMERCE_TASK_QUEUE?.trim() || 'commerce',
        catalog: env.TEMPORAL_CATALOG_TASK_QUEUE?.trim() || 'catalog',
        claims: env.TEMPORAL_CLAIMS_TASK_QUEUE?.trim() || 'claims',
      },
    },
    openAi: openAiSettingsOf(env, problems),
    edge: edgeConfigOf(env, dataDir, problems),
    mcp: mcpSettingsOf(env, port, problems),
    web: { port: portOf('WEB_PORT', env.WEB_PORT || String(port === 0 ? 0 : port + 2), problems) },
    opsPort: portOf('OPS_PORT', env.OPS_PORT || '9464', problems),
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '') ?? null,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
};

/** How many drafts, claims and API keys one account can start per UTC day. */
export interface DailyLimits {
  readonly draftsPerAccount: number;
  readonly claimsPerAccount: number;
  /** keys made on the site (the operator CLI is exempt) */
  readonly apiKeysPerAccount: number;
  /** reviews reported on the site (one report per account per review) */
  readonly reportsPerAccount: number;
}
export const DEFAULT_DAILY_LIMITS: DailyLimits = {
  draftsPerAccount: 20,
  claimsPerAccount: 10,
  apiKeysPerAccount: 20,
  reportsPerAccount: 20,
};
