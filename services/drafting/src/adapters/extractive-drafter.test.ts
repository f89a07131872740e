import { DRAFT_FIELD_KEYS } from '@listings/contracts';
import { describe, expect, it } from 'vitest';
import type { CrawledPage } from '../domain/draft/draft.ts';
import { verifyProposals } from '../domain/draft/evidence/verify-evidence.ts';
import { createExtractiveDrafter } from './extractive-drafter.ts';
import { pageEvidenceText } from './page-content.ts';

const KEYS = [
  ...DRAFT_FIELD_KEYS,
  'faqs',
  'founders',
  'company_socials',
  'founder_socials',
  'story',
  'milestones',
  'competitor_url',
  'seo',
];
const page = (url: string, html: string): CrawledPage => ({ url, html, ...pageEvidenceText(html, url) });
const draft = async (pages: CrawledPage[]) => {
  const proposals = await createExtractiveDrafter().draft({ pages, keys: KEYS, categoryNames: ['Finance'] });
  const verified = verifyProposals(pages, proposals, KEYS);
  return { proposals, kept: verified.proposals, dropped: verified.dropped };
};
const value = (kept: Record<string, { value: unknown }>, key: string) => kept[key]?.value;

describe('when a page publishes microdata and RDFa instead of JSON-LD', () => {
  const html = `<!doctype html><html lang="fr"><head><title>Accueil</title>
    <link rel="apple-touch-icon" href="/apple-touch-icon.png"><link rel="icon" href="/favicon.ico"></head><body>
    <div itemscope itemtype="https://schema.org/SoftwareApplication">
      <h1 itemprop="name">Carnet</h1><p itemprop="description">Carnet tient les comptes des associations sans tableur.</p>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
        <span itemprop="name">Association</span> <span itemprop="price" content="12.00">12 €</span>
        <meta itemprop="priceCurrency" content="EUR"></div>
    </div>
    <div vocab="https://schema.org/" typeof="Organization"><span property="name">Carnet SAS</span>
      <a property="sameAs" href="https://www.linkedin.com/company/carnet">LinkedIn</a></div>
    </body></html>`;

  it('then their values are drafted, each quoted as the page served it (the tag, the attribute), never by the metadata lines', async () => {
    const home = page('https://carnet.example/', html);
    expect(home.text).toContain('html lang: fr');
    expect(home.text).toContain('microdata SoftwareApplication.offers.price: 12.00');
    expect(home.text).toContain('rdfa Organization.name: Carnet SAS');
    expect(home.text).toContain('icon apple-touch-icon: https://carnet.example/apple-touch-icon.png');
    const { kept } = await draft([home]);
    expect(value(kept, 'name')).toBe('Carnet');
    expect(value(kept, 'pricing_summary')).toBe('Association: 12.00 EUR');
    expect(value(kept, 'logo_url')).toBe('https://carnet.example/apple-touch-icon.png');
    expect(value(kept, 'company_socials')).toEqual({ linkedin: 'https://www.linkedin.com/company/carnet' });
    const quotes = Object.values(kept).flatMap((p) => p.evidence.map((e) => e.quote));
    expect(quotes).toContain('<meta itemprop="priceCurrency" content="EUR">');
    expect(quotes).toContain('<span itemprop="price" content="12.00">');
    expect(quotes).toContain('href="/apple-touch-icon.png"');
    for (const quote of quotes)
      expect(html.includes(quote) || home.text.split('--- page metadata ---')[0]?.includes(quote), quote).toBe(true);
  });
});

describe('when a pricing page lays its plans out as cards', () => {
  const home = page('https://cards.example/', '<html><head><title>Cards</title></head><body><h1>Hi</h1></body></html>');
  const pricing = page(
    'https://cards.example/pricing',
    `<html><body><h1>Pricing</h1><p>Start with a 14-day free trial, no card needed.</p>
     <div class="plans">
       <div class="plan-card"><h3>Hobby</h3><p class="price">Free</p><ul><li>1 project</li></ul></div>
       <div class="plan-card"><h3>Pro</h3><p class="price">$19 / month</p></div>
       <div class="plan-card"><h3>Business</h3><p class="price"><span>$</span>49<small>/mo</small></p></div>
     </div></body></html>`,
  );

  it('then every plan is in the pricing summary with its price, period and the trial', async () => {
    const { kept } = await draft([home, pricing]);
    expect(value(kept, 'pricing_summary')).toBe(
      'Hobby: Free; Pro: $19 / month; Business: $49/mo; Start with a 14-day free trial, no card needed.',
    );
    expect(value(kept, 'pricing_model')).toBe('free trial');
  });
});

describe('when a team page lists people in cards', () => {
  const home = page('https://team.example/', '<html><head><title>Team</title></head><body><h1>Hi</h1></body></html>');
  const team = page(
    'https://team.example/team',
    `<html><body><h1>Our team</h1>
     <div class="member"><h3>Ada Byron</h3><p>Co-founder &amp; CEO</p>
       <a href="https://www.linkedin.com/in/adabyron">LinkedIn</a> <a href="https://x.com/ada">X</a></div>
     <div class="member"><h3>Alan Turing</h3><p>Founder, CTO</p></div>
     <div class="member"><h3>Grace Hopper</h3><p>Senior Engineer</p></div>
     <h2>Meet The Founders</h2><p>Ada Byron, founder</p>
     <footer><a href="https://github.com/team-example">GitHub</a></footer></body></html>`,
  );

  it('then the founders come with roles, the first founder with her socials, and nobody else is a founder', async () => {
    const { kept } = await draft([home, team]);
    expect(value(kept, 'founders')).toEqual([
      { name: 'Ada Byron', title: 'Co-founder & CEO' },
      { name: 'Alan Turing', title: 'Founder, CTO' },
    ]);
    expect(value(kept, 'founder_socials')).toEqual({
      linkedin: 'https://www.linkedin.com/in/adabyron',
      x: 'https://x.com/ada',
    });
    expect(value(kept, 'company_socials')).toEqual({ github: 'https://github.com/team-example' });
  });
});

describe('when the name is only in the title', () => {
  it('then the part of the title the host name spells is the name, and a tagline the h1 repeats is not', async () => {
    const home = page(
      'https://www.quillpad.example/',
      `<html><head><title>Notes that write themselves | QuillPad</title>
       <meta property="og:title" content="Notes that write themselves | QuillPad"></head>
       <body><h1>Notes that write themselves</h1></body></html>`,
    );
    const { kept } = await draft([home]);
    expect(value(kept, 'name')).toBe('QuillPad');
    expect(value(kept, 'tagline')).toBe('Notes that write themselves');
  });

  it('then the part of the title the copyright line repeats is the name, the rest the tagline', async () => {
    const home = page(
      'https://plain.example/',
      `<html><head><title>Brightdesk — Help desk for tiny teams</title></head>
       <body><p>Answer every customer from one inbox.</p><footer>© 2024 Brightdesk</footer></body></html>`,
    );
    const { kept } = await draft([home]);
    expect(value(kept, 'name')).toBe('Brightdesk');
    expect(value(kept, 'tagline')).toBe('Help desk for tiny teams');
  });
});

describe('when the product is named only by the header brand and the address only written out', () => {
  it("then the brand link's image alt is the name, its image the logo, and the footer's address the email", async () => {
    const home = page(
      'https://127.0.0.1:8443/',
      `<html><head><title>Invoices that chase themselves</title></head><body>
       <header><a href="/" class="brand"><img src="/assets/mark.svg" alt="Tallyo"></a><nav><a href="/">Home</a></nav></header>
       <h1>Invoices that chase themselves</h1><footer><p>Questions? Write to hello@tallyo.example any time.</p></footer></body></html>`,
    );
    const { kept } = await draft([home]);
    expect(value(kept, 'name')).toBe('Tallyo');
    expect(value(kept, 'tagline')).toBe('Invoices that chase themselves');
    expect(value(kept, 'logo_url')).toBe('https://127.0.0.1:8443/assets/mark.svg');
    expect(value(kept, 'contact_email')).toBe('hello@tallyo.example');
  });

  it('then a team card whose role stands above the name, and a line "Name, co-founder", both give founders with their roles', async () => {
    const home = page(
      'https://127.0.0.1:8443/',
      '<html><head><title>Tallyo</title></head><body><h1>Hi</h1></body></html>',
    );
    const team = page(
      'https://127.0.0.1:8443/team',
      `<html><body><h1>Team</h1><div class="card"><p>CEO &amp; Co-founder</p><h3>Ines Duarte</h3></div>
       <p>Karl Weber, co-founder and CTO, builds the reminders.</p></body></html>`,
    );
    const { kept } = await draft([home, team]);
    expect(value(kept, 'founders')).toEqual([
      { name: 'Ines Duarte', title: 'CEO & Co-founder' },
      { name: 'Karl Weber', title: 'co-founder and CTO' },
    ]);
  });
});

describe('when a pricing page lays its plans out in cards with no telling class', () => {
  it('then each price is read with the heading of its own card, and a heading with no price is not a plan', async () => {
    const home = page('https://grid.example/', '<html><head><title>Grid</title></head><body><h1>Hi</h1></body></html>');
    const pricing = page(
      'https://grid.example/pricing',
      `<html><body><h1>Pricing</h1><div class="grid">
         <div class="col"><div class="top"><h3>Starter</h3></div><div class="amount"><span>€</span>0</div></div>
         <div class="col"><div class="top"><h3>Growth</h3></div><div class="amount">€29 / month</div></div>
         <div class="col"><h3>Enterprise</h3><p>Talk to us</p></div>
       </div><h2>Is there a free plan?</h2><p>Yes.</p></body></html>`,
    );
    const { kept } = await draft([home, pricing]);
    expect(value(kept, 'pricing_summary')).toBe('Starter: €0; Growth: €29 / month');
  });
});

describe('when plans are priced in other currencies, with the period beside the price, and socials include share buttons', () => {
  it('then each plan keeps its currency and period as written, and a share link or a post is no social account', async () => {
    const home = page(
      'https://127.0.0.1:8443/',
      `<html><head><title>Kassa</title></head><body><h1>Kassa</h1>
       <a href="https://x.com/intent/tweet?text=Kassa">Share</a> <a href="https://x.com/kassa_app">X</a>
       <a href="https://www.linkedin.com/posts/kassa_launch-123">Launch post</a></body></html>`,
    );
    const pricing = page(
      'https://127.0.0.1:8443/priser',
      `<html><body><h1>Priser</h1><div class="plans">
         <div class="plan"><h3>Bas</h3><p><strong>99 kr</strong><span>/mån</span></p></div>
         <div class="plan"><h3>Pro — 249 kr/mån</h3></div></div></body></html>`,
    );
    const { kept } = await draft([home, pricing]);
    expect(value(kept, 'pricing_summary')).toBe('Bas: 99 kr/mån; Pro: 249 kr/mån');
    expect(value(kept, 'company_socials')).toEqual({ x: 'https://x.com/kassa_app' });
  });
});

describe('when founders are named in JSON-LD by name alone, or on the homepage beside guests', () => {
  it("then the named founder is one, a homepage card with a founder role is one, and a guest's role at another company is not", async () => {
    const home = page(
      'https://127.0.0.1:8443/',
      `<html><head><title>Kassa</title><script type="application/ld+json">{"@type":"Organization","name":"Kassa","founder":"Lea Sommer"}</script></head>
       <body><h1>Kassa</h1><section><h2>Team</h2><div><h3>Aron Vik</h3><a href="https://x.com/aron">X</a><p>Co-founder &amp; Head of Product</p></div></section>
       <section class="quotes"><div><h3>Rita Chen</h3><p>Founder of Bakery Co</p></div></section></body></html>`,
    );
    const { kept } = await draft([home]);
    expect(value(kept, 'founders')).toEqual([
      { name: 'Lea Sommer' },
      { name: 'Aron Vik', title: 'Co-founder & Head of Product' },
    ]);
  });
});

describe('when only the copyright line names the product', () => {
  it('then its holder without the company form is the name, and the legal name of the JSON-LD is not', async () => {
    const home = page(
      'https://127.0.0.1:8443/',
      `<html><head><title>Bookkeeping that closes the month</title>
       <script type="application/ld+json">{"@type":"Organization","name":"Ledgerlab Holding AB"}</script></head>
       <body><h1>Bookkeeping that closes the month</h1><footer><p>© 2021–2025 Ledgerlab AB. All rights reserved.</p></footer></body></html>`,
    );
    const { kept } = await draft([home]);
    expect(value(kept, 'name')).toBe('Ledgerlab');
    expect(value(kept, 'tagline')).toBe('Bookkeeping that closes the month');
  });
});

describe('when a schema.org address is written as a Country node, a string or a PostalAddress of its own', () => {
  it('then its country and city are drafted, quoted as the page served them', async () => {
    const country = page(
      'https://a.example/',
      `<html><head><title>A</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"A",
        "address":{"@type":"PostalAddress","addressLocality":"Lyon","addressCountry":{"@type":"Country","name":"France"}}}</script></head><body><h1>A</h1></body></html>`,
    );
    const line = page(
      'https://b.example/',
      `<html><head><title>B</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"B",
        "address":"Storgatan 1, 114 55 Stockholm, Sweden"}</script></head><body><h1>B</h1></body></html>`,
    );
    const alone = page(
      'https://c.example/',
      `<html><head><title>C</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"PostalAddress",
        "addressLocality":"Graz","addressCountry":"AT"}</script></head><body><h1>C</h1></body></html>`,
    );
    const a = await draft([country]);
    expect([value(a.kept, 'country'), value(a.kept, 'city')]).toEqual(['FR', 'Lyon']);
    const b = await draft([line]);
    expect([value(b.kept, 'country'), value(b.kept, 'city')]).toEqual(['SE', 'Stockholm']);
    const c = await draft([alone]);
    expect([value(c.kept, 'country'), value(c.kept, 'city')]).toEqual(['AT', 'Graz']);
  });
});

describe('when the brand links home in full (WordPress `rel="home"`, a site title) rather than to "/"', () => {
  it('then the brand names the product', async () => {
    const wordpress = page(
      'https://site-a.example/',
      `<html><head><title>Tallyho – Invoices that chase themselves</title></head><body>
        <header><p class="site-title"><a href="https://site-a.example/" rel="home">Tallyho</a></p></header>
        <main><h1>Invoices that chase themselves</h1></main></body></html>`,
    );
    const full = page(
      'https://site-b.example/',
      `<html><head><title>Pipewise | Sales pipelines for small teams</title></head><body>
        <nav><a href="https://site-b.example/index.html">Pipewise</a><a href="/pricing">Pricing</a></nav>
        <main><h1>Sales pipelines for small teams</h1></main></body></html>`,
    );
    expect(value((await draft([wordpress])).kept, 'name')).toBe('Tallyho');
    expect(value((await draft([full])).kept, 'name')).toBe('Pipewise');
  });
});

describe('when nothing but the title names the product', () => {
  it('then the name-like part of a title of a name and a phrase is the name, and the phrase can be the tagline', async () => {
    const bare = page(
      'https://site-c.example/',
      `<html><head><title>Invoices that chase themselves — Tallyho</title></head><body>
        <main><p>Send it once; we follow up.</p></main></body></html>`,
    );
    const { kept } = await draft([bare]);
    expect(value(kept, 'name')).toBe('Tallyho');
    expect(value(kept, 'tagline')).toBe('Invoices that chase themselves');
  });
});

describe('when only a blog post names the founders', () => {
  it("then a sentence that names the product gives its founders; the rival's founders in the same post are not ours", async () => {
    const home = page(
      'https://site-d.example/',
      `<html><head><title>Tallyho</title><meta property="og:site_name" content="Tallyho"></head><body>
        <main><h1>Invoices that chase themselves</h1><a href="/blog/our-story">Our story</a></main></body></html>`,
    );
    const post = page(
      'https://site-d.example/blog/our-story',
      `<html><head><title>Why we built it</title></head><body><article>
        <p>Tallyho was founded in 2021 by Anna Berg and Omar Haddad.</p>
        <p>Before that, RivalBooks was founded by John Smith in 1998.</p></article></body></html>`,
    );
    const { kept } = await draft([home, post]);
    expect((value(kept, 'founders') as { name: string }[]).map((f) => f.name)).toEqual(['Anna Berg', 'Omar Haddad']);
  });
});

describe('when a team page breaks a founder card with <br> rather than elements', () => {
  it('then the name over its founder role is a founder', async () => {
    const home = page(
      'https://site-e.example/',
      `<html><head><title>Tallyho</title></head><body><h1>Tallyho</h1></body></html>`,
    );
    const team = page(
      'https://site-e.example/team',
      `<html><head><title>Team</title></head><body><main><h1>The people behind it</h1>
        <p><strong>Anna Berg</strong><br>Co-founder &amp; CEO</p><p><strong>Lena Fischer</strong><br>Engineer</p></main></body></html>`,
    );
    const { kept } = await draft([home, team]);
    expect((value(kept, 'founders') as { name: string }[]).map((f) => f.name)).toEqual(['Anna Berg']);
  });
});

describe('when the footer links a platform through its mobile or country host', () => {
  it('then the link is that platform\'s account ("m.facebook.com", "de.linkedin.com", "mobile.twitter.com")', async () => {
    const home = page(
      'https://laden.example/',
      `<html><head><title>Laden</title></head><body><h1>Laden</h1><footer>
       <a href="https://m.facebook.com/ladenapp">Facebook</a> <a href="https://de.linkedin.com/company/laden">LinkedIn</a>
       <a href="https://mobile.twitter.com/ladenapp">X</a></footer></body></html>`,
    );
    const { kept } = await draft([home]);
    expect(value(kept, 'company_socials')).toEqual({
      facebook: 'https://m.facebook.com/ladenapp',
      linkedin: 'https://de.linkedin.com/company/laden',
      x: 'https://mobile.twitter.com/ladenapp',
    });
  });
});

describe('when a site writes its email address out against harvesters', () => {
  it('then the address is read as a reader reads it ("info(at)laden.de", "hello [at] laden [dot] example") and quoted as written', async () => {
    const home = page(
      'https://laden.example/',
      '<html><head><title>Laden</title></head><body><h1>Laden</h1></body></html>',
    );
    const imprint = page(
      'https://laden.example/impressum',
      '<html><body><h1>Impressum</h1><p>Laden GmbH, Torstraße 1, 10119 Berlin</p><p>E-Mail: hello [at] laden [dot] example</p></body></html>',
    );
    const { kept } = await draft([home, imprint]);
    expect(value(kept, 'contact_email')).toBe('hello@laden.example');
    expect(kept.contact_email?.evidence.map((e) => e.quote)).toContain('hello [at] laden [dot] example');
    const other = page(
      'https://kiosk.example/',
      '<html><head><title>Kiosk</title></head><body><h1>Kiosk</h1><footer>info(at)kiosk.example</footer></body></html>',
    );
    expect(value((await draft([other])).kept, 'contact_email')).toBe('info@kiosk.example');
  });
});

describe('when a pricing page states the billing period once for all its plans', () => {
  it('then that line gives the period to every priced plan, quoted beside the price; a free plan stays free', async () => {
    const home = page(
      'https://toggle.example/',
      '<html><head><title>Toggle</title></head><body><h1>Toggle</h1></body></html>',
    );
    const pricing = page(
      'https://toggle.example/pricing',
      `<html><body><h1>Pricing</h1><p>Prices per month, billed monthly.</p>
       <div class="plans"><div class="plan"><h3>Free</h3><p>$0</p></div>
       <div class="plan"><h3>Starter</h3><p>$9</p></div><div class="plan"><h3>Team</h3><p>$29</p></div></div></body></html>`,
    );
    const { kept } = await draft([home, pricing]);
    expect(value(kept, 'pricing_summary')).toBe('Free: $0; Starter: $9 per month; Team: $29 per month');
    expect(kept.pricing_summary?.evidence.map((e) => e.quote)).toContain('Prices per month, billed monthly.');
  });
});

describe('when some plans name their period and others do not, on a page that states the period once', () => {
  it('then only the plans without one take it; a one-time price stays one-time', async () => {
    const home = page(
      'https://mixed.example/',
      '<html><head><title>Mixed</title></head><body><h1>Mixed</h1></body></html>',
    );
    const pricing = page(
      'https://mixed.example/pricing',
      `<html><body><h1>Pricing</h1><p>Billed monthly</p><div class="plans">
       <div class="plan"><h3>Solo</h3><p>$9</p></div><div class="plan"><h3>Team</h3><p>$29/month</p></div>
       <div class="plan"><h3>Lifetime</h3><p>$199 one-time</p></div></div></body></html>`,
    );
    const { kept } = await draft([home, pricing]);
    expect(value(kept, 'pricing_summary')).toBe('Solo: $9 monthly; Team: $29/month; Lifetime: $199 one-time');
  });
});

describe('when a contact or imprint page writes the postal address on one line', () => {
  it('then its city and country are read from that line ("Acme GmbH, Musterstraße 1, 10115 Berlin, Deutschland")', async () => {
    const home = page(
      'https://laden.example/',
      '<html><head><title>Laden</title></head><body><h1>Laden</h1></body></html>',
    );
    const imprint = page(
      'https://laden.example/impressum',
      '<html><body><h1>Impressum</h1><p>Laden GmbH, Torstraße 1, 10119 Berlin, Deutschland</p></body></html>',
    );
    const { kept } = await draft([home, imprint]);
    expect(value(kept, 'country')).toBe('DE');
    expect(value(kept, 'city')).toBe('Berlin');
    expect(kept.country?.evidence.map((e) => e.quote)).toContain('Laden GmbH, Torstraße 1, 10119 Berlin, Deutschland');
  });
});

describe('when a line of any own page reads as an address, outside a footer or contact block', () => {
  it('then its country is drafted, as the last place looked at; its city only when the line is a postal address', async () => {
    const home = page(
      'https://kontor.example/',
      `<html><head><title>Kontor</title></head><body><h1>Kontor</h1>
       <div class="bottom"><p>Kontor · Stockholm · Sweden</p></div></body></html>`,
    );
    const { kept } = await draft([home]);
    expect(value(kept, 'country')).toBe('SE');
    expect(value(kept, 'city')).toBeUndefined();
    expect(kept.country?.evidence.map((e) => e.quote)).toContain('Kontor · Stockholm · Sweden');
    const postal = page(
      'https://kontor.example/',
      `<html><head><title>Kontor</title></head><body><h1>Kontor</h1>
       <div class="bottom"><p>Kontor AB · Storgatan 1 · 114 55 Stockholm · Sweden</p></div></body></html>`,
    );
    const withPostcode = (await draft([postal])).kept;
    expect(value(withPostcode, 'country')).toBe('SE');
    expect(value(withPostcode, 'city')).toBe('Stockholm');
  });
});
