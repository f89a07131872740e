import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small product website served on loopback: known facts spread over several pages, JSON-LD on
 * the about page, a page robots.txt disallows that holds a distinctive secret, and facts
 * deliberately absent (no founding year, no city, no demo video, no milestones, no founders).
 * Its request log proves what the crawler fetched.
 */
export const SECRET = 'ZEBRA-PLUTONIUM-7731';

export const FACTS = {
  name: 'Acme Ledger',
  tagline: 'Invoices that chase themselves',
  shortDescription: 'Acme Ledger sends, tracks and follows up on invoices so small teams get paid on time.',
  email: 'hello@acme-ledger.test',
  country: 'DE',
  github: 'https://github.com/acme-ledger',
  linkedin: 'https://www.linkedin.com/company/acme-ledger',
  features: ['Automatic payment reminders', 'Multi-currency invoices', 'Bank reconciliation'],
  faqQuestion: 'Can I cancel at any time?',
  faqAnswer: 'Yes, you can cancel your plan at any time from the billing page.',
  pricingRow: 'Starter $9 per month',
  /** the plans of the pricing table and the trial, as the extractive drafter sums them up */
  pricingSummary: 'Starter: $9 per month; Team: $29 per month; Every plan starts with a free trial.',
  copyrightYear: '2016',
} as const;

const layout = (title: string, body: string, head = '') => `<!doctype html>
<html><head><title>${title}</title>${head}</head>
<body><nav><a href="/">Home</a> <a href="/about">About us</a> <a href="/pricing">Pricing</a>
<a href="/features">Features</a> <a href="/faq">FAQ</a> <a href="/contact">Contact</a>
<a href="/internal/plans">Internal plans</a> <a href="/careers/pricing-secret">Team pricing</a></nav>
<main>${body}</main>
<footer><p>© ${FACTS.copyrightYear} ${FACTS.name}. All rights reserved.</p>
<a href="${FACTS.github}">GitHub</a> <a href="${FACTS.linkedin}">LinkedIn</a></footer></body></html>`;

const pages: Record<string, string> = {
  '/': layout(
    `${FACTS.name} | Invoicing for small teams`,
    `<h1>${FACTS.tagline}</h1><p>${FACTS.name} is the invoicing tool for freelancers and small agencies who would rather do the work than chase payments.</p>
     <img src="/static/acme-logo.png" alt="Acme Ledger logo">`,
    `<meta name="description" content="${FACTS.shortDescription}"><meta property="og:site_name" content="${FACTS.name}">
     <meta name="keywords" content="invoicing, payment reminders, freelancers">`,
  ),
  '/about': layout(
    `About ${FACTS.name}`,
    `<h1>About us</h1><p>We are a small, remote team building calm software for people who send invoices for a living.</p>
     <script type="application/ld+json">${JSON.stringify({
       '@context': 'https://schema.org',
       '@type': 'Organization',
       name: FACTS.name,
       email: FACTS.email,
       address: { '@type': 'PostalAddress', addressCountry: FACTS.country },
       sameAs: [FACTS.github],
     })}</script>`,
  ),
  '/pricing': layout(
    'Pricing',
    `<h1>Pricing</h1><p>Every plan starts with a free trial.</p>
     <table><tr><td>${FACTS.pricingRow}</td></tr><tr><td>Team $29 per month</td></tr></table>`,
  ),
  '/features': layout('Features', `<h2>Features</h2><ul>${FACTS.features.map((f) => `<li>${f}</li>`).join('')}</ul>`),
  '/faq': layout('FAQ', `<h1>Questions</h1><h3>${FACTS.faqQuestion}</h3><p>${FACTS.faqAnswer}</p>`),
  '/contact': layout('Contact', `<h1>Contact</h1><p>Write to <a href="mailto:${FACTS.email}">${FACTS.email}</a>.</p>`),
  '/internal/plans': layout(
    'Internal',
    `<h1>Roadmap</h1><p>Our secret code is ${SECRET}. We were founded in 1999.</p>`,
  ),
};

export interface FixtureSite {
  readonly url: string;
  readonly port: number;
  /** every path requested, in order */
  readonly requested: string[];
  /** holds every page response until `release()` (to stop the process mid-crawl) */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

export const ROBOTS_TXT = `User-agent: *
Disallow: /internal/
Disallow: /careers/

User-agent: SomeOtherBot
Disallow: /
`;

export const startFixtureSite = async (
  options: {
    robots?: 'normal' | '404' | '500';
    extraPages?: Record<string, string>;
    /** where to listen: loopback on a free port unless said (a container serves it on 0.0.0.0) */
    host?: string;
    port?: number;
  } = {},
): Promise<FixtureSite> => {
  const requested: string[] = [];
  let held: (() => void)[] | null = null;
  const all = { ...pages, ...options.extraPages };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    requested.push(path);
    if (path === '/robots.txt') {
      if (options.robots === '404') {
        res.statusCode = 404;
        return res.end('not here');
      }
      if (options.robots === '500') {
        res.statusCode = 503;
        return res.end('down');
      }
      res.setHeader('content-type', 'text/plain');
      return res.end(ROBOTS_TXT);
    }
    const send = () => {
      const page = all[path];
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if (!page) {
        res.statusCode = 404;
        return res.end('<html><body>Not found</body></html>');
      }
      res.end(page);
    };
    // only pages are held: robots.txt and the sitemap answer at once, so the crawl reaches its pages
    if (held && path !== '/sitemap.xml') held.push(send);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    requested,
    hold: () => {
      held = held ?? [];
    },
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const send of waiting) send();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
