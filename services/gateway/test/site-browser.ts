/** A browser's cookies for one origin, as fetch does not keep them. */
const cookieJar = () => {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    take(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = (pair ?? '').indexOf('=');
        const name = (pair ?? '').slice(0, at);
        const value = (pair ?? '').slice(at + 1);
        if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
};

/** One person with a browser: GETs and form POSTs with cookies, redirects not followed. */
export const browserFor = (base: string) => {
  const jar = cookieJar();
  const go = async (method: 'GET' | 'POST', url: string, form?: Record<string, string>) => {
    const response = await fetch(new URL(url, base), {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    jar.take(response);
    return {
      status: response.status,
      location: response.headers.get('location'),
      headers: response.headers,
      html: await response.text(),
    };
  };
  return {
    get: (url: string) => go('GET', url),
    post: (url: string, form: Record<string, string>) => go('POST', url, form),
    /** GET the page, then POST its form with the CSRF token the page carries */
    submit: async (pageUrl: string, action: string, form: Record<string, string>) =>
      go('POST', action, { csrf: csrfIn((await go('GET', pageUrl)).html), ...form }),
  };
};
/** the CSRF token a page's forms carry ('' when there is none) */
export const csrfIn = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
