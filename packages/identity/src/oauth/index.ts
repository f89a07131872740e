export { CLIENT_METADATA_MAX_BYTES, createClientMetadataFetch } from './client-metadata-fetch.ts';
export {
  type ClientShown,
  ConsentView,
  type OAuthFrame,
  OAuthLinkSentView,
  OAuthMessageView,
  OAuthSignInView,
  oauthPageCsp,
  renderOAuthPage,
} from './oauth-pages.ts';
export { type MetadataFetch, OAUTH_PREFIX, type OAuthServer } from './oauth-server.ts';
export { protectedResourceMetadata } from './resource-metadata.ts';
