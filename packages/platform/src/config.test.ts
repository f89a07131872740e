import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('when EVENTS_DIR is set then the event stores live there and DATA_DIR keeps the rest', () => {
    const config = loadConfig({ DATA_DIR: 'replica-1', EVENTS_DIR: '/shared/events' }, '/srv/app');
    expect(config.dataDir).toBe('/srv/app/replica-1');
    expect(config.eventsDir).toBe('/shared/events');
  });

  it('when nothing is set then the defaults apply', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toEqual({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/app/data',
      eventsDir: '/srv/app/data',
      demoData: true,
      fetchAllowPrivateNetworks: false,
      natsUrl: null,
      logLevel: 'info',
      dailyLimits: { draftsPerAccount: 20, claimsPerAccount: 10, apiKeysPerAccount: 20, reportsPerAccount: 20 },
      mail: { smtp: null, from: 'Listings <no-reply@localhost>' },
      typesense: null,
      mongo: null,
      kurrentdb: null,
      stripe: null,
      temporal: {
        address: null,
        namespace: 'default',
        taskQueues: { drafting: 'drafting', commerce: 'commerce', catalog: 'catalog', claims: 'claims' },
      },
      openAi: null,
      edge: expect.objectContaining({
        accessTokenTtlSeconds: 3600,
        secretsDir: '/srv/app/data/secrets',
        trustProxy: false,
      }),
      mcp: { port: 3001, gatewayUrl: 'http://127.0.0.1:3000', conformanceFixtures: false },
      web: { port: 3002 },
      opsPort: 9464,
      otlpEndpoint: null,
    });
  });

  describe('search (TYPESENSE_URL, TYPESENSE_API_KEY)', () => {
    it('when both are set then search goes to Typesense, with the key hidden from logs', () => {
      const { typesense } = loadConfig({ TYPESENSE_URL: 'http://typesense:8108/', TYPESENSE_API_KEY: 'xyz-secret' });
      expect(typesense?.url).toBe('http://typesense:8108');
      expect(typesense?.apiKey.reveal()).toBe('xyz-secret');
      expect(JSON.stringify(typesense)).not.toContain('xyz-secret');
      expect(inspect(typesense)).not.toContain('xyz-secret');
    });

    it('when only one is set or the URL is no http(s) URL then start-up stops saying why', () => {
      const problemsOf = (env: NodeJS.ProcessEnv) => {
        try {
          loadConfig(env);
          return '';
        } catch (error) {
          return (error as Error).message;
        }
      };
      expect(problemsOf({ TYPESENSE_URL: 'http://typesense:8108' })).toContain(
        'TYPESENSE_URL and TYPESENSE_API_KEY go together',
      );
      expect(problemsOf({ TYPESENSE_API_KEY: 'k' })).toContain('only TYPESENSE_API_KEY is set');
      for (const url of ['typesense:8108', 'ftp://typesense', 'http://user:pw@typesense:8108'])
        expect(problemsOf({ TYPESENSE_URL: url, TYPESENSE_API_KEY: 'k' })).toContain(
          'TYPESENSE_URL must be an http(s) URL',
        );
    });
  });

  it('when values are set then they are read, with PUBLIC_URL following PORT unless given', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    const config = loadConfig(
      {
        PORT: '8080',
        PUBLIC_URL: 'https://directory.example/',
        DATA_DIR: '/var/lib/x',
        DEMO_DATA: 'off',
        NATS_URL: 'nats://127.0.0.1:4222',
      },
      '/srv/app',
    );
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://directory.example',
      dataDir: '/var/lib/x',
      demoData: false,
      natsUrl: 'nats://127.0.0.1:4222',
    });
  });

  it('when several values are bad then one error lists every one', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        PUBLIC_URL: 'ftp://x',
        DEMO_DATA: 'maybe',
        NATS_URL: 'localhost',
        LOG_LEVEL: 'loud',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'PUBLIC_URL', 'DEMO_DATA', 'NATS_URL', 'LOG_LEVEL']) expect(message).toContain(name);
    }
  });

  describe('mail (SMTP_URL, MAIL_FROM)', () => {
    const problemsOf = (env: NodeJS.ProcessEnv): string => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.message;
        throw error;
      }
      throw new Error('expected a ConfigError');
    };

    it('when SMTP_URL is set then host, port, TLS and the percent-decoded user and password are read', () => {
      const { smtp } = loadConfig({ SMTP_URL: 'smtp://apikey:p%40ss%2Fw%3Ard@mail.example.com:2525' }).mail;
      expect(smtp).toMatchObject({ secure: false, host: 'mail.example.com', port: 2525, user: 'apikey' });
      expect(smtp?.password?.reveal()).toBe('p@ss/w:rd');
    });

    it('when SMTP_URL has no port then smtp: is 587 (STARTTLS) and smtps: is 465 (TLS), with no login unless given', () => {
      expect(loadConfig({ SMTP_URL: 'smtp://relay.internal' }).mail.smtp).toEqual({
        secure: false,
        host: 'relay.internal',
        port: 587,
        user: null,
        password: null,
      });
      expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com' }).mail.smtp).toMatchObject({
        secure: true,
        port: 465,
      });
    });

    it('when the configuration is logged or printed then the SMTP password is not in it', () => {
      const config = loadConfig({ SMTP_URL: 'smtps://user:hunter2-secret@mail.example.com' });
      expect(JSON.stringify(config)).not.toContain('hunter2');
      expect(inspect(config, { depth: 10 })).not.toContain('hunter2');
      expect(`${config.mail.smtp?.password}`).toBe('[hidden]');
      expect(JSON.stringify(config.mail.smtp)).toContain('"password":"[hidden]"');
    });

    it('when SMTP_URL is malformed then start-up stops saying why, with the password hidden', () => {
      for (const [url, why] of [
        ['http://user:hunter2@mail.example.com', 'has the scheme "http:"'],
        ['smtp://user:hunter2@mail.example.com:99999', 'is not a URL'],
        ['smtp://user:hunter2@mail.example.com/path', 'has a path, query or fragment'],
        ['smtp://user:hun@ter2@mail.example.com:abc', 'is not a URL'],
        ['mail.example.com', 'is not a URL'],
      ] as const) {
        const message = problemsOf({ SMTP_URL: url });
        expect(message).toContain(`SMTP_URL ${why}`);
        expect(message).toContain('smtp://user:password@host:587');
        expect(message).not.toContain('hunter2');
        expect(message).not.toContain('ter2');
      }
      expect(problemsOf({ SMTP_URL: 'smtp://user:hunter2@mail.example.com/x' })).toContain(
        '"smtp://user:***@mail.example.com/x"',
      );
    });

    it('when MAIL_FROM is unset then it is no-reply at the PUBLIC_URL host; a bad MAIL_FROM stops start-up', () => {
      expect(loadConfig({ PUBLIC_URL: 'https://directory.example' }).mail.from).toBe(
        'Listings <no-reply@directory.example>',
      );
      expect(loadConfig({ MAIL_FROM: 'Acme Listings <hello@acme.example>' }).mail.from).toBe(
        'Acme Listings <hello@acme.example>',
      );
      expect(loadConfig({ MAIL_FROM: 'hello@acme.example' }).mail.from).toBe('hello@acme.example');
      for (const bad of ['not an address', 'A <a@b>\r\nBcc: x@y', 'Name <a@b'])
        expect(problemsOf({ MAIL_FROM: bad })).toContain('MAIL_FROM must be an address or "Name <address>"');
    });
  });

  describe('read models in MongoDB (MONGO_URL, MONGO_DB)', () => {
    const problemsOf = (env: NodeJS.ProcessEnv): string => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.message;
        throw error;
      }
      throw new Error('expected a ConfigError');
    };

    it('when MONGO_URL is set then it is kept hidden with MONGO_DB, which defaults to listings', () => {
      const config = loadConfig({ MONGO_URL: 'mongodb://app:hunter2-secret@db1:27017,db2/?replicaSet=rs0' });
      expect(config.mongo?.database).toBe('listings');
      expect(config.mongo?.url.reveal()).toBe('mongodb://app:hunter2-secret@db1:27017,db2/?replicaSet=rs0');
      expect(JSON.stringify(config)).not.toContain('hunter2');
      expect(inspect(config, { depth: 10 })).not.toContain('hunter2');
      expect(
        loadConfig({ MONGO_URL: 'mongodb+srv://cluster0.example.net', MONGO_DB: 'directory' }).mongo?.database,
      ).toBe('directory');
    });

    it('when MONGO_URL or MONGO_DB is malformed then start-up stops saying why, with the credentials hidden', () => {
      for (const [url, why] of [
        ['postgres://app:hunter2@db:5432', 'has another scheme'],
        ['mongodb://app:hunter2@db:99999', 'has a port outside 1-65535'],
        ['mongodb://app:hunter2@', 'has no host'],
        ['mongodb+srv://app:hunter2@cluster0.example.net:27017', 'has a port, which mongodb+srv does not allow'],
        ['db.example:27017', 'is not a URL'],
      ] as const) {
        const message = problemsOf({ MONGO_URL: url });
        expect(message).toContain(`MONGO_URL ${why}`);
        expect(message).toContain('mongodb://user:password@host:27017');
        expect(message).not.toContain('hunter2');
      }
      expect(problemsOf({ MONGO_URL: 'mongodb://app:hunter2@db:0' })).toContain('"mongodb://***@db:0"');
      expect(problemsOf({ MONGO_URL: 'mongodb://db', MONGO_DB: 'bad.name' })).toContain(
        'MONGO_DB must be a database name',
      );
    });
  });

  describe('event store in KurrentDB (KURRENTDB_URL)', () => {
    const problemsOf = (env: NodeJS.ProcessEnv): string => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.message;
        throw error;
      }
      throw new Error('expected a ConfigError');
    };

    it('when KURRENTDB_URL is set then it is kept hidden', () => {
      const config = loadConfig({ KURRENTDB_URL: 'kurrentdb://admin:hunter2-secret@db1:2113,db2:2113?tls=true' });
      expect(config.kurrentdb?.reveal()).toBe('kurrentdb://admin:hunter2-secret@db1:2113,db2:2113?tls=true');
      expect(JSON.stringify(config)).not.toContain('hunter2');
      expect(inspect(config)).not.toContain('hunter2');
      expect(loadConfig({ KURRENTDB_URL: 'esdb+discover://cluster.example.net' }).kurrentdb).not.toBeNull();
    });

    it('when KURRENTDB_URL is malformed then start-up stops saying why, with the credentials hidden', () => {
      for (const url of ['http://admin:hunter2@db:2113', 'kurrentdb://admin:hunter2@', 'db:2113', 'kurrentdb://a b']) {
        const message = problemsOf({ KURRENTDB_URL: url });
        expect(message).toContain('KURRENTDB_URL must look like kurrentdb://host:2113?tls=false');
        expect(message).not.toContain('hunter2');
      }
      expect(problemsOf({ KURRENTDB_URL: 'kurrentdb://admin:hunter2@' })).toContain('"kurrentdb://***@"');
    });
  });

  it('when the daily limits are set then they are read; zero or not a number is refused naming the variable', () => {
    expect(
      loadConfig({
        DRAFTS_PER_ACCOUNT_PER_DAY: '5',
        CLAIMS_PER_ACCOUNT_PER_DAY: '3',
        API_KEYS_PER_ACCOUNT_PER_DAY: '7',
        REPORTS_PER_ACCOUNT_PER_DAY: '4',
      }).dailyLimits,
    ).toEqual({ draftsPerAccount: 5, claimsPerAccount: 3, apiKeysPerAccount: 7, reportsPerAccount: 4 });
    expect(() => loadConfig({ API_KEYS_PER_ACCOUNT_PER_DAY: '-1' })).toThrow(/API_KEYS_PER_ACCOUNT_PER_DAY/);
    expect(() => loadConfig({ DRAFTS_PER_ACCOUNT_PER_DAY: '0' })).toThrow(
      /DRAFTS_PER_ACCOUNT_PER_DAY must be a whole number/,
    );
    expect(() => loadConfig({ CLAIMS_PER_ACCOUNT_PER_DAY: 'lots' })).toThrow(/CLAIMS_PER_ACCOUNT_PER_DAY/);
  });
});
