import Type, { type Static, type TString } from 'typebox';
import Value from 'typebox/value';

/**
 * Every environment variable the product reads, declared once: name, pattern (when no parser of
 * `config.ts` checks it more closely), default and description. `loadConfig` reads the environment
 * only through this schema; docs/configuration.md lists exactly these variables in its table (a test
 * compares them). `secret: true` values are never printed; `tests: true` ones are read by the test
 * helpers only.
 */
const variable = (
  description: string,
  options: { default?: string; pattern?: string; secret?: true; tests?: true } = {},
): TString => Type.String({ description, ...options });

export const EnvironmentSchema = Type.Object({
  // every way of running
  PORT: Type.Optional(variable('HTTP port of the all-in-one process and of the gateway', { default: '3000' })),
  PUBLIC_URL: Type.Optional(
    variable('public origin used in links and the OpenAPI `servers`', { default: 'http://localhost:$PORT' }),
  ),
  DATA_DIR: Type.Optional(variable('where embedded stores live', { default: './data' })),
  EVENTS_DIR: Type.Optional(
    variable(
      'where the SQLite event stores live when `KURRENTDB_URL` is unset (`<service>/events.sqlite`): replicas on one host share it',
      { default: '$DATA_DIR' },
    ),
  ),
  DEMO_DATA: Type.Optional(
    variable('`off` stops the demo catalog from loading into an empty data dir', { default: 'on' }),
  ),
  FETCH_ALLOW_PRIVATE_NETWORKS: Type.Optional(
    variable('`true` lets outbound fetches reach private addresses (development and tests only)', { default: 'false' }),
  ),
  LOG_LEVEL: Type.Optional(variable('pino level: `fatal` … `trace`, or `silent`', { default: 'info' })),
  // per-account daily limits, held by event streams (docs/api-decisions.md, Daily limits)
  DRAFTS_PER_ACCOUNT_PER_DAY: Type.Optional(
    variable('drafts (`submit_listing`) an account can start per UTC day', { default: '20', pattern: '^[0-9]{1,6}$' }),
  ),
  CLAIMS_PER_ACCOUNT_PER_DAY: Type.Optional(
    variable('claims (`claim_listing`) an account can start per UTC day', { default: '10', pattern: '^[0-9]{1,6}$' }),
  ),
  API_KEYS_PER_ACCOUNT_PER_DAY: Type.Optional(
    variable(
      'API keys an account can create on the site per UTC day (revoked ones count; the operator CLI is exempt)',
      {
        default: '20',
        pattern: '^[0-9]{1,6}$',
      },
    ),
  ),
  REPORTS_PER_ACCOUNT_PER_DAY: Type.Optional(
    variable('reviews an account can report on the site per UTC day (once per review; anonymous reports are refused)', {
      default: '20',
      pattern: '^[0-9]{1,6}$',
    }),
  ),
  // adapters: each set variable swaps an embedded adapter for a production one
  NATS_URL: Type.Optional(variable('NATS instead of the in-process bus (cluster mode); also the edges’ state')),
  KURRENTDB_URL: Type.Optional(
    variable('every service’s events in KurrentDB/EventStoreDB instead of SQLite under `DATA_DIR`', { secret: true }),
  ),
  STRIPE_SECRET_KEY: Type.Optional(
    variable('payments on Stripe Checkout (commerce); set with `STRIPE_WEBHOOK_SECRET`', { secret: true }),
  ),
  STRIPE_WEBHOOK_SECRET: Type.Optional(
    variable('verifies the `checkout.session.completed` webhooks at `/webhooks/stripe`', { secret: true }),
  ),
  STRIPE_API_BASE: Type.Optional(variable('tests: another Stripe API base (stripe-mock)', { tests: true })),
  MONGO_URL: Type.Optional(variable('read models and their checkpoints in MongoDB', { secret: true })),
  MONGO_DB: Type.Optional(variable('the MongoDB database of the read models', { default: 'listings' })),
  TYPESENSE_URL: Type.Optional(variable('catalog search on this Typesense; needs `TYPESENSE_API_KEY`')),
  TYPESENSE_API_KEY: Type.Optional(variable('the Typesense (admin) API key', { secret: true })),
  TEMPORAL_ADDRESS: Type.Optional(variable('workflows on Temporal (`host:port`) instead of the in-process runner')),
  TEMPORAL_TASK_QUEUE: Type.Optional(
    variable('the drafting workers’ task queue', { default: 'drafting', pattern: '^\\S{1,200}$' }),
  ),
  TEMPORAL_COMMERCE_TASK_QUEUE: Type.Optional(
    variable('the commerce (order workflow) workers’ task queue', { default: 'commerce', pattern: '^\\S{1,200}$' }),
  ),
  TEMPORAL_CATALOG_TASK_QUEUE: Type.Optional(
    variable('the catalog (badge workflow) workers’ task queue', { default: 'catalog', pattern: '^\\S{1,200}$' }),
  ),
  TEMPORAL_CLAIMS_TASK_QUEUE: Type.Optional(
    variable('the claims (claim expiry workflow) workers’ task queue', { default: 'claims', pattern: '^\\S{1,200}$' }),
  ),
  TEMPORAL_NAMESPACE: Type.Optional(
    variable('the Temporal namespace of every service’s client and workers', {
      default: 'default',
      pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$',
    }),
  ),
  SMTP_URL: Type.Optional(variable('send mail through this SMTP server; unset: `DATA_DIR/outbox`', { secret: true })),
  MAIL_FROM: Type.Optional(variable('the From of every mail', { default: 'Listings <no-reply@HOST>' })),
  // drafting
  OPENAI_API_KEY: Type.Optional(
    variable('the drafter: OpenAI with a key, else the extractive drafter', { secret: true }),
  ),
  OPENAI_BASE_URL: Type.Optional(variable('any OpenAI-compatible server for the drafter')),
  OPENAI_MODEL: Type.Optional(variable('the drafter’s model', { default: 'gpt-4o-mini', pattern: '^\\S{1,200}$' })),
  // the edges (REST and MCP)
  RATE_LIMIT_AUTHENTICATED: Type.Optional(variable('requests/seconds per credential', { default: '600/60' })),
  RATE_LIMIT_ANONYMOUS: Type.Optional(variable('requests/seconds per IP without a credential', { default: '120/60' })),
  RATE_LIMIT_SIGN_IN: Type.Optional(variable('requests/seconds per IP on the password forms', { default: '10/60' })),
  RATE_LIMIT_TOKEN: Type.Optional(variable('requests/seconds per IP on `POST /oauth/token`', { default: '60/60' })),
  OAUTH_ACCESS_TOKEN_TTL: Type.Optional(variable('OAuth access token lifetime in seconds', { default: '3600' })),
  EDGE_READ_CACHE_MS: Type.Optional(
    variable('how long the REST edge keeps an anonymous public read’s answer at most, in ms (0: off)', {
      default: '1000',
    }),
  ),
  SECRETS_DIR: Type.Optional(
    variable('generated OAuth signing and cookie keys (relative to `DATA_DIR`) when `OAUTH_JWKS` is unset', {
      default: 'secrets',
      pattern: '^.+$',
    }),
  ),
  OAUTH_JWKS: Type.Optional(
    variable(
      'the OAuth signing keys: a private JWK set as JSON, the first key signs, the others still verify (rotation); with `COOKIE_KEYS`, required with `MONGO_URL`, else generated under `SECRETS_DIR`',
      { secret: true },
    ),
  ),
  COOKIE_KEYS: Type.Optional(
    variable(
      'the OAuth cookie keys, comma-separated, newest first (each 43+ characters); with `OAUTH_JWKS`, required with `MONGO_URL`',
      { secret: true },
    ),
  ),
  TRUST_PROXY: Type.Optional(
    variable(
      'behind proxies: whose `X-Forwarded-For` names the client: `on` (the one proxy in front), a number of proxies, or the proxies’ addresses and CIDRs, comma-separated; the client is the right-most address no trusted proxy stands for (URLs always come from `PUBLIC_URL`)',
      { default: 'off' },
    ),
  ),
  MCP_PORT: Type.Optional(variable('the MCP gateway’s own port in cluster mode', { default: '$PORT + 1' })),
  GATEWAY_URL: Type.Optional(
    variable('the REST gateway’s origin, seen from the MCP gateway', { default: 'http://127.0.0.1:$PORT' }),
  ),
  WEB_PORT: Type.Optional(variable('the web edge’s (the site’s) own port in cluster mode', { default: '$PORT + 2' })),
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(
    variable('tracing on: spans go to `<this>/v1/traces` over OTLP/HTTP (an OpenTelemetry Collector, Jaeger, Tempo)', {
      pattern: '^https?://\\S+$',
    }),
  ),
  OPS_PORT: Type.Optional(
    variable(
      'a service’s (catalog, drafting, commerce, claims) own port for `/healthz`, `/readyz` and `/metrics` in cluster mode; the edges serve them on their HTTP port',
      { default: '9464' },
    ),
  ),
  MCP_CONFORMANCE_FIXTURES: Type.Optional(
    variable('tests: `true` adds the MCP conformance suite’s fixture tools', { default: 'false' }),
  ),
  // read by the test helpers (packages/platform/src/testing/)
  TEMPORAL_CLI_PATH: Type.Optional(variable('tests: the `temporal` CLI of the dev server', { tests: true })),
  TEMPORAL_TEST_SERVER_PATH: Type.Optional(variable('tests: Temporal’s time-skipping test server', { tests: true })),
  RECORD_WORKFLOW_HISTORIES: Type.Optional(
    variable('tests: `1` writes the recorded workflow histories', { tests: true }),
  ),
});

/** the environment as the product sees it: only the declared variables, each a string or unset */
export type Environment = Static<typeof EnvironmentSchema>;
export type VariableName = keyof Environment & string;

export const VARIABLE_NAMES = Object.keys(EnvironmentSchema.properties) as VariableName[];

export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * The declared variables of `env` (empty values count as unset), each checked against its schema;
 * a value that does not match is added to `problems` (a secret without its value).
 */
export const environmentOf = (env: Readonly<Record<string, string | undefined>>, problems: string[]): Environment => {
  const picked: Record<string, string> = {};
  for (const name of VARIABLE_NAMES) {
    const value = env[name];
    if (value === undefined || value.trim() === '') continue;
    const schema = EnvironmentSchema.properties[name] as unknown as TString & {
      pattern?: string;
      description?: string;
      secret?: true;
    };
    if (!Value.Check(schema, value)) {
      problems.push(
        `${name} must match ${schema.pattern}${schema.secret ? '' : `, got "${value}"`} (${schema.description})`,
      );
      continue;
    }
    picked[name] = value;
  }
  return picked as Environment;
};
