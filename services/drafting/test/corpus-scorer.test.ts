import { describe, expect, it } from 'vitest';
import { amountOf, founderKey, priceMeaning, pricingPartKey } from './support/corpus/meaning.ts';
import { scoreDraft } from './support/corpus/score.ts';
import type { CorpusSite } from './support/corpus/sites.ts';

describe('the bench compares prices and founders by meaning', () => {
  it('reads a written price as amount, currency and period', () => {
    expect(priceMeaning('$12 / month')).toEqual({ amount: 12, currency: 'USD', period: 'month' });
    expect(priceMeaning('$12 per month')).toEqual({ amount: 12, currency: 'USD', period: 'month' });
    expect(priceMeaning('12 USD/mo')).toEqual({ amount: 12, currency: 'USD', period: 'month' });
    expect(priceMeaning('€9,50 monatlich')).toEqual({ amount: 9.5, currency: 'EUR', period: 'month' });
    expect(priceMeaning('9,50 € pro Monat')).toEqual({ amount: 9.5, currency: 'EUR', period: 'month' });
    expect(priceMeaning('1.290 kr per år')).toEqual({ amount: 1290, currency: 'kr', period: 'year' });
    expect(priceMeaning('¥1,200/月')).toEqual({ amount: 1200, currency: 'JPY', period: 'month' });
    expect(priceMeaning('Free')).toEqual({ amount: 0, currency: null, period: null });
    expect(priceMeaning('$0')).toEqual({ amount: 0, currency: null, period: null });
    expect(amountOf('1.299,00 €')).toBe(1299);
    expect(amountOf('$1,299.50')).toBe(1299.5);
    expect(amountOf('12.50')).toBe(12.5);
    expect(amountOf('0.125')).toBe(0.125);
  });

  it('matches a plan however its price is written, and only when name, amount, currency and period agree', () => {
    const key = pricingPartKey('Solo: $12 per month');
    expect(pricingPartKey('solo:  $12 / month')).toBe(key);
    expect(pricingPartKey('Solo: 12 USD/mo')).toBe(key);
    expect(pricingPartKey('Solo: $12 per year')).not.toBe(key);
    expect(pricingPartKey('Solo: €12 per month')).not.toBe(key);
    expect(pricingPartKey('Solo: $13 per month')).not.toBe(key);
    expect(pricingPartKey('Team: $12 per month')).not.toBe(key);
    expect(pricingPartKey('Free: Kostenlos')).toBe(pricingPartKey('free: $0'));
    expect(pricingPartKey('Every plan includes a 14-day free trial.')).toBe(
      pricingPartKey('every plan includes a 14-day free trial'),
    );
  });

  it('matches a founder by name, case, diacritics and spacing ignored', () => {
    expect(founderKey('José  Núñez')).toBe(founderKey('jose nunez'));
    expect(founderKey('Jose Nunez')).not.toBe(founderKey('Jose Nunes'));
  });

  it('scores a plan and a founder written differently as found, and any robots-disallowed fetch as a leak', () => {
    const site: CorpusSite = {
      id: 'meaning',
      variant: 'scorer',
      robots: 'User-agent: *\nDisallow: /staging/\n',
      pages: {},
      expected: {
        pricing: ['Solo: $12 per month'],
        founders: [{ name: 'José Núñez', title: 'Founder' }],
      },
      forbidden: [],
    };
    const score = scoreDraft(
      site,
      {
        url: 'http://127.0.0.1:9/',
        origin: 'http://127.0.0.1:9',
        requested: ['/', '/staging/plan'],
        close: async () => {},
      },
      {
        pages: [],
        ms: 1,
        kept: {
          pricing_summary: { key: 'pricing_summary', value: 'Solo: $12 / month', confidence: 1, evidence: [] },
          founders: { key: 'founders', value: [{ name: 'Jose Nunez', title: 'CEO' }], confidence: 1, evidence: [] },
        } as never,
      },
    );
    expect(score.perField.pricing).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(score.perField.founders).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(score.leaks).toEqual(['fetched /staging/plan']);
  });
});

describe("the site's own address among the socials", () => {
  it('is neither found nor wrong: it is the listing URL, not a profile', () => {
    const site: CorpusSite = {
      id: 'own-site',
      variant: 'scorer',
      robots: 'User-agent: *\nAllow: /\n',
      pages: {},
      expected: { company_socials: { github: 'https://github.com/acme' } },
      forbidden: [],
    };
    const score = scoreDraft(
      site,
      { url: 'http://127.0.0.1:9/', origin: 'http://127.0.0.1:9', requested: [], close: async () => {} },
      {
        pages: [],
        ms: 1,
        kept: {
          company_socials: {
            key: 'company_socials',
            value: { github: 'https://github.com/acme', website: 'http://127.0.0.1:9/', x: 'https://x.com/other' },
            confidence: 1,
            evidence: [],
          },
        } as never,
      },
    );
    expect(score.perField.company_socials).toEqual({ tp: 1, fp: 1, fn: 0 });
  });
});
