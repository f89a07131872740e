import { describe, expect, it } from 'vitest';
import { createInProcessBus } from './bus/in-process-bus.ts';
import { createInternalClient, requestOutcome } from './internal-client.ts';

describe('requestOutcome: a bus reply read as a value', () => {
  it('when the service answers a body then the outcome is ok with its status and body', async () => {
    const bus = createInProcessBus();
    await bus.serve('catalog.internal.thing', async () => ({ status: 201, body: { id: 7 } }));
    expect(await requestOutcome(bus, 'catalog.internal.thing', {}, { service: 'catalog' })).toEqual({
      ok: true,
      status: 201,
      body: { id: 7 },
    });
    await bus.close();
  });

  it('when the service answers a problem then the outcome carries its status, detail, field errors and problem', async () => {
    const bus = createInProcessBus();
    const problem = {
      type: '/api/v1/problems/validation',
      title: 'Invalid input',
      status: 400,
      errors: [{ field: 'body.name', message: 'is too long' }],
    };
    await bus.serve('catalog.internal.thing', async () => ({ status: 400, problem }));
    expect(await requestOutcome(bus, 'catalog.internal.thing', {}, { service: 'catalog' })).toEqual({
      ok: false,
      status: 400,
      // no detail: the title says why
      detail: 'Invalid input',
      errors: problem.errors,
      problem,
      unanswered: false,
    });
    await bus.close();
  });

  it('when nobody serves the subject then the outcome is a 503 naming the service, never an exception', async () => {
    const bus = createInProcessBus();
    const outcome = await createInternalClient(bus).send({ subject: 'gateway.internal.lookup_session' }, {});
    expect(outcome).toMatchObject({
      ok: false,
      status: 503,
      detail: 'the gateway service is not running',
      unanswered: true,
      problem: { status: 503, title: 'Service unavailable', detail: 'the gateway service is not running' },
    });
    await bus.close();
  });

  it('when the service does not answer in time then the outcome is a 503 that says so', async () => {
    const bus = createInProcessBus();
    let release = () => {};
    await bus.serve(
      'commerce.internal.slow',
      () => new Promise((resolve) => (release = () => resolve({ status: 200, body: {} }))),
    );
    const outcome = await requestOutcome(bus, 'commerce.internal.slow', {}, { service: 'commerce', timeoutMs: 20 });
    release();
    expect(outcome).toMatchObject({ ok: false, status: 503, detail: 'the commerce service did not answer in time' });
    await bus.close();
  });
});
