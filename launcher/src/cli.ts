import { once } from 'node:events';
import { createWriteStream, readFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { openShopAdmin } from '@listings/commerce/shop-admin';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, SCOPES, type Scope } from '@listings/contracts';
import { ApiKeyNameTakenError, openConfiguredIdentityStore } from '@listings/identity/store';
import { systemClock } from '@listings/platform/clock';
import { loadConfig } from '@listings/platform/config';
import {
  type IdentitySecrets,
  newCookieKey,
  newIdentitySecrets,
  newSigningKey,
  parseCookieKeys,
  parseJwks,
} from '@listings/platform/edge';
import { NotFoundError, ValidationError } from '@listings/platform/errors';
import { silentLogger } from '@listings/platform/logger';
import { ReadModelStoreInUseError } from '@listings/platform/read-models';
import { exportEvents, LOGGED_SERVICES, type LoggedService, tailEvents } from './event-log.ts';

const USAGE = `usage: npm run --silent cli -- <command>
  api-key create --email <email> --scopes <scope,scope> [--name <name>]
  product list
  product set-price <product> <cents>        current price in USD cents, excluding VAT
  shop set-launch-capacity <launches>        paid launches a week can take
  shop set-order-hold <minutes>              how long an unpaid order holds its launch week slots (default 30)
  shop set-seller-country <country>          ISO code, for domestic VAT
  events export [--service <name>] [--from <position>] [--out <file>]
                                             every event as JSON Lines, in log order (stdout without --out);
                                             --from needs --service (positions belong to one service's log)
  events tail [--service <name>]             follows new events as JSON Lines until Ctrl-C
  read-models rebuild [--service <name>]     rebuilds read models from the event log (service stopped)
  reviews list [--reported]                  every review (or the reported ones), newest first, as JSON Lines
  reviews remove --listing <slug> --reviewer <account id> --reason <text>
                                             takes a review down: it no longer shows or counts in the rating
  reviews restore --listing <slug> --reviewer <account id>
                                             puts a review taken down back up
  secrets generate                           prints new OAuth signing and cookie keys as an env file
                                             (OAUTH_JWKS=..., COOKIE_KEYS=...): the gateway's Secret
  secrets rotate --from <env file>           prints the file with a new signing key and cookie key
                                             first (they sign from now on; the old ones still verify)
  secrets prune --from <env file>            prints the file with only its first (current) keys: once the
                                             longest token the old keys signed has expired
  account erase --email <email>              erases an account: its sign-in data, keys and sessions, and the
                                             personal data its events hold (sealed keys deleted)
scopes: ${SCOPES.join(', ')}
services: ${LOGGED_SERVICES.join(', ')}`;

/** a usage mistake: said on stderr with the usage, exit code 2 */
class UsageError extends Error {}

const createApiKey = async (rest: string[]): Promise<number> => {
  let values: { email?: string; scopes?: string; name?: string };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { email: { type: 'string' }, scopes: { type: 'string' }, name: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const email = values.email?.trim() ?? '';
  const scopes = (values.scopes ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const problems: string[] = [];
  if (!EMAIL_PATTERN.test(email) || email.length > EMAIL_MAX_LENGTH) problems.push('--email must be an email address');
  if (scopes.length === 0) problems.push('--scopes needs at least one scope');
  for (const scope of scopes)
    if (!(SCOPES as readonly string[]).includes(scope)) problems.push(`unknown scope "${scope}"`);
  if (problems.length > 0) throw new UsageError(problems.join('\n'));
  const config = loadConfig();
  // MONGO_URL: the identity store the gateway replicas share; otherwise DATA_DIR/identity.sqlite
  const store = openConfiguredIdentityStore(config, systemClock);
  try {
    const { account, created } = await store.ensureAccount(email);
    const named = values.name?.trim();
    let made: Awaited<ReturnType<typeof store.createApiKey>>;
    try {
      // a name given is the key's name or refused; without one, the default gets a number if taken
      made = await store.createApiKey({
        accountId: account.id,
        name: named || 'created by the operator CLI',
        scopes: [...new Set(scopes)] as Scope[],
        suffixIfTaken: !named,
      });
    } catch (error) {
      if (error instanceof ApiKeyNameTakenError)
        throw new ValidationError([{ field: '--name', message: error.message }]);
      throw error;
    }
    const { key, summary } = made;
    console.log(`${created ? 'created account' : 'account'} ${account.email} (${account.id})`);
    console.log(`API key ${summary.prefix} with scopes ${summary.scopes.join(' ')}; it is shown only once:`);
    console.log(key);
    return 0;
  } finally {
    await store.close();
  }
};

/** a whole number >= 0 from an argument, or a usage error naming it */
const count = (value: string | undefined, name: string): number => {
  if (value === undefined || !/^\d{1,12}$/.test(value)) throw new UsageError(`${name} must be a whole number >= 0`);
  return Number(value);
};

/**
 * The shop's settings, through the commerce service's own commands and event store: the running
 * service reads them on every call, so a change applies to the next quote at once.
 */
const shop = async (group: string, command: string | undefined, rest: string[]): Promise<number> => {
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

const parse = <O extends Record<string, { type: 'string' }>>(rest: string[], options: O) => {
  try {
    return parseArgs({ args: rest, options, strict: true, allowPositionals: false }).values as {
      [K in keyof O]?: string;
    };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
};

const servicesOf = (name: string | undefined): readonly LoggedService[] => {
  if (name === undefined) return LOGGED_SERVICES;
  if (!(LOGGED_SERVICES as readonly string[]).includes(name))
    throw new UsageError(`unknown service "${name}" (services with an event log: ${LOGGED_SERVICES.join(', ')})`);
  return [name as LoggedService];
};

/** `events export` and `events tail`: the services' event logs as JSON Lines, for analytics */
const events = async (command: string | undefined, rest: string[]): Promise<number> => {
  // the event stores' folder (EVENTS_DIR, default DATA_DIR)
  const { eventsDir: dataDir } = loadConfig();
  // a reader that stops early (`| head`) ends the command quietly
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
  if (command === 'export') {
    const values = parse(rest, { service: { type: 'string' }, from: { type: 'string' }, out: { type: 'string' } });
    const services = servicesOf(values.service);
    if (values.from !== undefined && values.service === undefined)
      throw new UsageError("--from needs --service: a position belongs to one service's log");
    const after = values.from === undefined ? 0 : count(values.from, '--from');
    const out: Writable = values.out ? createWriteStream(values.out) : process.stdout;
    const counts = await exportEvents({ dataDir, services, after, out });
    if (values.out) {
      out.end();
      await once(out, 'finish');
    }
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.error(
      `${total} events${values.out ? ` written to ${values.out}` : ''} (${Object.entries(counts)
        .map(([service, n]) => `${service} ${n}`)
        .join(', ')})`,
    );
    return 0;
  }
  if (command === 'tail') {
    const values = parse(rest, { service: { type: 'string' } });
    const tail = tailEvents({ dataDir, services: servicesOf(values.service), out: process.stdout });
    const followed = await tail.ready;
    console.error(`following ${followed.join(', ') || 'no event log yet'} (Ctrl-C stops)`);
    const interrupted = new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
    await Promise.race([interrupted, tail.failure]);
    await tail.stop();
    return 0;
  }
  throw new UsageError(`unknown command: events ${[command, ...rest].join(' ')}`);
};

/**
 * `read-models rebuild`: each service's own rebuild command (its composition root's
 * `rebuild<Service>ReadModels`), which refuses while that service has its read models open.
 */
const readModels = async (command: string | undefined, rest: string[]): Promise<number> => {
  if (command !== 'rebuild') throw new UsageError(`unknown command: read-models ${[command, ...rest].join(' ')}`);
  const values = parse(rest, { service: { type: 'string' } });
  // the stores the services run on: MONGO_URL, TYPESENSE_URL, KURRENTDB_URL, else DATA_DIR's files
  const config = loadConfig();
  const { dataDir } = config;
  const rebuilds: Record<LoggedService, () => Promise<{ position: number; documents: number }>> = {
    // each service's own code, loaded only for this command (the services are big)
    catalog: async () =>
      (await import('@listings/catalog')).rebuildCatalogReadModels({ dataDir, config, logger: silentLogger() }),
    claims: async () => (await import('@listings/claims')).rebuildClaimsReadModels({ dataDir, config }),
    commerce: async () => (await import('@listings/commerce')).rebuildCommerceReadModels({ dataDir, config }),
    drafting: async () => (await import('@listings/drafting')).rebuildDraftingReadModels({ dataDir, config }),
  };
  let code = 0;
  for (const service of servicesOf(values.service)) {
    const started = performance.now();
    try {
      const { position, documents } = await rebuilds[service]();
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      console.log(`${service}: rebuilt to position ${position} (${documents} documents) in ${seconds} s`);
    } catch (error) {
      if (!(error instanceof ReadModelStoreInUseError)) throw error;
      console.error(`${service}: not rebuilt: ${error.message}`);
      code = 1;
    }
  }
  return code;
};

/**
 * `account erase`: the account's personal data goes, through each owner's own command: identity
 * overwrites its email and name and deletes its password, keys, sessions and OAuth records; claims
 * and drafting delete the account's personal-data key, so what their events sealed with it (claim
 * addresses, invitees' addresses) opens to nothing from now on (docs/architecture.md, Personal data).
 */
const account = async (command: string | undefined, rest: string[]): Promise<number> => {
  if (command !== 'erase') throw new UsageError(`unknown command: account ${[command, ...rest].join(' ')}`);
  const values = parse(rest, { email: { type: 'string' } });
  const email = values.email?.trim() ?? '';
  if (!EMAIL_PATTERN.test(email)) throw new UsageError('--email must be an email address');
  const config = loadConfig();
  const { dataDir } = config;
  const identity = openConfiguredIdentityStore(config, systemClock);
  try {
    const found = await identity.findAccountForSignIn(email);
    if (!found) {
      console.error(`no account with the email ${email}`);
      return 1;
    }
    // the services' keys first: should this stop half-way, the account can still be named to finish
    // (their keys are in MongoDB with MONGO_URL, else in their files under DATA_DIR)
    await (await import('@listings/claims')).forgetClaimsPersonalData({ dataDir, config, accountId: found.id });
    await (await import('@listings/drafting')).forgetDraftingPersonalData({ dataDir, config, accountId: found.id });
    await identity.eraseAccount(found.id);
    console.log(`erased account ${found.id}: its email, name, password, API keys, sessions and OAuth grants are gone,`);
    console.log('and the personal data its events held (claim and invite addresses) can no longer be read');
    return 0;
  } finally {
    await identity.close();
  }
};

/** Review moderation, through the catalog's own commands on its log (the running service folds them). */
const reviews = async (command: string | undefined, rest: string[]): Promise<number> => {
  const { openReviewAdmin } = await import('@listings/catalog/review-admin');
  const config = loadConfig();
  if (command === 'list') {
    const { reported } = parseFlags(rest, { reported: { type: 'boolean' } });
    const admin = openReviewAdmin(config);
    try {
      for (const review of await admin.list(reported === true)) console.log(JSON.stringify(review));
      return 0;
    } finally {
      await admin.close();
    }
  }
  if (command === 'remove' || command === 'restore') {
    const values = parse(rest, {
      listing: { type: 'string' },
      reviewer: { type: 'string' },
      reason: { type: 'string' },
    });
    const problems: string[] = [];
    if (!values.listing) problems.push('--listing <slug> is needed');
    if (!values.reviewer) problems.push('--reviewer <account id> is needed');
    if (command === 'remove' && !values.reason?.trim()) problems.push('--reason <text> is needed');
    if (problems.length > 0) throw new UsageError(problems.join('\n'));
    const admin = openReviewAdmin(config);
    try {
      const { changed } =
        command === 'remove'
          ? await admin.remove(values.listing as string, values.reviewer as string, (values.reason as string).trim())
          : await admin.restore(values.listing as string, values.reviewer as string);
      const what = `the review by ${values.reviewer} of ${values.listing} is ${command === 'remove' ? 'down' : 'up'}`;
      console.log(changed ? what : `${what} (unchanged)`);
      return 0;
    } catch (error) {
      if (error instanceof NotFoundError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    } finally {
      await admin.close();
    }
  }
  throw new UsageError(`unknown command: reviews ${[command, ...rest].join(' ')}`);
};

const parseFlags = <O extends Record<string, { type: 'boolean' }>>(rest: string[], options: O) => {
  try {
    return parseArgs({ args: rest, options, strict: true, allowPositionals: false }).values as {
      [K in keyof O]?: boolean;
    };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
};

/** the keys as an env file (kubectl create secret generic --from-env-file, docker compose env_file) */
const secretsEnvFile = (secrets: IdentitySecrets): string =>
  `OAUTH_JWKS=${JSON.stringify(secrets.jwks)}\nCOOKIE_KEYS=${secrets.cookieKeys.join(',')}\n`;

/** the keys of an env file written by `secrets generate` (or by hand), checked as the gateway checks them */
const readSecretsEnvFile = (file: string): IdentitySecrets => {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--from: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const values = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Z_]+)=(.*)$/.exec(line);
    if (match) values.set(match[1] as string, (match[2] as string).trim().replace(/^'(.*)'$/s, '$1'));
  }
  const jwks = parseJwks(values.get('OAUTH_JWKS') ?? '');
  const cookieKeys = parseCookieKeys(values.get('COOKIE_KEYS') ?? '');
  const problems = [jwks, cookieKeys].flatMap((parsed) => (parsed.ok ? [] : [parsed.problem]));
  if (!jwks.ok || !cookieKeys.ok) throw new ValidationError(problems.map((message) => ({ field: file, message })));
  return { jwks: jwks.value, cookieKeys: cookieKeys.value };
};

/** `secrets generate | rotate | prune`: the gateway's OAuth signing and cookie keys (docs/identity.md) */
const secrets = (command: string | undefined, rest: string[]): number => {
  if (command === 'generate' && rest.length === 0) {
    process.stdout.write(secretsEnvFile(newIdentitySecrets()));
    return 0;
  }
  if (command === 'rotate' || command === 'prune') {
    const { from } = parse(rest, { from: { type: 'string' } });
    if (!from) throw new UsageError(`secrets ${command} needs --from <env file>`);
    const current = readSecretsEnvFile(from);
    const next: IdentitySecrets =
      command === 'rotate'
        ? {
            jwks: { keys: [newSigningKey(), ...current.jwks.keys] },
            cookieKeys: [newCookieKey(), ...current.cookieKeys],
          }
        : { jwks: { keys: current.jwks.keys.slice(0, 1) }, cookieKeys: current.cookieKeys.slice(0, 1) };
    process.stdout.write(secretsEnvFile(next));
    console.error(
      `${next.jwks.keys.length} signing key(s), kids ${next.jwks.keys.map((key) => key.kid).join(', ')} (the first signs); ${next.cookieKeys.length} cookie key(s)`,
    );
    return 0;
  }
  throw new UsageError(`unknown command: secrets ${[command, ...rest].join(' ')}`);
};

/** The operator command line. It writes to the stores the running service uses: MONGO_URL, ..., else the files under DATA_DIR. */
const main = async (argv: string[]): Promise<number> => {
  const [group, command, ...rest] = argv;
  try {
    if (group === 'api-key' && command === 'create') return await createApiKey(rest);
    if (group === 'product' || group === 'shop') return await shop(group, command, rest);
    if (group === 'events') return await events(command, rest);
    if (group === 'read-models') return await readModels(command, rest);
    if (group === 'account') return await account(command, rest);
    if (group === 'secrets') return secrets(command, rest);
    if (group === 'reviews') return await reviews(command, rest);
    throw new UsageError(group ? `unknown command: ${argv.join(' ')}` : 'no command given');
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`);
      return 2;
    }
    if (error instanceof ValidationError) {
      console.error(error.errors.map((e) => `${e.field}: ${e.message}`).join('\n'));
      return 1;
    }
    throw error;
  }
};

process.exitCode = await main(process.argv.slice(2));
