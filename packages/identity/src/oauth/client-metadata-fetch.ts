import { createSafeFetch } from '@listings/platform/outbound';
import type { MetadataFetch } from './oauth-server.ts';

/** a client ID metadata document is small: anything larger is refused */
export const CLIENT_METADATA_MAX_BYTES = 5 * 1024;

/**
 * How oidc-provider fetches client ID metadata documents: through THE outbound guard (public
 * addresses only unless FETCH_ALLOW_PRIVATE_NETWORKS, ports 80/443), no redirects followed (a 3xx
 * is returned as is, which the provider refuses), 5 KB at most, 5 s. Failures are not cached.
 */
export const createClientMetadataFetch = (options: {
  allowPrivateNetworks: boolean;
  publicUrl: string;
}): MetadataFetch => {
  const guardedFetch = createSafeFetch({
    allowPrivateNetworks: options.allowPrivateNetworks,
    maxBytes: CLIENT_METADATA_MAX_BYTES,
    maxRedirects: 0,
    timeoutMs: 5_000,
    userAgent: `ListingsDirectory-OAuth (+${options.publicUrl})`,
  });
  return (url, init) => {
    // oidc-provider blanks the user agent; ours (which names the service) is kept instead
    const { 'user-agent': _blank, ...headers } = Object.fromEntries(
      Object.entries(init.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    return guardedFetch(url, { headers, redirect: 'manual', ...(init.signal ? { signal: init.signal } : {}) });
  };
};
