import { type ProtectedResource, SCOPES } from '@listings/contracts';
import { resourceIdentifier } from './oauth-server.ts';

/** RFC 9728 protected resource metadata for the REST API and the MCP server. */
export const protectedResourceMetadata = (publicUrl: string, resource: ProtectedResource) => ({
  resource: resourceIdentifier(publicUrl, resource),
  authorization_servers: [publicUrl],
  scopes_supported: [...SCOPES],
  bearer_methods_supported: ['header'],
  resource_name: resource === 'mcp' ? 'Listings Directory MCP server' : 'Listings Directory REST API',
  resource_documentation: `${publicUrl}/api/v1/docs`,
});
