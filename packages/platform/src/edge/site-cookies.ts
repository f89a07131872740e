/**
 * A cookie of the site's own origin (a session, a CSRF token, a passkey ceremony): on https it is
 * named `__Host-<name>`, which browsers take only when it is Secure, has Path=/ and no Domain, so
 * neither a sibling subdomain nor a plain-http page can plant or overwrite it (cookie tossing:
 * fixing a victim's session or CSRF token). On http (a developer's http://localhost, where browsers
 * refuse `__Host-` cookies, which must be Secure) the plain name, without Secure.
 */
export interface SiteCookie {
  readonly name: string;
  /** what every Set-Cookie (and the clearing one) of it carries */
  readonly options: {
    readonly path: '/';
    readonly httpOnly: true;
    readonly secure: boolean;
    readonly sameSite: 'lax' | 'strict';
  };
}

export const siteCookie = (name: string, publicUrl: string, sameSite: 'lax' | 'strict' = 'lax'): SiteCookie => {
  const secure = new URL(publicUrl).protocol === 'https:';
  return { name: secure ? `__Host-${name}` : name, options: { path: '/', httpOnly: true, secure, sameSite } };
};

/** the site's session cookie (identity's server-side sessions), read by the web edge and the OAuth pages alike */
export const sessionCookie = (publicUrl: string): SiteCookie => siteCookie('ld_session', publicUrl);
