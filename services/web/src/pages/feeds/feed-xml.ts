import { XMLBuilder } from 'fast-xml-parser';

/** One entry of a feed: its text is plain text, whatever characters it holds. */
export interface FeedEntry {
  readonly title: string;
  readonly summary: string;
  readonly link: string;
  readonly date: Date;
}

export interface FeedDocument {
  /** the page the feed follows, also the Atom feed's id */
  readonly link: string;
  readonly title: string;
  readonly description: string;
  /** this feed's own URL (RSS `atom:link rel=self`, Atom `link rel=self`) */
  readonly self: string;
  readonly entries: readonly FeedEntry[];
}

const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>\n';

/**
 * The builder escapes every text and attribute (`&`, `<`, `>`, quotes) instead of wrapping text in
 * CDATA, so no text (`]]>` included) can end an element or open one.
 */
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  processEntities: true,
  suppressEmptyNode: false,
  suppressBooleanAttributes: false,
});

/**
 * A carriage return (only prose holds one) is written as a character reference: a parser would
 * read a literal one back as a line feed. Markup has none, so every one in the document is text.
 */
const build = (document: object): string => XML_DECLARATION + builder.build(document).replaceAll('\r', '&#13;');

/**
 * Characters XML 1.0 cannot carry even escaped (C0 controls besides tab and line breaks, U+FFFE,
 * U+FFFF): the contracts' text patterns refuse them in input, and they are dropped here too, so
 * text that came another way (a crawled page) cannot make a feed unreadable.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching the control characters is the point
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** text as XML can carry it: lone surrogates become U+FFFD, characters XML refuses are dropped */
export const xmlText = (text: string): string => text.toWellFormed().replace(NOT_XML, '');

/** the newest entry's date: a feed changes when its entries do */
const updatedOf = (feed: FeedDocument): Date =>
  new Date(Math.max(0, ...feed.entries.map((entry) => entry.date.getTime())));

/** RSS 2.0: titles and descriptions as escaped text, never CDATA */
export const rssXml = (feed: FeedDocument): string =>
  build({
    rss: {
      '@_version': '2.0',
      '@_xmlns:atom': 'http://www.w3.org/2005/Atom',
      channel: {
        title: xmlText(feed.title),
        link: feed.link,
        description: xmlText(feed.description),
        language: 'en',
        lastBuildDate: updatedOf(feed).toUTCString(),
        'atom:link': { '@_href': feed.self, '@_rel': 'self', '@_type': 'application/rss+xml' },
        item: feed.entries.map((entry) => ({
          title: xmlText(entry.title),
          link: entry.link,
          guid: { '@_isPermaLink': 'true', '#text': entry.link },
          pubDate: entry.date.toUTCString(),
          description: xmlText(entry.summary),
        })),
      },
    },
  });

/** Atom 1.0: every title and summary is `type="text"`, so readers show it as written, not as HTML */
export const atomXml = (feed: FeedDocument): string =>
  build({
    feed: {
      '@_xmlns': 'http://www.w3.org/2005/Atom',
      id: feed.link,
      title: { '@_type': 'text', '#text': xmlText(feed.title) },
      subtitle: { '@_type': 'text', '#text': xmlText(feed.description) },
      updated: updatedOf(feed).toISOString(),
      link: [
        { '@_rel': 'alternate', '@_href': feed.link },
        { '@_rel': 'self', '@_href': feed.self, '@_type': 'application/atom+xml' },
      ],
      entry: feed.entries.map((entry) => ({
        title: { '@_type': 'text', '#text': xmlText(entry.title) },
        id: entry.link,
        link: { '@_rel': 'alternate', '@_href': entry.link },
        updated: entry.date.toISOString(),
        summary: { '@_type': 'text', '#text': xmlText(entry.summary) },
      })),
    },
  });
