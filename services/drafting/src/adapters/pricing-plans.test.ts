import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { htmlPlans, trialSentence } from './pricing-plans.ts';

describe('the sentence that offers a trial', () => {
  it('when a page offers a trial in its language then that line is it; a question about a trial is no offer', () => {
    expect(trialSentence('Is there a free trial?\nYes: every plan starts with a 14-day free trial.')).toBe(
      'Yes: every plan starts with a 14-day free trial.',
    );
    expect(trialSentence('Preise\n30 Tage kostenlos testen, ohne Kreditkarte.')).toBe(
      '30 Tage kostenlos testen, ohne Kreditkarte.',
    );
    expect(trialSentence('Kokeile ilmaiseksi 14 päivää.')).toBe('Kokeile ilmaiseksi 14 päivää.');
    expect(trialSentence('Pricing\nContact sales')).toBeNull();
  });
});

const plansOf = (body: string, options: { loose?: boolean; product?: string } = { loose: true }) =>
  htmlPlans(cheerio.load(`<html><body>${body}</body></html>`), options).map((p) => `${p.name}: ${p.price}`);

describe('plans in more markups', () => {
  it('when the period follows the price in a block that opens with the plan name then the period is part of the price', () => {
    expect(
      plansOf(`<div><div data-testid="plan"><span class="plan-name">Basic</span> <span>$9</span><span>/mo</span></div>
        <div data-testid="plan"><span class="plan-name">Plus</span> <span>$19</span><span>/mo</span></div></div>`),
    ).toEqual(['Basic: $9/mo', 'Plus: $19/mo']);
  });

  it('when a card of any markup has its price as the heading, or its name under the price, then the first short line names it (not a badge)', () => {
    expect(
      plansOf(`<div><div data-framer-name="Card"><p>Hobby</p><h2>€0</h2><p>per month</p><p>For side projects</p></div>
        <div data-framer-name="Card"><p>Pro</p><h2>€24</h2><p>per month</p><p>For teams</p></div></div>`),
    ).toEqual(['Hobby: €0 per month', 'Pro: €24 per month']);
    expect(
      plansOf(`<div class="cards"><div class="card"><span class="badge">Popular</span><div class="amount">$39<small>/mo</small></div>
        <div class="label">Growth</div></div><div class="card"><div class="amount">$9<small>/mo</small></div><div class="label">Starter</div></div></div>`),
    ).toEqual(['Growth: $39/mo', 'Starter: $9/mo']);
  });

  it('when a price is written the Danish, Norwegian or Japanese way ("kr. 99", "99,- kr", "月額980円") then it is a price', () => {
    expect(
      plansOf(
        '<div><div><h3>Basis</h3><p>kr. 99 pr. måned</p></div><div><h3>Pro</h3><p>kr. 299 pr. måned</p></div></div>',
      ),
    ).toEqual(['Basis: kr. 99 pr. måned', 'Pro: kr. 299 pr. måned']);
    expect(
      plansOf('<div><div><h3>Basis</h3><p>99,- kr/mnd</p></div><div><h3>Pro</h3><p>299,- kr/mnd</p></div></div>'),
    ).toEqual(['Basis: 99,- kr/mnd', 'Pro: 299,- kr/mnd']);
    expect(
      plansOf(
        '<section><div><h3>ベーシック</h3><p>月額980円</p></div><div><h3>プロ</h3><p>月額2,980円</p></div></section>',
      ),
    ).toEqual(['ベーシック: 月額980円', 'プロ: 月額2,980円']);
  });

  it('when a card shows a monthly and a yearly price then the plan is drafted once per period', () => {
    expect(
      plansOf(`<div class="plan"><h3>Pro</h3><p><b>$10</b><span>/month</span></p><p><b>$100</b><span>/year</span></p></div>
        <div class="plan"><h3>Free</h3><p>$0</p></div>`),
    ).toEqual(['Pro: $10/month', 'Pro: $100/year', 'Free: $0']);
  });

  it('when plans are the columns of a table under a corner label then every plan and every price row is drafted', () => {
    expect(
      plansOf(`<table><tr><th>Plan</th><th>Basic</th><th>Plus</th></tr>
        <tr><td>Monthly</td><td>€5</td><td>€9</td></tr><tr><td>Yearly</td><td>€50</td><td>€90</td></tr>
        <tr><td>Users</td><td>1</td><td>5</td></tr></table>`),
    ).toEqual(['Basic: €5 Monthly', 'Plus: €9 Monthly', 'Basic: €50 Yearly', 'Plus: €90 Yearly']);
  });

  it('when a plan table has a monthly and a yearly column then each plan is drafted per period', () => {
    expect(
      plansOf(`<table><tr><th>Plan</th><th>Monthly</th><th>Yearly</th></tr>
        <tr><td>Team</td><td>$20</td><td>$200</td></tr><tr><td>Free</td><td>Free</td><td>Free</td></tr></table>`),
    ).toEqual(['Team: $20 Monthly', 'Team: $200 Yearly', 'Free: Free']);
  });

  it('when plans are a definition list then each term is a plan and its definition the price', () => {
    expect(plansOf('<dl><dt>Starter</dt><dd>29 € pro Monat</dd><dt>Business</dt><dd>79 € pro Monat</dd></dl>')).toEqual(
      ['Starter: 29 € pro Monat', 'Business: 79 € pro Monat'],
    );
  });

  it('when plans are written one per line then name and price are read from the line', () => {
    expect(
      plansOf('<ul><li>Starter: $9 per month</li><li>Growth — $29 per month</li><li>Fast, simple, secure</li></ul>'),
    ).toEqual(['Starter: $9 per month', 'Growth: $29 per month']);
  });

  it('when the pricing page has one price and no plan name then it is the product’s plan; two prices are no such plan', () => {
    expect(
      plansOf('<h1>Pricing</h1><p>One price for everything.</p><p><strong>$49</strong> <span>per year</span></p>', {
        loose: true,
        product: 'Acme',
      }),
    ).toEqual(['Acme: $49 per year']);
    expect(plansOf('<p>$49</p><p>$99</p>', { loose: true, product: 'Acme' })).toEqual([]);
  });
});

describe('plans priced on request, and the trial sentence', () => {
  it('when a plan card says Custom or Auf Anfrage for its price then the plan is drafted with that price; a Contact button is no price', () => {
    expect(
      plansOf(`<div class="plan"><h3>Team</h3><p>$20 / month</p></div>
        <div class="plan"><h3>Enterprise</h3><p>Custom</p><a href="/contact">Contact sales</a></div>`),
    ).toEqual(['Team: $20 / month', 'Enterprise: Custom']);
    expect(
      plansOf(`<section><div><h3>Basis</h3><p>9 €</p></div><div><h3>Pro</h3><p>29 €</p></div>
        <div><h3>Konzern</h3><p>Auf Anfrage</p></div></section>`),
    ).toEqual(['Basis: 9 €', 'Pro: 29 €', 'Konzern: Auf Anfrage']);
    expect(plansOf('<div><h3>Pro</h3><p>$29</p></div><div><h3>Enterprise</h3><p>Custom</p></div>')).toEqual([]);
  });

  it('when the trial is offered in one sentence of a longer line then that sentence is the trial', () => {
    expect(trialSentence('Cancel any time. Every plan starts with a 14-day free trial. No card needed.')).toBe(
      'Every plan starts with a 14-day free trial.',
    );
  });
});

describe('cards of any markup with two prices', () => {
  it('when a card with no telling class shows a monthly and a yearly price then its plan is drafted once per period', () => {
    expect(
      plansOf(`<div><div><h3>Solo</h3><div><p>$12 / month</p><p>$120 / year</p></div></div>
        <div><h3>Team</h3><div><p>$39 / month</p><p>$390 / year</p></div></div></div>`),
    ).toEqual(['Solo: $12 / month', 'Solo: $120 / year', 'Team: $39 / month', 'Team: $390 / year']);
  });
});

describe('cards of any markup named by a bold line', () => {
  it('when a card of any markup names its plan in bold or in an element classed as its name then each plan is read', () => {
    expect(
      plansOf(
        `<div><div><strong>Solo</strong><p>$12 / month</p></div><div><span class="tier-name">Team</span><p>$39 / month</p></div></div>`,
      ),
    ).toEqual(['Solo: $12 / month', 'Team: $39 / month']);
  });
});

describe('a plan whose price says to get in touch', () => {
  it('when the price\'s place says "Let\'s talk" or "Contact us" (in the languages we read) then that is the plan\'s price; a button that says so is not', () => {
    expect(
      plansOf(`<div class="grid"><div class="col"><h3>Team</h3><p>$49/month</p></div>
        <div class="col"><h3>Business</h3><p>$99/month</p></div>
        <div class="col"><h3>Enterprise</h3><p>Let's talk</p><a href="/contact">Contact sales</a></div></div>`),
    ).toEqual(['Team: $49/month', 'Business: $99/month', "Enterprise: Let's talk"]);
    expect(
      plansOf(`<div class="offres"><div class="offre"><h3>Essentiel</h3><p>29 € / mois</p></div>
        <div class="offre"><h3>Pro</h3><p>59 € / mois</p></div><div class="offre"><h3>Grand compte</h3><p>Contactez-nous</p></div></div>`),
    ).toEqual(['Essentiel: 29 € / mois', 'Pro: 59 € / mois', 'Grand compte: Contactez-nous']);
  });
});

describe('a trial offered as free days, in the languages we read', () => {
  it('when a sentence offers a number of days free ("14 Tage gratis testen", "14 dni za darmo", "14日間無料") then it is the trial', () => {
    expect(trialSentence('Preise\n14 Tage gratis testen.')).toBe('14 Tage gratis testen.');
    expect(trialSentence('Prova gratis per 30 giorni.')).toBe('Prova gratis per 30 giorni.');
    expect(trialSentence('Wypróbuj przez 14 dni za darmo.')).toBe('Wypróbuj przez 14 dni za darmo.');
    expect(trialSentence('14日間無料でお試しいただけます。')).toBe('14日間無料でお試しいただけます。');
    expect(trialSentence('30 days money-back guarantee.\nFree shipping on 3 items.')).toBeNull();
  });
});

describe('a grid of plan cards named like a plan', () => {
  it('when the element named like a plan holds every card (a heading and a price, then the next) then each card is a plan', () => {
    expect(
      plansOf(`<div class="pricing-tiers"><div class="t"><h3>Basic</h3><p>USD 10 / month</p></div>
        <div class="t"><h3>Pro</h3><p>USD 25 / month</p></div></div>`),
    ).toEqual(['Basic: USD 10 / month', 'Pro: USD 25 / month']);
  });
});

describe('plans written as a document', () => {
  it('when each plan is a heading followed by its price before the next heading then each is a plan', () => {
    expect(
      plansOf(`<h1>Pricing</h1><h2>Starter</h2><p>$9 per month</p><ul><li>3 projects</li></ul>
        <h2>Team</h2><p>For small teams.</p><p>$29 per month</p><h2>Questions</h2><p>Ask us anything.</p>`),
    ).toEqual(['Starter: $9 per month', 'Team: $29 per month']);
  });
});
