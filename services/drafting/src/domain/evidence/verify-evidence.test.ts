import { describe, expect, it } from 'vitest';
import type { CrawledPage } from '../draft/draft.ts';
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
});
