import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { textOf } from './page-content.ts';
import { htmlPeople, linePeople } from './people.ts';

const foundersOn = (body: string) =>
  htmlPeople(cheerio.load(`<html><body>${body}</body></html>`), 'https://acme.test/team')
    .filter((p) => p.founder)
    .map((p) => `${p.name} / ${p.role}`);

describe('founders on team cards', () => {
  it('when a card gives a founder role written with a hyphen or in another language then the person is a founder', () => {
    expect(
      foundersOn(`<div><h3>Claire Martin</h3><p>Co-fondatrice &amp; CEO</p></div>
        <div><h3>Pieter de Vries</h3><p>Mede-oprichter</p></div>
        <div><h3>Jonas Weber</h3><p>Mitbegründer und CTO</p></div>
        <div><h3>Eva Holm</h3><p>Designer</p></div>`),
    ).toEqual([
      'Claire Martin / Co-fondatrice & CEO',
      'Pieter de Vries / Mede-oprichter',
      'Jonas Weber / Mitbegründer und CTO',
    ]);
  });

  it('when a card names a person in Han or Hangul script, or after an honorific, then the name is read', () => {
    expect(
      foundersOn(`<div><h3>山田 太郎</h3><p>創業者・代表取締役</p></div>
        <div><h3>김민준</h3><p>공동 창업자</p></div>
        <div><h3>Dr. Anna Berg</h3><p>Founder</p></div>`),
    ).toEqual(['山田 太郎 / 創業者・代表取締役', '김민준 / 공동 창업자', 'Anna Berg / Founder']);
  });
});

describe('founders named in plain elements', () => {
  it('when a name stands in a paragraph or a table cell beside a founder role then it is a founder; beside another role, not', () => {
    expect(
      foundersOn(`<div class="member"><img src="a.jpg" alt=""><p>Anna Berg</p><p>Co-founder &amp; CEO</p></div>
        <table><tr><td>Omar Haddad</td><td>Founder</td></tr><tr><td>Eva Holm</td><td>Designer</td></tr></table>
        <div><span>Karl Weber</span><span>Founder of RivalApp</span></div>`),
    ).toEqual(['Anna Berg / Co-founder & CEO', 'Omar Haddad / Founder']);
  });
});

describe('a founder role inside the name heading', () => {
  it('when a heading holds the name and the founder role in an element of its own then the name is read without the role', () => {
    expect(foundersOn('<div><h3>Anna Berg <small>Co-founder</small></h3><p>Anna writes code.</p></div>')).toEqual([
      'Anna Berg / Co-founder',
    ]);
  });
});

describe('people written as a name line over a founder role line', () => {
  it('when a name and a founder role are broken onto two lines (a <br>, two paragraphs) then the person is a founder; a guest of another company is not', () => {
    const $ = cheerio.load(
      '<html><body><p><strong>Anna Berg</strong><br>Co-founder &amp; CEO</p><p><strong>Omar Haddad</strong><br>Founder of RivalApp</p></body></html>',
    );
    const people = linePeople(textOf($('body').get(0)).split('\n'));
    expect(people.map((p) => [p.name, p.role])).toEqual([['Anna Berg', 'Co-founder & CEO']]);
  });
});
