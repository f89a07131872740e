export { CsrfField, FieldErrors, Notice } from './forms.ts';
export { html, jsonForScript, renderDocument, type VNode } from './html.ts';
export { SiteFrame } from './site-frame.ts';
export { siteStylesheet, UI_ASSETS_DIR } from './stylesheet.ts';
