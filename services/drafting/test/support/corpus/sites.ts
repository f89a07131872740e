/**
 * A labelled corpus of product websites for the drafters: twelve kinds of site (the variants issue
 * #18 asks for, and microdata/RDFa), each written out for three made-up products, 36 sites in all.
 * Every site has the values a careful person would draft from it (`expected`); a scored field a
 * site leaves out must stay empty. `forbidden` holds text only found on pages robots.txt disallows: it must never reach a
 * draft. Served on loopback by `serveCorpusSite`.
 */

export interface ExpectedDraft {
  readonly name?: string;
  readonly tagline?: string;
  readonly short_description?: string;
  readonly contact_email?: string;
  readonly logo_url?: string;
  /** the parts of `pricing_summary` (plans as `Name: price`, and the trial sentence) */
  readonly pricing?: readonly string[];
  readonly founders?: readonly { name: string; title?: string }[];
  readonly company_socials?: Readonly<Record<string, string>>;
  /** the year the company or product was founded, as the site states it */
  readonly founded_year?: string;
  /** ISO 3166-1 alpha-2 code of the country the company says it is based in */
  readonly country?: string;
  /** the city the company says it is based in, as the site spells it */
  readonly city?: string;
}

export interface CorpusSite {
  readonly id: string;
  readonly variant: string;
  readonly robots: string;
  /** path → HTML; `{{origin}}` is replaced by the site's origin when served */
  readonly pages: Readonly<Record<string, string>>;
  readonly expected: ExpectedDraft;
  readonly forbidden: readonly string[];
}

export const SCORED_FIELDS = [
  'name',
  'tagline',
  'short_description',
  'contact_email',
  'logo_url',
  'pricing',
  'founders',
  'company_socials',
  'founded_year',
  'country',
  'city',
] as const;

interface Product {
  readonly slug: string;
  readonly name: string;
  readonly tagline: string;
  readonly summary: string;
  readonly about: string;
  readonly email: string;
  readonly github: string;
  readonly x: string;
  readonly linkedin: string;
  readonly founders: readonly { name: string; title: string; linkedin: string }[];
  readonly engineer: string;
  readonly plans: readonly { name: string; price: string }[];
  readonly secret: string;
  /** the company behind the product, by its legal name (not the product's name) */
  readonly legalName: string;
  readonly founded: string;
  readonly city: string;
  readonly country: string;
  readonly countryName: string;
  /** how the about page tells the founding, in its own words */
  readonly foundingSentence: string;
  readonly basedSentence: string;
  readonly street: string;
}

const PRODUCTS: readonly Product[] = [
  {
    slug: 'ledgerly',
    name: 'Ledgerly',
    tagline: 'Bookkeeping that closes the month for you',
    summary: 'Ledgerly reconciles bank feeds, categorises spending and closes the books for small companies.',
    about: 'Ledgerly started when two accountants got tired of chasing receipts for their clients every single month.',
    email: 'hello@ledgerly.test',
    github: 'https://github.com/ledgerly',
    x: 'https://x.com/ledgerlyapp',
    linkedin: 'https://www.linkedin.com/company/ledgerly',
    founders: [
      { name: 'Maria Keller', title: 'Co-founder & CEO', linkedin: 'https://www.linkedin.com/in/mariakeller' },
      { name: 'Tom Brandt', title: 'Co-founder & CTO', linkedin: 'https://www.linkedin.com/in/tombrandt' },
    ],
    engineer: 'Lena Fischer',
    plans: [
      { name: 'Solo', price: '$12 / month' },
      { name: 'Team', price: '$39 / month' },
    ],
    secret: 'INTERNAL-LEDGERLY-4471',
    legalName: 'Ledgerly Technologies GmbH',
    founded: '2019',
    city: 'Berlin',
    country: 'DE',
    countryName: 'Germany',
    foundingSentence: 'Ledgerly was founded in 2019 by Maria Keller and Tom Brandt.',
    basedSentence: 'We are based in Berlin, Germany.',
    street: 'Torstraße 109, 10119 Berlin',
  },
  {
    slug: 'pipewise',
    name: 'Pipewise',
    tagline: 'Continuous delivery without the YAML',
    summary: 'Pipewise builds, tests and ships every commit with pipelines you describe in plain words.',
    about: 'Pipewise is made by a small team of build engineers who have maintained CI systems at large companies.',
    email: 'team@pipewise.test',
    github: 'https://github.com/pipewise',
    x: 'https://x.com/pipewise',
    linkedin: 'https://www.linkedin.com/company/pipewise',
    founders: [
      { name: 'Priya Raman', title: 'Founder & CEO', linkedin: 'https://www.linkedin.com/in/priyaraman' },
      { name: 'Jonas Berg', title: 'Co-founder', linkedin: 'https://www.linkedin.com/in/jonasberg' },
    ],
    engineer: 'Sam Okafor',
    plans: [
      { name: 'Hobby', price: 'Free' },
      { name: 'Pro', price: '$25 / month' },
      { name: 'Scale', price: '$99 / month' },
    ],
    secret: 'INTERNAL-PIPEWISE-9023',
    legalName: 'Pipewise Software AB',
    founded: '2021',
    city: 'Stockholm',
    country: 'SE',
    countryName: 'Sweden',
    foundingSentence: 'Priya Raman and Jonas Berg founded Pipewise in 2021 after years of fixing broken builds.',
    basedSentence: 'Pipewise is headquartered in Stockholm, Sweden.',
    street: 'Sveavägen 44, 111 34 Stockholm',
  },
  {
    slug: 'roomly',
    name: 'Roomly',
    tagline: 'Book meeting rooms from your calendar',
    summary: 'Roomly shows free meeting rooms next to your calendar and books them in one click.',
    about: 'Roomly was built for offices where nobody ever knows which meeting room is free right now.',
    email: 'support@roomly.test',
    github: 'https://github.com/roomly-hq',
    x: 'https://x.com/roomlyhq',
    linkedin: 'https://www.linkedin.com/company/roomly',
    founders: [
      { name: 'Chen Wei', title: 'Founder & CEO', linkedin: 'https://www.linkedin.com/in/chenwei' },
      { name: 'Amara Diallo', title: 'Co-founder & COO', linkedin: 'https://www.linkedin.com/in/amaradiallo' },
    ],
    engineer: 'Nils Holm',
    plans: [
      { name: 'Starter', price: '$4 / month' },
      { name: 'Office', price: '$15 / month' },
    ],
    secret: 'INTERNAL-ROOMLY-5580',
    legalName: 'Roomly SAS',
    founded: '2018',
    city: 'Lyon',
    country: 'FR',
    countryName: 'France',
    foundingSentence: 'Founded in 2018 by Chen Wei and Amara Diallo, Roomly now books rooms in offices across Europe.',
    basedSentence: 'Our team is located in Lyon, France.',
    street: '12 Rue de la République, 69002 Lyon',
  },
];

const ROBOTS = 'User-agent: *\nDisallow: /internal/\n';

const doc = (title: string, body: string, head = '', lang = 'en') => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title>${head}</head>
<body>${body}</body></html>`;

const nav = (links: readonly string[]) =>
  `<nav><a href="/">Home</a> ${links.map((l) => `<a href="/${l}">${l}</a>`).join(' ')}</nav>`;

const footer = (p: Product, extra = '') =>
  `<footer><p>© 2025 ${p.name}</p><a href="${p.github}">GitHub</a> <a href="${p.linkedin}">LinkedIn</a>${extra}</footer>`;

const homeHead = (p: Product) =>
  `<meta name="description" content="${p.summary}"><meta property="og:site_name" content="${p.name}">
   <link rel="apple-touch-icon" href="/apple-touch-icon.png">`;

const teamCards = (p: Product) =>
  [...p.founders.map((f) => ({ ...f })), { name: p.engineer, title: 'Senior Engineer', linkedin: '' }]
    .map(
      (m) =>
        `<div class="member"><h3>${m.name}</h3><p>${m.title}</p>${m.linkedin ? `<a href="${m.linkedin}">LinkedIn</a>` : ''}</div>`,
    )
    .join('\n');

const pricingTable = (p: Product) => `<table><tr><th>Plan</th><th>Price</th></tr>
  ${p.plans.map((pl) => `<tr><td>${pl.name}</td><td>${pl.price}</td></tr>`).join('\n')}</table>`;

const pricingCards = (p: Product) =>
  `<div class="plans">${p.plans
    .map(
      (pl) =>
        `<div class="plan-card"><h3>${pl.name}</h3><p class="price">${pl.price}</p><ul><li>All features</li></ul></div>`,
    )
    .join('\n')}</div>`;

const parts = (p: Product) => p.plans.map((pl) => `${pl.name}: ${pl.price}`);
const founders = (p: Product) => p.founders.map((f) => ({ name: f.name, title: f.title }));
const socials = (p: Product) => ({ github: p.github, linkedin: p.linkedin });
const logo = '{{origin}}/apple-touch-icon.png';

const classicHome = (p: Product, links: readonly string[]) =>
  doc(
    `${p.name} | ${p.tagline}`,
    `${nav(links)}<main><h1>${p.tagline}</h1><p>${p.about}</p></main>${footer(p)}`,
    homeHead(p),
  );

const variants: Record<string, (p: Product) => Omit<CorpusSite, 'id' | 'variant'>> = {
  /** the must-show site: JSON-LD Organization + SoftwareApplication + Offer, a pricing table, a team page */
  'structured-data': (p) => ({
    robots: ROBOTS,
    pages: {
      '/': doc(
        `${p.name} | ${p.tagline}`,
        `${nav(['pricing', 'team', 'internal/roadmap'])}<main><h1>${p.tagline}</h1><p>${p.about}</p></main>${footer(p)}
        <script type="application/ld+json">${JSON.stringify([
          {
            '@context': 'https://schema.org',
            '@type': 'Organization',
            name: p.name,
            url: '{{origin}}/',
            email: p.email,
            sameAs: [p.github, p.x],
            founder: p.founders.map((f) => ({
              '@type': 'Person',
              name: f.name,
              jobTitle: f.title,
              sameAs: [f.linkedin],
            })),
          },
          {
            '@context': 'https://schema.org',
            '@type': 'SoftwareApplication',
            name: p.name,
            description: p.summary,
            applicationCategory: 'BusinessApplication',
            offers: {
              '@type': 'Offer',
              name: p.plans[0]?.name,
              price: p.plans[0]?.price.match(/\d+/)?.[0] ?? '0',
              priceCurrency: 'USD',
            },
          },
        ])}</script>`,
        `<meta name="description" content="${p.summary}"><link rel="apple-touch-icon" href="/apple-touch-icon.png">`,
      ),
      '/pricing': doc(
        'Pricing',
        `${nav([])}<main><h1>Pricing</h1><p>Every plan includes a 14-day free trial.</p>${pricingTable(p)}</main>`,
      ),
      '/team': doc('Team', `${nav([])}<main><h1>Our team</h1>${teamCards(p)}</main>`),
      '/internal/roadmap': doc(
        'Roadmap',
        `<main><h1>Roadmap</h1><p>Enterprise plan ${p.secret} $999 / month</p></main>`,
      ),
    },
    expected: {
      name: p.name,
      tagline: p.tagline,
      short_description: p.summary,
      contact_email: p.email,
      logo_url: logo,
      pricing: [...parts(p), 'Every plan includes a 14-day free trial.'],
      founders: founders(p),
      company_socials: { github: p.github, x: p.x, website: '{{origin}}/', linkedin: p.linkedin },
    },
    forbidden: [p.secret, '$999'],
  }),

  /** a single-page app: an empty body, every fact in JSON-LD */
  'json-ld-spa': (p) => ({
    robots: ROBOTS,
    pages: {
      '/': doc(
        p.name,
        `<div id="app"></div><script src="/app.js"></script>
        <script type="application/ld+json">${JSON.stringify({
          '@context': 'https://schema.org',
          '@graph': [
            {
              '@type': 'Organization',
              name: p.name,
              slogan: p.tagline,
              email: p.email,
              logo: '{{origin}}/logo.png',
              sameAs: [p.github, p.linkedin],
              founder: { '@type': 'Person', name: p.founders[0]?.name, jobTitle: p.founders[0]?.title },
            },
            {
              '@type': 'SoftwareApplication',
              name: p.name,
              description: p.summary,
              offers: p.plans.map((pl, i) => ({
                '@type': 'Offer',
                name: pl.name,
                price: String(i * 10),
                priceCurrency: 'USD',
                priceSpecification: { '@type': 'UnitPriceSpecification', unitText: 'MONTH' },
              })),
            },
          ],
        })}</script>`,
      ),
    },
    expected: {
      name: p.name,
      tagline: p.tagline,
      short_description: p.summary,
      contact_email: p.email,
      logo_url: '{{origin}}/logo.png',
      pricing: p.plans.map((pl, i) => `${pl.name}: ${i * 10} USD per month`),
      founders: [{ name: p.founders[0]?.name as string, title: p.founders[0]?.title as string }],
      company_socials: socials(p),
    },
    forbidden: [],
  }),

  /** schema.org in microdata (the application and its offers) and RDFa (the organisation and its founders), no JSON-LD */
  'microdata-rdfa': (p) => {
    const amount = (price: string) => price.match(/\d+/)?.[0] ?? '0';
    return {
      robots: ROBOTS,
      pages: {
        '/': doc(
          p.name,
          `<div vocab="https://schema.org/" typeof="Organization">
            <h1 property="name">${p.name}</h1><p property="slogan">${p.tagline}</p>
            <img property="logo" src="/logo.svg" alt="">
            <a property="sameAs" href="${p.github}">GitHub</a> <a property="sameAs" href="${p.linkedin}">LinkedIn</a>
            ${p.founders
              .map(
                (f) =>
                  `<div property="founder" typeof="Person"><h3 property="name">${f.name}</h3><p property="jobTitle">${f.title}</p></div>`,
              )
              .join('\n')}
          </div>
          <div itemscope itemtype="https://schema.org/SoftwareApplication"><meta itemprop="name" content="${p.name}">
            <p itemprop="description">${p.summary}</p>
            ${p.plans
              .map(
                (pl) =>
                  `<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="name">${pl.name}</span>
                  <span itemprop="price">${amount(pl.price)}</span><meta itemprop="priceCurrency" content="USD"></div>`,
              )
              .join('\n')}
          </div>`,
        ),
      },
      expected: {
        name: p.name,
        tagline: p.tagline,
        short_description: p.summary,
        logo_url: '{{origin}}/logo.svg',
        pricing: p.plans.map((pl) => `${pl.name}: ${amount(pl.price)} USD`),
        founders: founders(p),
        company_socials: socials(p),
      },
      forbidden: [],
    };
  },

  /** a classic multi-page site: title, h1, meta tags, about and contact pages, footer links */
  'classic-multi-page': (p) => ({
    robots: ROBOTS,
    pages: {
      '/': classicHome(p, ['about', 'contact']),
      '/about': doc(`About ${p.name}`, `${nav([])}<main><h1>About us</h1><p>${p.about}</p></main>${footer(p)}`),
      '/contact': doc(
        'Contact',
        `${nav([])}<main><h1>Contact</h1><p><a href="mailto:${p.email}">${p.email}</a></p></main>`,
      ),
    },
    expected: {
      name: p.name,
      tagline: p.tagline,
      short_description: p.summary,
      contact_email: p.email,
      logo_url: logo,
      company_socials: socials(p),
    },
    forbidden: [],
  }),

  'pricing-table': (p) => ({
    robots: ROBOTS,
    pages: {
      '/': classicHome(p, ['pricing']),
      '/pricing': doc('Pricing', `${nav([])}<main><h1>Plans and pricing</h1>${pricingTable(p)}</main>${footer(p)}`),
    },
    expected: {
      name: p.name,
      tagline: p.tagline,
      short_description: p.summary,
      logo_url: logo,
      pricing: parts(p),
      company_socials: socials(p),
    },
    forbidden: [],
  }),

  'pricing-cards': (p) => ({
    robots: ROBOTS,
    pages: {
      '/': classicHome(p, ['pricing']),
      '/pricing': doc(
        'Pricing',
        `${nav([])}<main><h1>Pricing</h1><p>Try any plan free for 30 days.</p>${pricingCards(p)}</main>${footer(p)}`,
      ),
    },
    expected: {
      name: p.name,
      tagline: p.tagline,
      short_description: p.summary,
      logo_url: logo,
      pricing: [...parts(p), 'Try any plan free for 30 days.'],
      company_socials: socials(p),
    },
    forbidden: [],
  }),

  'team-page': (p) => ({
    robots: ROBOTS,
    pages: {
      '/': classicHome(p, ['team']),
      '/team': doc('Team', `${nav([])}<main><h1>The people behind ${p.name}</h1>${teamCards(p)}</main>${footer(p)}`),
    },
    expected: {
      name: p.name,
      tagline: p.tagline,
      short_description: p.summary,
      logo_url: logo,
      founders: founders(p),
      company_socials: socials(p),
    },
    forbidden: [],
  }),

  'no-pricing': (p) => ({
    robots: ROBOTS,
    pages: {
      '/': classicHome(p, ['about']),
      '/about': doc(
        'About',
        `${nav([])}<main><h1>About</h1><p>${p.about}</p><p>Contact sales for a quote that fits your team.</p></main>${footer(p)}`,
      ),
    },
    expected: {
      name: p.name,
      tagline: p.tagline,
      short_description: p.summary,
      logo_url: logo,
      company_socials: socials(p),
    },
    forbidden: [],
  }),

  /** the pricing page is there and linked, but robots.txt disallows it */
  'pricing-disallowed': (p) => ({
    robots: 'User-agent: *\nDisallow: /pricing\n',
    pages: {
      '/': classicHome(p, ['pricing']),
      '/pricing': doc(
        'Pricing',
        `${nav([])}<main><h1>Pricing</h1><p>${p.secret}</p>${pricingTable(p)}</main>${footer(p)}`,
      ),
    },
    expected: {
      name: p.name,
      tagline: p.tagline,
      short_description: p.summary,
      logo_url: logo,
      company_socials: socials(p),
    },
    forbidden: [p.secret, ...p.plans.filter((pl) => pl.price !== 'Free').map((pl) => pl.price)],
  }),

  /** a German site: lang="de", prices in euros per month, a team page that says Gründerin */
  'non-english': (p) => {
    const plans = p.plans.map((pl, i) => ({ name: pl.name, price: i === 0 ? 'Kostenlos' : `${i * 19} € pro Monat` }));
    return {
      robots: ROBOTS,
      pages: {
        '/': doc(
          `${p.name} – Einfach erledigt`,
          `${nav(['preise', 'ueber-uns'])}<main><h1>Einfach erledigt</h1><p>${p.name} nimmt Ihnen die Arbeit ab.</p></main>${footer(p)}`,
          `<meta name="description" content="${p.name} erledigt die lästige Arbeit für kleine Firmen."><meta property="og:site_name" content="${p.name}">`,
          'de',
        ),
        '/preise': doc(
          'Preise',
          `${nav([])}<main><h1>Preise</h1><div class="plans">${plans
            .map((pl) => `<div class="tier"><h3>${pl.name}</h3><p>${pl.price}</p></div>`)
            .join('')}</div></main>`,
          '',
          'de',
        ),
        '/ueber-uns': doc(
          'Über uns',
          `${nav([])}<main><h1>Über uns</h1><div class="person"><h3>${p.founders[0]?.name}</h3><p>Gründerin und Geschäftsführerin</p></div></main>`,
          '',
          'de',
        ),
      },
      expected: {
        name: p.name,
        tagline: 'Einfach erledigt',
        short_description: `${p.name} erledigt die lästige Arbeit für kleine Firmen.`,
        pricing: plans.map((pl) => `${pl.name}: ${pl.price}`),
        founders: [{ name: p.founders[0]?.name as string, title: 'Gründerin und Geschäftsführerin' }],
        company_socials: socials(p),
      },
      forbidden: [],
    };
  },

  /** misleading text: a blog post with a rival's price table, testimonials that look like people, a quoted year */
  'misleading-text': (p) => ({
    robots: ROBOTS,
    pages: {
      '/': doc(
        `${p.name} | ${p.tagline}`,
        `${nav(['blog/pricing-at-rivalapp'])}<main><h1>${p.tagline}</h1>
        <p>Teams switch to us from RivalApp, which costs $49 per month and was founded in 1998.</p>
        <section class="testimonials"><h3>Jane Doe</h3><p>CEO at Somewhere Else</p><p>“It saved our month-end.”</p></section>
        </main>${footer(p)}`,
        homeHead(p),
      ),
      '/blog/pricing-at-rivalapp': doc(
        'What RivalApp charges',
        `${nav([])}<main><h1>What RivalApp charges</h1><table><tr><th>Plan</th><th>Price</th></tr>
        <tr><td>RivalApp Basic</td><td>$49 / month</td></tr><tr><td>RivalApp Plus</td><td>$89 / month</td></tr></table></main>`,
      ),
    },
    expected: {
      name: p.name,
      tagline: p.tagline,
      short_description: p.summary,
      logo_url: logo,
      company_socials: socials(p),
    },
    forbidden: [],
  }),

  /** a comparison page that publishes a competitor's JSON-LD and prices */
  'competitor-claims': (p) => ({
    robots: ROBOTS,
    pages: {
      '/': doc(
        `${p.tagline}`,
        `${nav(['pricing', 'vs/rivalapp'])}<main><h1>${p.tagline}</h1></main>${footer(p)}`,
        homeHead(p),
      ),
      '/pricing': doc('Pricing', `${nav([])}<main><h1>Pricing</h1>${pricingTable(p)}</main>`),
      '/vs/rivalapp': doc(
        `${p.name} vs RivalApp`,
        `${nav([])}<main><h1>${p.name} vs RivalApp</h1><div class="plan"><h3>RivalApp Pro</h3><p>$79 / month</p></div>
        <div class="member"><h3>Rick Rival</h3><p>Founder of RivalApp</p><a href="https://x.com/rickrival">X</a></div>
        <a href="https://github.com/rivalapp">RivalApp on GitHub</a>
        <script type="application/ld+json">${JSON.stringify({
          '@context': 'https://schema.org',
          '@type': 'SoftwareApplication',
          name: 'RivalApp',
          description: 'RivalApp is the market leader.',
          offers: { '@type': 'Offer', name: 'RivalApp Pro', price: '79', priceCurrency: 'USD' },
          founder: { '@type': 'Person', name: 'Rick Rival' },
        })}</script></main>`,
      ),
    },
    expected: {
      name: p.name,
      tagline: p.tagline,
      short_description: p.summary,
      logo_url: logo,
      pricing: parts(p),
      company_socials: socials(p),
    },
    forbidden: [],
  }),
};

/**
 * The cases a review found on sites nobody here wrote (issue #30): a company's legal name beside the
 * product's, a hero whose lead (not the h1) says what the product does, founders and the founding
 * year told in a sentence, a price table whose rows are plans with a billing column, a country in
 * the footer's address, and facts only in JSON-LD (quoted as the script wrote them).
 */
const reviewVariants: Record<string, (p: Product) => Omit<CorpusSite, 'id' | 'variant'>> = {
  /** the Organization node holds the legal name; the product is named by the title and the h1 */
  'legal-name': (p) => ({
    robots: ROBOTS,
    pages: {
      '/': doc(
        `${p.name} – ${p.tagline}`,
        `${nav(['about'])}<header class="hero"><h1>${p.name}</h1><p class="lead">${p.tagline}</p></header>
        <main><p>${p.about}</p></main><footer><p>© 2025 ${p.legalName}</p><a href="${p.github}">GitHub</a></footer>
        <script type="application/ld+json">${JSON.stringify({
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: p.legalName,
          url: '{{origin}}/',
          logo: '{{origin}}/img/logo.png',
        })}</script>`,
        `<meta name="description" content="${p.summary}"><meta property="og:description" content="${p.summary}">`,
      ),
      '/about': doc('About', `${nav([])}<main><h1>About ${p.legalName}</h1><p>${p.about}</p></main>`),
    },
    expected: {
      name: p.name,
      tagline: p.tagline,
      short_description: p.summary,
      logo_url: '{{origin}}/img/logo.png',
      company_socials: { github: p.github, website: '{{origin}}/' },
    },
    forbidden: [],
  }),

  /** the h1 and the title are the bare name; what the product does is in og:description */
  'tagline-og-description': (p) => ({
    robots: ROBOTS,
    pages: {
      '/': doc(
        p.name,
        `<header><h1><img src="/brand.svg" alt="">${p.name}</h1></header><main><p>${p.about}</p></main>${footer(p)}`,
        `<meta property="og:title" content="${p.name}"><meta property="og:description" content="${p.tagline}">
         <meta name="description" content="${p.summary}">`,
      ),
    },
    expected: {
      name: p.name,
      tagline: p.tagline,
      short_description: p.summary,
      company_socials: socials(p),
    },
    forbidden: [],
  }),

  /** founders, the founding year and the place are told in sentences of the about page, no cards */
  'founders-in-prose': (p) => ({
    robots: ROBOTS,
    pages: {
      '/': classicHome(p, ['about']),
      '/about': doc(
        `About ${p.name}`,
        `${nav([])}<main><h1>Our story</h1><p>${p.foundingSentence} ${p.about}</p><p>${p.basedSentence}</p></main>${footer(p)}`,
      ),
    },
    expected: {
      name: p.name,
      tagline: p.tagline,
      short_description: p.summary,
      logo_url: logo,
      founders: p.founders.map((f) => ({ name: f.name })),
      company_socials: socials(p),
      founded_year: p.founded,
      country: p.country,
      city: p.city,
    },
    forbidden: [],
  }),

  /** a price table of plan rows with a billing column: every row is a plan, the free one and the paid ones */
  'price-table-rows': (p) => ({
    robots: ROBOTS,
    pages: {
      '/': classicHome(p, ['pricing']),
      '/pricing': doc(
        'Pricing',
        `${nav([])}<main><h1>Pricing</h1><table><thead><tr><th>Plan</th><th>Price</th><th>Billing</th><th>Seats</th></tr></thead>
        <tbody><tr><td>Free</td><td>$0</td><td>forever</td><td>1</td></tr>
        ${p.plans
          .filter((pl) => pl.price !== 'Free')
          .map(
            (pl) =>
              `<tr><td>${pl.name}</td><td>${pl.price.replace(/ \/ month$/, '')}</td><td>per month</td><td>Unlimited</td></tr>`,
          )
          .join('\n')}</tbody></table></main>${footer(p)}`,
      ),
    },
    expected: {
      name: p.name,
      tagline: p.tagline,
      short_description: p.summary,
      logo_url: logo,
      pricing: [
        'Free: $0',
        ...p.plans
          .filter((pl) => pl.price !== 'Free')
          .map((pl) => `${pl.name}: ${pl.price.replace(/ \/ month$/, '')} per month`),
      ],
      company_socials: socials(p),
    },
    forbidden: [],
  }),

  /** the country (and city) only in the footer's postal address; a language picker names another country */
  'country-in-footer': (p) => ({
    robots: ROBOTS,
    pages: {
      '/': doc(
        `${p.name} | ${p.tagline}`,
        `${nav([])}<main><h1>${p.tagline}</h1><p>${p.about}</p></main>
        <footer><p>© 2025 ${p.name}</p><address>${p.legalName}<br>${p.street}<br>${p.countryName}</address>
        <select><option>English (United States)</option><option>Deutsch (Österreich)</option></select>
        <a href="${p.github}">GitHub</a> <a href="${p.linkedin}">LinkedIn</a></footer>`,
        homeHead(p),
      ),
    },
    expected: {
      name: p.name,
      tagline: p.tagline,
      short_description: p.summary,
      logo_url: logo,
      company_socials: socials(p),
      country: p.country,
      city: p.city,
    },
    forbidden: [],
  }),

  /** the founding date and the address only in JSON-LD: quoted as the script wrote them */
  'json-ld-evidence': (p) => ({
    robots: ROBOTS,
    pages: {
      '/': doc(
        `${p.name} | ${p.tagline}`,
        `<main><h1>${p.tagline}</h1><p>${p.about}</p></main>${footer(p)}
        <script type="application/ld+json">
        {
          "@context": "https://schema.org",
          "@type": "Organization",
          "name": "${p.name}",
          "foundingDate": "${p.founded}-03-01",
          "address": { "@type": "PostalAddress", "addressLocality": "${p.city}", "addressCountry": "${p.country}" }
        }
        </script>`,
        homeHead(p),
      ),
    },
    expected: {
      name: p.name,
      tagline: p.tagline,
      short_description: p.summary,
      logo_url: logo,
      company_socials: socials(p),
      founded_year: p.founded,
      country: p.country,
      city: p.city,
    },
    forbidden: [],
  }),
};

export const CORPUS: readonly CorpusSite[] = Object.entries({ ...variants, ...reviewVariants }).flatMap(
  ([variant, make]) => PRODUCTS.map((p) => ({ id: `${variant}/${p.slug}`, variant, ...make(p) })),
);

/** `{{origin}}` in expected values and pages, filled in once the site has a port */
export const withOrigin = <T>(value: T, origin: string): T =>
  JSON.parse(JSON.stringify(value).replaceAll('{{origin}}', origin)) as T;
