import { ANONYMOUS, type Operation, operations } from '@listings/contracts';
import { describe, expect, it } from 'vitest';
import { EncodedJson } from './bus/encoded-json.ts';
import { silentLogger } from './logger.ts';
import { handleOperation, type OperationCall } from './service-host.ts';
import { markChecked } from './validation.ts';

const getListing = operations.find((op) => op.operationId === 'get_listing') as Operation;
const echoSlug = async (call: OperationCall) => ({ slug: call.params.slug });

describe('handleOperation', () => {
  it('when a request breaks the contract then it is refused with the field named', async () => {
    const reply = await handleOperation(
      getListing,
      echoSlug,
      { operation_id: 'get_listing', principal: ANONYMOUS, params: { slug: 42 }, query: {} },
      silentLogger(),
    );
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply)).toContain('params.slug');
  });

  it('when an edge in this process marked the very request object then it is not checked again; a copy is', async () => {
    // the marked object is taken as the edge checked it (here it is not valid, which shows the check was skipped)
    const request = { operation_id: 'get_listing', principal: ANONYMOUS, params: { slug: 42 }, query: {} };
    const marked = markChecked(request);
    const trusted = await handleOperation(getListing, echoSlug, marked, silentLogger());
    expect(trusted).toMatchObject({ status: 200 });
    expect((trusted as { body: EncodedJson }).body.value).toEqual({ slug: 42 });
    const copied = await handleOperation(getListing, echoSlug, structuredClone(request), silentLogger());
    expect(copied.status).toBe(400);
  });

  it('hands the body back encoded once, or as the handler encoded it', async () => {
    const reply = (await handleOperation(
      getListing,
      echoSlug,
      { operation_id: 'get_listing', principal: ANONYMOUS, params: { slug: 'notion' }, query: {} },
      silentLogger(),
    )) as { status: number; body: EncodedJson };
    expect(reply.body).toBeInstanceOf(EncodedJson);
    expect(reply.body.text).toBe('{"slug":"notion"}');
    const own = EncodedJson.of({ slug: 'kept' });
    const kept = await handleOperation(
      getListing,
      async () => own,
      { operation_id: 'get_listing', principal: ANONYMOUS, params: { slug: 'kept' }, query: {} },
      silentLogger(),
    );
    expect((kept as { body: unknown }).body).toBe(own);
  });
});
