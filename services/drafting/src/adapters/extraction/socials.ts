import { SOCIAL_PLATFORMS } from '@listings/contracts';
import type { Evidence } from '../../domain/draft/draft.ts';
import type { PagePerson } from '../people.ts';
import { type DraftContext, type Parsed, str } from './draft-context.ts';

/** Which social platform key a link belongs to (the 12 of the contracts). */
const SOCIAL_HOSTS: Record<string, string> = {
  'linkedin.com': 'linkedin',
  'x.com': 'x',
  'twitter.com': 'x',
  'instagram.com': 'instagram',
  'youtube.com': 'youtube',
  'github.com': 'github',
  'reddit.com': 'reddit',
  'producthunt.com': 'producthunt',
  'medium.com': 'medium',
  'facebook.com': 'facebook',
  'tiktok.com': 'tiktok',
  'threads.net': 'threads',
  'threads.com': 'threads',
  'bsky.app': 'bluesky',
};
/** Community links that have no platform key of their own: they go under `custom`. */
const CUSTOM_HOSTS = new Set(['discord.gg', 'discord.com', 'mastodon.social', 't.me', 'join.slack.com']);

/**
 * A link to a profile or page on a platform, not to one post, video or share dialog on it
 * (`x.com/intent/tweet`, `facebook.com/sharer.php`, `youtube.com/watch?v=`, `x.com/acme/status/1`,
 * `linkedin.com/posts/...`): those are not a company's social account.
 */
const isProfileLink = (link: string): boolean => {
  try {
    const url = new URL(link);
    const path = url.pathname.toLowerCase();
    if (path === '/' || path === '') return false;
    return !/\/(?:intent|share|sharer|sharing|sharearticle|watch|embed|hashtag|search|status|statuses|posts?|pulse|p|reel|login|signup|home|explore|feed|dialog)(?:\/|\.php|$)/.test(
      path,
    );
  } catch {
    return false;
  }
};

const isCustom = (link: string): boolean => {
  try {
    return CUSTOM_HOSTS.has(new URL(link).hostname.replace(/^www\./, ''));
  } catch {
    return false;
  }
};

export const platformOf = (link: string): string | null => {
  try {
    // a platform's mobile or country host is the platform ("m.facebook.com", "de.linkedin.com", "mobile.twitter.com")
    const host = new URL(link).hostname.replace(/^(?:www|m|mobile|[a-z]{2})\./, '');
    const key = SOCIAL_HOSTS[host];
    return key && (SOCIAL_PLATFORMS as readonly string[]).includes(key) ? key : null;
  } catch {
    return null;
  }
};

/**
 * company socials: the organisation's sameAs, then links to the 12 platforms (people's own
 * profiles excluded), a community link as `custom`, and the organisation's own url as `website`
 */
export const draftCompanySocials = (ctx: DraftContext, people: readonly { person: PagePerson }[]): void => {
  const socials: Record<string, string> = {};
  const socialEvidence: Evidence[] = [];
  const personLinks = new Set(people.flatMap(({ person }) => person.links));
  const addSocial = (platform: string, link: string, p: Parsed) => {
    if (platform in socials || personLinks.has(link) || link.length > 500) return;
    if (/linkedin\.com\/in\//i.test(link)) return; // a person's profile, not the company's
    if (platform !== 'website' && !isProfileLink(link)) return; // a share button, a post, a video: no account
    socials[platform] = link;
    socialEvidence.push(...ctx.ev(link, p, `company_socials.${platform}`));
  };
  for (const { node, p } of ctx.org)
    for (const link of (Array.isArray(node.sameAs) ? node.sameAs : [node.sameAs]).map(str)) {
      const platform = platformOf(link);
      if (platform) addSocial(platform, link, p);
    }
  for (const p of ctx.own) {
    for (const line of p.page.text.matchAll(/^link: (https?:\/\/\S+)$/gm)) {
      const link = line[1] as string;
      const platform = platformOf(link) ?? (isCustom(link) ? 'custom' : null);
      if (platform) addSocial(platform, link, p);
    }
  }
  for (const { node, p } of ctx.org) {
    const url = str(node.url);
    if (/^https?:\/\//.test(url)) addSocial('website', url, p);
  }
  if (Object.keys(socials).length > 0) ctx.set('company_socials', socials, socialEvidence);
};
