import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { CLIENT_METADATA_MAX_BYTES, createClientMetadataFetch } from '@listings/identity/oauth';
import { createInProcessBus } from '@listings/platform/bus';
import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorize, exchangeCode } from './oauth-client.ts';
import { startIssuer } from './oauth-support.ts';

/**
 * oidc-provider only accepts https client ids (as the draft says), so the client's host is a
 * loopback https server with a self-signed certificate made for this run; the test process trusts
 * it through tls.setDefaultCACertificates (Node 24), nothing in the production path is relaxed.
 * The documents are fetched exactly as in production (createClientMetadataFetch over the shared
 * outbound guard) except that private networks are allowed, as FETCH_ALLOW_PRIVATE_NETWORKS=true does.
 */
const openssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!openssl)
  console.warn('skipping client ID metadata document tests: openssl is not installed (needed for a test certificate)');

describe.skipIf(!openssl)('client ID metadata documents', () => {
  const bus = createInProcessBus();
  const redirectUri = 'http://127.0.0.1:9/callback';
  const certDir = mkdtempSync(path.join(tmpdir(), 'cimd-cert-'));
  const defaultCas = tls.getCACertificates('default');
  const hits: string[] = [];
  const documents = new Map<string, { status: number; headers?: Record<string, string>; body: string }>();
  let clientHost: Server;
  let origin: string;
  let issuer: Awaited<ReturnType<typeof startIssuer>>;

  beforeAll(async () => {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(certDir, 'key.pem'),
        '-out',
        path.join(certDir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const cert = readFileSync(path.join(certDir, 'cert.pem'), 'utf8');
    tls.setDefaultCACertificates([...defaultCas, cert]);
    clientHost = createServer({ key: readFileSync(path.join(certDir, 'key.pem')), cert }, (request, response) => {
      hits.push(request.url ?? '');
      const doc = documents.get(request.url ?? '');
      if (!doc) return void response.writeHead(404).end();
      response.writeHead(doc.status, { 'content-type': 'application/json', ...doc.headers }).end(doc.body);
    });
    await new Promise<void>((resolve) => clientHost.listen(0, '127.0.0.1', resolve));
    origin = `https://127.0.0.1:${(clientHost.address() as { port: number }).port}`;
    issuer = await startIssuer({
      bus,
      identity: { metadataFetch: createClientMetadataFetch({ allowPrivateNetworks: true, publicUrl: 'http://test' }) },
    });
  });
  afterAll(async () => {
    await issuer?.close();
    await new Promise((resolve) => clientHost?.close(resolve));
    tls.setDefaultCACertificates(defaultCas);
    rmSync(certDir, { recursive: true, force: true });
    await bus.close();
  });

  /** serves a document at `pathname` and returns its URL (the client id) */
  const serve = (pathname: string, make: (clientId: string) => Record<string, unknown>, status = 200) => {
    const clientId = `${origin}${pathname}`;
    documents.set(pathname, { status, body: JSON.stringify(make(clientId)) });
    return clientId;
  };
  const goodDocument = (clientId: string) => ({
    client_id: clientId,
    client_name: 'Metadata Agent',
    client_uri: origin,
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  });
  const run = (clientId: string, uri = redirectUri) =>
    authorize({
      as: issuer.as,
      issuerUrl: issuer.issuerUrl,
      clientId,
      redirectUri: uri,
      resource: `${issuer.issuerUrl}/api/v1`,
    });

  it('when the client id is the URL of a valid document then the whole flow works and the consent page names its host', async () => {
    const clientId = serve('/oauth/client-metadata.json', goodDocument);
    const result = await run(clientId);
    expect(result.kind).toBe('callback');
    if (result.kind !== 'callback') return;
    expect(result.consentHtml).toContain('Metadata Agent');
    expect(result.consentHtml).toContain(`id="client-host">127.0.0.1:${new URL(origin).port}<`);
    const client: oauth.Client = { client_id: clientId, token_endpoint_auth_method: 'none' };
    const tokens = await exchangeCode({
      as: issuer.as,
      client,
      result,
      redirectUri,
      resource: `${issuer.issuerUrl}/api/v1`,
    });
    const me = await fetch(`${issuer.issuerUrl}/api/v1/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'person@example.com', credential: { type: 'oauth' } });
  });

  const refused = async (clientId: string, uri = redirectUri) => {
    const result = await run(clientId, uri);
    // the client cannot be trusted, so the person sees an error page and is not sent anywhere
    expect(result.kind).toBe('error');
    return result.kind === 'error' ? { status: result.status, html: result.html.replaceAll('&#39;', "'") } : null;
  };

  it('when the document names another client_id then the client is refused', async () => {
    const clientId = serve('/other.json', (id) => ({ ...goodDocument(id), client_id: `${origin}/someone-else.json` }));
    expect((await refused(clientId))?.html).toContain('client_id does not match');
  });

  it('when the document declares a client secret then the client is refused', async () => {
    const clientId = serve('/secret.json', (id) => ({ ...goodDocument(id), client_secret: 'shh' }));
    expect((await refused(clientId))?.html).toContain('must not contain client_secret');
    const basic = serve('/basic.json', (id) => ({
      ...goodDocument(id),
      token_endpoint_auth_method: 'client_secret_basic',
    }));
    expect((await refused(basic))?.html).toContain('must not use shared-secret');
  });

  it('when the redirect_uri is not listed in the document then the request is refused', async () => {
    const clientId = serve('/listed.json', goodDocument);
    expect((await refused(clientId, 'http://127.0.0.1:9/elsewhere'))?.html).toContain(
      "invalid_redirect_uri: redirect_uri did not match any of the client's registered redirect_uris",
    );
  });

  it(`when the document is over ${CLIENT_METADATA_MAX_BYTES} bytes then the client is refused`, async () => {
    const clientId = serve('/big.json', (id) => ({
      ...goodDocument(id),
      padding: 'x'.repeat(CLIENT_METADATA_MAX_BYTES),
    }));
    expect((await refused(clientId))?.html).toContain('invalid_client: client_id metadata document fetch failed');
    expect(hits).toContain('/big.json');
  });

  it('when the document URL redirects then the redirect is not followed and the client is refused', async () => {
    serve('/target.json', goodDocument);
    const clientId = `${origin}/moved.json`;
    documents.set('/moved.json', { status: 302, headers: { location: `${origin}/target.json` }, body: '' });
    expect((await refused(clientId))?.html).toContain('invalid_client: client_id metadata document fetch failed');
    expect(hits).toContain('/moved.json');
    expect(hits).not.toContain('/target.json');
  });
});
