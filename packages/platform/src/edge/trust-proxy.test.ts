import { describe, expect, it } from 'vitest';
import { ConfigError } from '../environment.ts';
import { loadEdgeConfig, parseTrustProxy, trustFunctionOf } from './config.ts';

describe('TRUST_PROXY', () => {
  it('when it is off, on, a count or addresses then it names nobody, one hop, that many hops or those proxies', () => {
    for (const off of [undefined, '', 'off', 'false', 'no', '0'])
      expect(parseTrustProxy(off)).toEqual({ ok: true, value: false });
    for (const on of ['on', 'true', 'yes', '1', 'ON']) expect(parseTrustProxy(on)).toEqual({ ok: true, value: 1 });
    expect(parseTrustProxy('3')).toEqual({ ok: true, value: 3 });
    expect(parseTrustProxy('10.0.0.0/8, fd00::/8,loopback')).toEqual({
      ok: true,
      value: ['10.0.0.0/8', 'fd00::/8', 'loopback'],
    });
  });

  it('when it is anything else then start-up fails naming the variable and what it takes', () => {
    for (const bad of ['maybe', '10.0.0.0/99', '10.0.0.1,', 'proxy.example', '100'])
      expect(() => loadEdgeConfig('.', { TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    expect(() => loadEdgeConfig('.', { TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY must be off, on \(one proxy\)/);
  });

  it('when hops are counted then only the nearest ones are trusted; addresses trust only those peers', () => {
    const oneHop = trustFunctionOf(1);
    expect([oneHop?.('10.0.0.1', 0), oneHop?.('10.0.0.2', 1)]).toEqual([true, false]);
    const listed = trustFunctionOf(['10.0.0.0/8']);
    expect([listed?.('10.2.3.4', 0), listed?.('192.0.2.1', 0)]).toEqual([true, false]);
    expect(trustFunctionOf(false)).toBeNull();
  });
});
