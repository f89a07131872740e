import type { CheerioAPI } from 'cheerio';
import { lineOf } from './page-content.ts';
import { type SchemaNode, typesOf } from './structured-data.ts';

/** A person a site names, with the role and profile links it gives, and the quotes they came from. */
export interface PagePerson {
  readonly name: string;
  readonly nameQuote: string;
  readonly role: string | null;
  readonly roleQuote: string | null;
  /** profile links (absolute), each also its own quote */
  readonly links: readonly string[];
  /** named by a `founder` property of an organisation, or a role that says founder */
  readonly founder: boolean;
}

const clean = (s: unknown): string => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : '');
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v ? [v] : []);

/** A founder's role as team pages write it, in the languages we read. */
const FOUNDER_WORDS =
  'co-?founder|founder|gründer(?:in)?|mitgründer(?:in)?|mitbegründer(?:in)?|begründer(?:in)?|co-?gründer(?:in)?|fondat(?:eur|rice|ore)|co-?fondat(?:eur|rice|ore)|fundador(?:a)?|co-?fundador(?:a)?|grundare|medgrundare|oprichter|oprichtster|mede-?oprichter|grundlægger|medstifter|stifter|grunnlegger|medgrunnlegger|perustaja|współzałożyciel(?:ka)?|założyciel(?:ka)?|spoluzakladatel(?:ka)?|zakladatel(?:ka)?|kurucu(?:su)?|創業者|創設者|共同創業者|创始人|联合创始人|創辦人|창업자|설립자|공동\\s?창업자';
/** A role as team pages write them, in the languages we read. */
export const ROLE = new RegExp(
  `(?<![\\p{L}])(?:${FOUNDER_WORDS}|ceo|cto|coo|cfo|cpo|cmo|chief|head of|vp|vice president|director|lead|engineer|designer|developer|manager|geschäftsführer(?:in)?|directeur|directrice|direttore|directora?|diretor(?:a)?|toimitusjohtaja|vd|dyrektor|ředitel|genel müdür|代表|대표)(?![\\p{L}])`,
  'iu',
);
export const FOUNDER_ROLE = new RegExp(`(?<![\\p{L}])(?:${FOUNDER_WORDS})(?![\\p{L}])`, 'iu');
/** A role held at another company: "Founder of RivalApp", "CEO at Somewhere Else", "Gründer von X" */
export const ELSEWHERE =
  /(?<![\p{L}])(?:at|@|bei|chez|presso|bij|hos|på)\s+\p{Lu}|(?:[Ff]ounder|[Gg]ründer(?:in)?|[Ff]ondat\p{L}*|[Ff]undador\p{L}*)\s+(?:of|von|de|di|van|af)\s+\p{Lu}/u;
/** Two to four capitalised words: what a person's name looks like on a team card. */
const PERSON_NAME =
  /^\p{Lu}[\p{L}'’.-]+(?: (?:(?:van|von|de|da|del|der|den|la|le|di|dos|du|ter|ten) )?\p{Lu}[\p{L}'’.-]*){1,3}$|^[\p{Script=Han}\p{Script=Hangul}]{1,3}[ \u3000]?[\p{Script=Han}\p{Script=Hangul}]{1,3}$/u;
/** Headings that look like names but are section titles ("Meet The Founders", "Our Team"). */
const NOT_A_NAME =
  /\b(?:our|meet|the|team|about|us|story|people|company|founders?|leadership|board|investors?|careers?|contact)\b/i;

/** People of schema.org nodes: `founder` of an organisation (a founder), and Person nodes with a job title. */
export const structuredPeople = (nodes: readonly SchemaNode[]): PagePerson[] => {
  const people: PagePerson[] = [];
  const add = (person: SchemaNode, founder: boolean) => {
    const name = clean(person.name);
    if (!name || name.length > 160 || people.some((p) => p.name === name)) return;
    const role = clean(person.jobTitle) || null;
    people.push({
      name,
      nameQuote: name,
      role: role && role.length <= 160 ? role : null,
      roleQuote: role && role.length <= 160 ? role : null,
      links: list(person.sameAs)
        .map((l) => clean(l))
        .filter((l) => /^https?:\/\//.test(l)),
      founder: founder || FOUNDER_ROLE.test(role ?? ''),
    });
  };
  for (const node of nodes) {
    // a founder as a Person node, or by name alone (`"founder": "Anna Berg"`)
    for (const f of list(node.founder))
      if (f && typeof f === 'object') add(f as SchemaNode, true);
      else if (typeof f === 'string') add({ name: f }, true);
    if (typesOf(node).includes('Person') && node.jobTitle) add(node, false);
  }
  return people;
};

/**
 * People on a team or about page: a heading (or bold line) that looks like a name, followed by a
 * line that reads like a role; their links are the ones inside the same card.
 */
export const htmlPeople = ($: CheerioAPI, pageUrl: string): PagePerson[] => {
  const people: PagePerson[] = [];
  $('h2, h3, h4, h5, h6, strong, b, dt, figcaption, [class*="name"]').each((_, el) => {
    const heading = $(el);
    const name = lineOf(el).replace(/^(?:Dr|Prof)\.?\s+/, '');
    if (!PERSON_NAME.test(name) || NOT_A_NAME.test(name) || ROLE.test(name) || name.length > 60) return;
    if (people.some((p) => p.name === name)) return;
    // the role right after the name, or right before it ("CEO & Co-founder" over "Anna Berg")
    const roleOf = (el: unknown) => {
      const text = lineOf(el);
      return text &&
        text.length <= 80 &&
        ROLE.test(text) &&
        (!PERSON_NAME.test(text) || /[\p{Script=Han}\p{Script=Hangul}]/u.test(text))
        ? text
        : '';
    };
    const role =
      roleOf(heading.nextAll().first().get(0)) ||
      roleOf(heading.prevAll().first().get(0)) ||
      // else the one line of the card that reads like a role (a link or a photo may stand between)
      (heading
        .parent()
        .children()
        .toArray()
        .map(roleOf)
        .filter((r) => r.length > 0).length === 1
        ? heading
            .parent()
            .children()
            .toArray()
            .map(roleOf)
            .find((r) => r.length > 0)
        : '') ||
      '';
    // a role at another company ("Founder of RivalApp", "CEO at Somewhere") is a guest's, not ours
    if (!role || ELSEWHERE.test(role)) return;
    const card = heading.parent();
    const links = card
      .find('a[href]')
      .toArray()
      .map((a) => {
        try {
          return new URL($(a).attr('href') ?? '', pageUrl).href;
        } catch {
          return '';
        }
      })
      .filter((l) => /^https?:\/\//.test(l) && new URL(l).host !== new URL(pageUrl).host);
    people.push({ name, nameQuote: name, role, roleQuote: role, links, founder: FOUNDER_ROLE.test(role) });
  });
  // then a name in any plain element (a paragraph, a span, a table cell) right beside a line whose
  // role says founder: "<p>Anna Berg</p><p>Co-founder</p>", "<td>Anna Berg</td><td>Founder & CEO</td>"
  $('p, span, div, td, li, a').each((_, el) => {
    const item = $(el);
    if (item.children().length > 0) return;
    const name = lineOf(el).replace(/^(?:Dr|Prof)\.?\s+/, '');
    if (!PERSON_NAME.test(name) || NOT_A_NAME.test(name) || ROLE.test(name) || name.length > 60) return;
    if (people.some((p) => p.name === name)) return;
    const founderRole = (other: unknown) => {
      const text = lineOf(other);
      return text && text.length <= 80 && FOUNDER_ROLE.test(text) && !ELSEWHERE.test(text) && !text.includes(name)
        ? text
        : '';
    };
    const role = founderRole(item.next().get(0)) || founderRole(item.prev().get(0));
    if (!role) return;
    people.push({ name, nameQuote: name, role, roleQuote: role, links: [], founder: true });
  });
  // and a heading that holds the name and, in an element of its own, a founder role:
  // "<h3>Anna Berg <small>Co-founder</small></h3>"
  $('h2, h3, h4, h5, h6, strong, b, p, li').each((_, el) => {
    const item = $(el);
    const inner = item.children();
    if (inner.length !== 1) return;
    const role = lineOf(inner.get(0));
    if (!role || role.length > 80 || !FOUNDER_ROLE.test(role) || ELSEWHERE.test(role)) return;
    const name = item
      .contents()
      .toArray()
      .filter((node) => node.type === 'text')
      .map((node) => $(node).text())
      .join(' ')
      .replace(/\s+/g, ' ')
      .replace(/[\s,–—|-]+$/, '')
      .trim()
      .replace(/^(?:Dr|Prof)\.?\s+/, '');
    if (!PERSON_NAME.test(name) || NOT_A_NAME.test(name) || ROLE.test(name) || people.some((p) => p.name === name))
      return;
    people.push({ name, nameQuote: name, role, roleQuote: role, links: [], founder: true });
  });
  return people;
};

/**
 * People written as a name on one line and a founder role on the next, however the page breaks
 * them ("<strong>Anna Berg</strong><br>Co-founder &amp; CEO", two paragraphs, two divs): the
 * page's visible lines, in order.
 */
export const linePeople = (lines: readonly string[]): PagePerson[] => {
  const people: PagePerson[] = [];
  lines.forEach((line, i) => {
    const name = line.trim().replace(/^(?:Dr|Prof)\.?\s+/, '');
    const role = (lines[i + 1] ?? '').trim();
    if (!PERSON_NAME.test(name) || NOT_A_NAME.test(name) || ROLE.test(name) || name.length > 60) return;
    if (!role || role.length > 80 || !FOUNDER_ROLE.test(role) || ELSEWHERE.test(role) || role.includes(name)) return;
    if (!people.some((p) => p.name === name))
      people.push({ name, nameQuote: name, role, roleQuote: role, links: [], founder: true });
  });
  return people;
};
