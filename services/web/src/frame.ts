import type { getSiteInfo } from '@listings/contracts';
import type { Static } from 'typebox';
import type { Viewer } from './viewer.ts';

export type SiteInfo = Static<typeof getSiteInfo.response>;

/** What every page's frame needs besides its own data: the site, who is looking, the request's nonce. */
export interface PageFrame {
  readonly site: SiteInfo;
  readonly viewer: Viewer | null;
  /** stands for the request's CSP nonce in the rendered page (see send-page.ts) */
  readonly nonce: string;
  /** the path of this page, for "come back here" links */
  readonly path: string;
  /** the site's public origin, for absolute links (OpenGraph, feeds) */
  readonly publicUrl: string;
}
