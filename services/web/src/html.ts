// the site's template tag and document renderer live in the shared UI package (the gateway's
// OAuth pages render with them too); the pages here keep importing them from this file
export { html, jsonForScript, renderDocument, type VNode } from '@listings/ui';
