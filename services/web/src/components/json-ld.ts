import { html, jsonForScript, type VNode } from '../html.ts';

/**
 * schema.org data for search engines: the only raw HTML the site writes, JSON escaped so that no
 * `<` can end the script element (jsonForScript).
 */
export const JsonLd = (props: { data: Record<string, unknown>; nonce: string }): VNode =>
  html`<script type="application/ld+json" nonce=${props.nonce} dangerouslySetInnerHTML=${{ __html: jsonForScript(props.data) }}></script>`;
