import path from 'node:path';
import { type EdgeConfig, edgeConfigOf } from './edge/config.ts';
import { ConfigError, type Environment, environmentOf } from './environment.ts';
import { type MailSettings, mailSettingsOf, Secret } from './mail/mail-settings.ts';

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

export interface TemporalSettings {
  readonly address: string | null;
  /** TEMPORAL_NAMESPACE: the namespace of every client and worker */
  readonly namespace: string;
  readonly taskQueues: {
    readonly drafting: string;
    readonly commerce: string;
    readonly catalog: string;
    readonly claims: string;
  };
}

export interface OpenAiSettings {
  readonly apiKey: string;
  readonly baseURL: string | undefined;
  readonly model: string;
}

export interface McpSettings {
  /** its own HTTP port in cluster mode (MCP_PORT, default PORT + 1, so 3001); all-in-one mode serves /mcp on PORT */
  readonly port: number;
  /** the REST gateway's origin, where the OAuth metadata lives (cluster mode proxies it) */
  readonly gatewayUrl: string;
  /** MCP_CONFORMANCE_FIXTURES=true adds the conformance suite's fixture tools: tests only */
  readonly conformanceFixtures: boolean;
}

export interface TypesenseSettings {
  /** an http(s) origin, e.g. `http://typesense:8108` */
  readonly url: string;
  readonly apiKey: Secret;
}

export interface MongoSettings {
  readonly url: Secret;
  readonly database: string;
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

const dailyLimitOf = (raw: string | undefined, fallback: number, name: string, problems: string[]): number => {
  if (raw === undefined || raw === '') return fallback;
  const value = /^[0-9]{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < 1) {
    problems.push(`${name} must be a whole number from 1 to 999999, got "${raw}"`);
    return fallback;
  }
  return value;
};

/** TYPESENSE_URL and TYPESENSE_API_KEY go together: both set = Typesense, neither = the embedded index. */
const typesenseSettingsOf = (env: Environment, problems: string[]): TypesenseSettings | null => {
  const url = env.TYPESENSE_URL?.trim() ?? '';
  const apiKey = env.TYPESENSE_API_KEY?.trim() ?? '';
  if (url === '' && apiKey === '') return null;
  if (url === '' || apiKey === '') {
    problems.push(
      `TYPESENSE_URL and TYPESENSE_API_KEY go together (set both for Typesense search, neither for the embedded index); only ${url === '' ? 'TYPESENSE_API_KEY' : 'TYPESENSE_URL'} is set`,
    );
    return null;
  }
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    // reported below
  }
  if (
    !parsed ||
    (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') ||
    parsed.username !== '' ||
    parsed.password !== '' ||
    parsed.search !== '' ||
    parsed.hash !== ''
  ) {
    problems.push(`TYPESENSE_URL must be an http(s) URL such as http://typesense:8108, got "${url}"`);
    return null;
  }
  return { url: url.replace(/\/+$/, ''), apiKey: new Secret(apiKey) };
};

const parsePort = (raw: string | undefined, fallback: number, name: string, problems: string[]): number => {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    problems.push(`${name} must be a port number from 0 to 65535, got "${raw}"`);
    return fallback;
  }
  return value;
};

const SWITCH_VALUES: Record<string, boolean> = {
  on: true,
  true: true,
  '1': true,
  yes: true,
  off: false,
  false: false,
  '0': false,
  no: false,
};

const parseSwitch = (raw: string | undefined, fallback: boolean, name: string, problems: string[]): boolean => {
  if (raw === undefined || raw === '') return fallback;
  const value = SWITCH_VALUES[raw.toLowerCase()];
  if (value === undefined) {
    problems.push(`${name} must be on/off (or true/false), got "${raw}"`);
    return fallback;
  }
  return value;
};

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * TEMPORAL_ADDRESS (`host:port` of a Temporal frontend), shared by the services that run workflows;
 * unset = the in-process runner. A malformed value is added to `problems`.
 */
export const temporalAddressOf = (env: Environment, problems: string[]): string | null => {
  const address = env.TEMPORAL_ADDRESS?.trim() || null;
  if (address && !/^[^\s/]+:\d+$/.test(address))
    problems.push(`TEMPORAL_ADDRESS must look like host:port, got "${address}"`);
  return address;
};

/** where a service runs its workflows: Temporal (with its own task queue) or, address unset, in process */
export interface WorkflowSettings {
  readonly temporalAddress: string | null;
  readonly temporalTaskQueue: string;
  /** TEMPORAL_NAMESPACE (default `default`) */
  readonly temporalNamespace?: string;
}

/** a service's view of `Config.temporal` (a config without it: the in-process runner) */
export const workflowSettingsOf = (
  config: Partial<Pick<Config, 'temporal'>>,
  service: keyof TemporalSettings['taskQueues'],
): WorkflowSettings => ({
  temporalAddress: config.temporal?.address ?? null,
  temporalTaskQueue: config.temporal?.taskQueues[service] ?? service,
  temporalNamespace: config.temporal?.namespace ?? 'default',
});

const openAiSettingsOf = (env: Environment, problems: string[]): OpenAiSettings | null => {
  const apiKey = env.OPENAI_API_KEY?.trim();
  const baseURL = env.OPENAI_BASE_URL?.trim() || undefined;
  if (baseURL && !/^https?:\/\/\S+$/.test(baseURL))
    problems.push(`OPENAI_BASE_URL must be an http(s) URL, got "${baseURL}"`);
  return apiKey ? { apiKey, baseURL, model: env.OPENAI_MODEL?.trim() || 'gpt-4o-mini' } : null;
};

/** a port number from 0 to 65535 (0: any free port) */
const portOf = (name: string, raw: string, problems: string[]): number => {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`${name} must be a port number from 0 to 65535, got "${raw}"`);
  return port;
};

const mcpSettingsOf = (env: Environment, mainPort: number, problems: string[]): McpSettings => {
  // PORT=0 (any free port) gives MCP_PORT=0 too
  const rawPort = env.MCP_PORT || String(mainPort === 0 ? 0 : mainPort + 1);
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`MCP_PORT must be a port number from 0 to 65535, got "${rawPort}"`);
  const gatewayUrl = (env.GATEWAY_URL ?? `http://127.0.0.1:${mainPort}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+$/.test(gatewayUrl))
    problems.push(`GATEWAY_URL must be an http(s) origin, got "${gatewayUrl}"`);
  const fixtures = (env.MCP_CONFORMANCE_FIXTURES ?? 'false').toLowerCase();
  if (!['true', 'false', '1', '0', 'on', 'off'].includes(fixtures))
    problems.push(`MCP_CONFORMANCE_FIXTURES must be true or false, got "${env.MCP_CONFORMANCE_FIXTURES}"`);
  return { port, gatewayUrl, conformanceFixtures: ['true', '1', 'on'].includes(fixtures) };
};

const MONGO_URL_SHAPE =
  'mongodb://user:password@host:27017 (hosts separated by commas) or mongodb+srv://user:password@host';

/** the URL as it may be shown: any user info replaced by `***` (up to the last `@` before the path) */
export const redactMongoUrl = (raw: string): string => raw.replace(/^([^:/?#]*:\/\/)[^/?#]*@/s, '$1***@');

/**
 * MONGO_URL and MONGO_DB (default `listings`): read models and their checkpoints go to MongoDB when
 * MONGO_URL is set. A bad value is added to `problems`, never with its credentials.
 */
export const mongoSettingsOf = (env: Environment, problems: string[]): MongoSettings | null => {
  const raw = env.MONGO_URL?.trim() || null;
  const database = env.MONGO_DB?.trim() || 'listings';
  if (!/^[^\s/\\."$*<>:|?\0]{1,63}$/.test(database))
    problems.push(
      `MONGO_DB must be a database name (up to 63 characters, none of / \\ . " $ * < > : | ?), got "${database}"`,
    );
  if (raw === null) return null;
  const problem = mongoUrlProblem(raw);
  if (problem) {
    problems.push(`MONGO_URL ${problem}: it must look like ${MONGO_URL_SHAPE}, got "${redactMongoUrl(raw)}"`);
    return null;
  }
  return { url: new Secret(raw), database };
};

const mongoUrlProblem = (raw: string): string | null => {
  const match = /^(mongodb|mongodb\+srv):\/\/([^/?#]*)(\/[^?#]*)?(\?[^#]*)?$/s.exec(raw);
  if (!match) return /^[a-z+]+:\/\//i.test(raw) ? 'has another scheme or a fragment' : 'is not a URL';
  const scheme = match[1];
  const authority = match[2] ?? '';
  if (/\s/.test(raw)) return 'contains white space';
  const at = authority.lastIndexOf('@');
  const userInfo = at >= 0 ? authority.slice(0, at) : '';
  if (at >= 0 && (userInfo === '' || userInfo.startsWith(':'))) return 'has a password without a user';
  const hosts = (at >= 0 ? authority.slice(at + 1) : authority).split(',');
  for (const host of hosts) {
    const hostMatch = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d+))?$/i.exec(host);
    if (!hostMatch) return host === '' ? 'has no host' : 'has a malformed host';
    const port = hostMatch[2];
    if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return 'has a port outside 1-65535';
    if (scheme === 'mongodb+srv' && port !== undefined) return 'has a port, which mongodb+srv does not allow';
  }
  if (scheme === 'mongodb+srv' && hosts.length > 1) return 'has several hosts, which mongodb+srv does not allow';
  return null;
};

const KURRENTDB_URL_SHAPE = 'kurrentdb://host:2113?tls=false (or kurrentdb+discover://, esdb://, esdb+discover://)';

/** the connection string as it may be shown: any user info replaced by `***` */
export const redactKurrentDbUrl = (raw: string): string => raw.replace(/^([^:/?#]*:\/\/)[^/?#]*@/s, '$1***@');

/**
 * KURRENTDB_URL: every service's events go to KurrentDB (or EventStoreDB) when it is set
 * (openEventStore). A bad value is added to `problems`, never with its credentials.
 */
export const kurrentDbUrlOf = (env: NodeJS.ProcessEnv, problems: string[]): Secret | null => {
  const raw = env.KURRENTDB_URL?.trim() || null;
  if (raw === null) return null;
  const match = /^(kurrentdb|kurrent|kdb|esdb)(\+discover)?:\/\/(?:[^@/?#\s]+@)?([^/?#\s]+)\/?(\?[^#\s]*)?$/.exec(raw);
  const hostsOk = match?.[3]?.split(',').every((host) => /^(\[[0-9a-f:.]+\]|[^:[\]]+)(:\d{1,5})?$/i.test(host));
  if (!match || !hostsOk) {
    problems.push(`KURRENTDB_URL must look like ${KURRENTDB_URL_SHAPE}, got "${redactKurrentDbUrl(raw)}"`);
    return null;
  }
  return new Secret(raw);
};

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

const stripeSettingsOf = (env: NodeJS.ProcessEnv, problems: string[]): StripeSettings | null => {
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
