import { describe, expect, it } from 'vitest';
import type { CrawledPage } from '../draft.ts';
import { verifyProposals } from './verify-evidence.ts';

const pages: CrawledPage[] = [
  {
    url: 'https://acme.test/',
    title: 'Acme',
    html: '',
    text: 'Acme   Ledger\nInvoices that chase themselves.\nFounded in 2019 in Berlin.\n© 2016 Acme Ledger',
  },
];
const ALL = ['name', 'tagline', 'founded_year', 'description', 'faqs'];

describe('evidence check', () => {
  it('when a quote matches the page text up to whitespace then the value is kept', () => {
    const r = verifyProposals(
      pages,
      { name: { value: 'Acme Ledger', evidence: [{ quote: 'Acme Ledger', url: 'https://acme.test/' }] } },
      ALL,
    );
    expect(r.proposals.name?.value).toBe('Acme Ledger');
  });

  it('when a value has no evidence, a quote not on the page, or a page not crawled then it is dropped', () => {
    const r = verifyProposals(
      pages,
      {
        name: { value: 'Acme', evidence: [] },
        tagline: {
          value: 'Invoices that chase themselves.',
          evidence: [{ quote: 'Invoices that chase you', url: 'https://acme.test/' }],
        },
        description: { value: 'x', evidence: [{ quote: 'Acme Ledger', url: 'https://other.test/' }] },
      },
      ALL,
    );
    expect(r.proposals).toEqual({});
    expect(r.dropped.map((d) => d.key).sort()).toEqual(['description', 'name', 'tagline']);
  });

  it('when a short value is not inside its quote then it is dropped (no inference)', () => {
    const r = verifyProposals(
      pages,
      { name: { value: 'Acme Inc', evidence: [{ quote: 'Acme Ledger', url: 'https://acme.test/' }] } },
      ALL,
    );
    expect(r.proposals.name).toBeUndefined();
  });

  it('when a founding year comes from a copyright line then it is dropped; from a founding sentence it is kept', () => {
    const copyright = verifyProposals(
      pages,
      { founded_year: { value: '2016', evidence: [{ quote: '© 2016 Acme Ledger', url: 'https://acme.test/' }] } },
      ALL,
    );
    expect(copyright.proposals.founded_year).toBeUndefined();
    const founded = verifyProposals(
      pages,
      { founded_year: { value: '2019', evidence: [{ quote: 'Founded in 2019', url: 'https://acme.test/' }] } },
      ALL,
    );
    expect(founded.proposals.founded_year?.value).toBe('2019');
  });

  it('when a FAQ entry has no checked quote of its own then only that entry is dropped', () => {
    const r = verifyProposals(
      pages,
      {
        faqs: {
          value: [
            { question: 'When?', answer: '2019' },
            { question: 'Free?', answer: 'Yes' },
          ],
          evidence: [
            { quote: 'Founded in 2019', url: 'https://acme.test/', field: 'faqs[0].answer' },
            { quote: 'Always free', url: 'https://acme.test/', field: 'faqs[1].answer' },
          ],
        },
      },
      ALL,
    );
    expect(r.proposals.faqs?.value).toEqual([{ question: 'When?', answer: '2019' }]);
  });

  describe('when a value was read from markup or structured data', () => {
    const served: CrawledPage[] = [
      {
        url: 'https://acme.test/about',
        title: 'About',
        html: `<html><head><link rel="apple-touch-icon" href="/icon.png"><meta property="og:site_name" content="Tom &amp; Jerry">
          <script type="application/ld+json">{"@type": "Organization", "foundingDate": "2019", "address": {"addressCountry": "SE"}}</script>
          </head><body><p>We are based in Stockholm, Sweden.</p></body></html>`,
        text: 'We are based in Stockholm, Sweden.\n\n--- page metadata ---\njson-ld Organization.foundingDate: 2019\njson-ld Organization.address.addressCountry: SE',
      },
    ];
    const url = 'https://acme.test/about';
    const keys = ['founded_year', 'country', 'logo_url', 'name'];

    it('then a quote rebuilt from it ("foundingDate: 2019") is dropped: it is nowhere in what the site served', () => {
      const r = verifyProposals(
        served,
        {
          founded_year: { value: '2019', evidence: [{ quote: 'json-ld Organization.foundingDate: 2019', url }] },
          country: { value: 'SE', evidence: [{ quote: 'addressCountry: SE', url }] },
        },
        keys,
      );
      expect(r.proposals).toEqual({});
    });

    it('then the exact slice of the script, the attribute or the visible sentence is kept, entities and URLs read as written', () => {
      const r = verifyProposals(
        served,
        {
          founded_year: { value: '2019', evidence: [{ quote: '"foundingDate": "2019"', url }] },
          country: { value: 'se', evidence: [{ quote: 'We are based in Stockholm, Sweden.', url }] },
          logo_url: { value: 'https://acme.test/icon.png', evidence: [{ quote: 'href="/icon.png"', url }] },
          name: { value: 'Tom & Jerry', evidence: [{ quote: 'content="Tom &amp; Jerry"', url }] },
        },
        keys,
      );
      expect(r.proposals.founded_year?.value).toBe('2019');
      expect(r.proposals.country?.value).toBe('SE');
      expect(r.proposals.logo_url?.value).toBe('https://acme.test/icon.png');
      expect(r.proposals.name?.value).toBe('Tom & Jerry');
    });

    it('then a country its quote does not name is dropped, even when its code hides in a word ("se" in "based")', () => {
      const r = verifyProposals(
        served,
        { country: { value: 'SE', evidence: [{ quote: 'We are based in Stockholm', url }] } },
        keys,
      );
      expect(r.proposals.country).toBeUndefined();
    });
  });
});

describe('when a founding year is quoted in another language', () => {
  it('then a quote that speaks of the founding in that language holds it; a copyright line still does not', () => {
    const de: CrawledPage[] = [
      {
        url: 'https://acme.test/ueber-uns',
        title: 'Über uns',
        html: '',
        text: 'Die Acme GmbH wurde 2015 in Wien gegründet.\nSeit 2015 für Sie da.\n© 2016 Acme GmbH',
      },
    ];
    const url = 'https://acme.test/ueber-uns';
    const kept = (quote: string, year: string) =>
      verifyProposals(de, { founded_year: { value: year, evidence: [{ quote, url }] } }, ['founded_year']).proposals
        .founded_year?.value;
    expect(kept('Die Acme GmbH wurde 2015 in Wien gegründet.', '2015')).toBe('2015');
    expect(kept('Seit 2015 für Sie da.', '2015')).toBe('2015');
    expect(kept('© 2016 Acme GmbH', '2016')).toBeUndefined();
  });
});
