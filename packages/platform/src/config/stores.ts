import type { Environment } from '../environment.ts';
import { Secret } from '../mail/mail-settings.ts';
import { redactUserInfo } from './values.ts';

/** Where state goes: Typesense for search, MongoDB for read models and identity, KurrentDB for events. */

export interface TypesenseSettings {
  /** an http(s) origin, e.g. `http://typesense:8108` */
  readonly url: string;
  readonly apiKey: Secret;
}

export interface MongoSettings {
  readonly url: Secret;
  readonly database: string;
}

/** TYPESENSE_URL and TYPESENSE_API_KEY go together: both set = Typesense, neither = the embedded index. */
export const typesenseSettingsOf = (env: Environment, problems: string[]): TypesenseSettings | null => {
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

const MONGO_URL_SHAPE =
  'mongodb://user:password@host:27017 (hosts separated by commas) or mongodb+srv://user:password@host';

/** the URL as it may be shown: any user info replaced by `***` */
export const redactMongoUrl = redactUserInfo;

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
export const redactKurrentDbUrl = redactUserInfo;

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
