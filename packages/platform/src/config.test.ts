import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('when nothing is set then the defaults apply', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toEqual({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/app/data',
      demoData: true,
      fetchAllowPrivateNetworks: false,
      natsUrl: null,
      logLevel: 'info',
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
});
