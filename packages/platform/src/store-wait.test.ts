import { describe, expect, it } from 'vitest';
import { silentLogger } from './logger.ts';
import { createOps } from './observability/ops.ts';
import { isStoreNotReady, untilStoreAnswers } from './store-wait.ts';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8108'), { code: 'ECONNREFUSED' });

describe('stores that are not ready yet', () => {
  it('when a store refuses as one starting does then it counts as not ready; a mistake does not', () => {
    expect(isStoreNotReady(refused())).toBe(true);
    expect(isStoreNotReady(Object.assign(new Error('Request failed'), { httpStatus: 503 }))).toBe(true);
    expect(isStoreNotReady(new Error('Not Ready or Lagging'))).toBe(true);
    expect(isStoreNotReady(Object.assign(new Error('x'), { name: 'MongoServerSelectionError' }))).toBe(true);
    expect(isStoreNotReady(Object.assign(new Error('14 UNAVAILABLE'), { code: 14 }))).toBe(true);
    expect(isStoreNotReady(new Error('fetch failed', { cause: refused() }))).toBe(true);
    expect(
      isStoreNotReady(
        new Error(
          'Failed client connect: Server connection error: tonic::transport::Error(Transport, ConnectError("tcp connect error"))',
        ),
      ),
    ).toBe(true);
    // grpc-js (Temporal's client) when the frontend is too slow to finish the handshake: seen in CI
    expect(isStoreNotReady(new Error('Failed to connect before the deadline'))).toBe(true);
    expect(isStoreNotReady(Object.assign(new Error('Forbidden'), { httpStatus: 401 }))).toBe(false);
    expect(isStoreNotReady(new TypeError('x is not a function'))).toBe(false);
  });

  it('when a store refuses twice then answers then the start waits, /readyz names it meanwhile, and it is ready after', async () => {
    const ops = createOps({ process: 'catalog' });
    const seen: Awaited<ReturnType<typeof ops.readiness>>[] = [];
    let attempts = 0;
    const value = await untilStoreAnswers(
      'search index',
      async () => {
        attempts++;
        if (attempts > 1) seen.push(await ops.readiness());
        if (attempts <= 2) throw refused();
        return 'open';
      },
      { logger: silentLogger(), readiness: ops },
    );
    expect(value).toBe('open');
    expect(attempts).toBe(3);
    expect(seen[0]).toEqual({ ready: false, checks: { 'search index': 'down: connect ECONNREFUSED 127.0.0.1:8108' } });
    expect(await ops.readiness()).toEqual({ ready: true, checks: {} });
  });

  it('when a store refuses for another reason then it is not waited for', async () => {
    let attempts = 0;
    await expect(
      untilStoreAnswers(
        'search index',
        async () => {
          attempts++;
          throw Object.assign(new Error('Forbidden - a valid `x-typesense-api-key` header must be sent.'), {
            httpStatus: 401,
          });
        },
        { logger: silentLogger() },
      ),
    ).rejects.toThrow('Forbidden');
    expect(attempts).toBe(1);
  });
});
