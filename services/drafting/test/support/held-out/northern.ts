import { doc, ld } from './chrome.ts';
import type { HeldOutSite } from './types.ts';

/** Sites from the Nordics, the Netherlands and Poland, most in their own language. */

const kvitto: HeldOutSite = {
  id: 'nextjs/sv/kvitto',
  variant: 'nextjs',
  robots: 'User-agent: *\nDisallow: /internt/\n',
  pages: {
    '/': doc(
      'sv',
      `<title>Kvitto – Utlägg utan papperskaos</title>
<meta name="description" content="Fota kvittot, Kvitto läser av beloppet och momsen och skickar utlägget till Fortnox eller Visma samma dag."/>
<meta property="og:title" content="Kvitto – Utlägg utan papperskaos"/>
<meta property="og:description" content="Fota kvittot, Kvitto läser av beloppet och momsen och skickar utlägget till Fortnox eller Visma samma dag."/>
<meta property="og:locale" content="sv_SE"/>
${ld({
  '@context': 'https://schema.org',
  '@graph': [
    {
      '@type': 'Organization',
      '@id': '{{origin}}/#org',
      name: 'Kvitto AB',
      legalName: 'Kvitto AB',
      foundingDate: '2019',
      logo: '{{origin}}/_next/static/media/kvitto-logo.8f2a1c.svg',
      address: { '@type': 'PostalAddress', addressLocality: 'Stockholm', addressCountry: 'SE' },
    },
    {
      '@type': 'SoftwareApplication',
      name: 'Kvitto',
      publisher: { '@id': '{{origin}}/#org' },
      applicationCategory: 'FinanceApplication',
      operatingSystem: 'iOS, Android, Web',
    },
  ],
})}`,
      `<div id="__next"><header class="styles_header__Qx1zP"><a href="/" class="styles_logo__a8Kq2"><img alt="Kvitto" src="/_next/static/media/kvitto-logo.8f2a1c.svg" width="96" height="28" decoding="async" data-nimg="1" style="color:transparent"/></a><nav><a href="/priser">Priser</a><a href="/om-oss">Om oss</a></nav></header>
<main><section class="styles_hero__Ye3sD"><h1>Utlägg utan papperskaos</h1><p>Fota kvittot. Kvitto läser av belopp och moms och skickar utlägget till bokföringen samma dag.</p></section>
<section class="styles_quote__L0p9a"><blockquote>”Vi sparar en halv dag i månaden på bokslutet.”</blockquote><p>Linnea Sjöberg, ekonomichef på Nordvind Bygg AB</p></section></main>
<footer class="styles_footer__mB2x7"><p>Kvitto AB · Sveavägen 44 · 111 34 Stockholm · Sverige</p><p><a href="mailto:hej@kvitto.test">hej@kvitto.test</a></p><p><a href="https://www.linkedin.com/company/kvitto-ab" aria-label="Kvitto på LinkedIn"><svg width="20" height="20" aria-hidden="true"><use href="#li"></use></svg></a><a href="https://www.instagram.com/kvitto.app" aria-label="Kvitto på Instagram"><svg width="20" height="20" aria-hidden="true"><use href="#ig"></use></svg></a></p></footer></div>`,
    ),
    '/priser': doc(
      'sv',
      '<title>Priser – Kvitto</title>',
      `<div id="__next"><main><h1>Priser</h1><table class="styles_table__p9Q2k"><thead><tr><th>Plan</th><th>Pris</th><th>Användare</th></tr></thead><tbody><tr><td>Enskild</td><td>0 kr</td><td>1</td></tr><tr><td>Team</td><td>99 kr/mån per användare</td><td>2–50</td></tr><tr><td>Företag</td><td>Offert</td><td>50+</td></tr></tbody></table><p>Alla priser exkl. moms. Prova Team gratis i 30 dagar.</p><a href="/">Hem</a></main></div>`,
    ),
    '/om-oss': doc(
      'sv',
      '<title>Om oss – Kvitto</title>',
      `<div id="__next"><main><h1>Om oss</h1><p>Kvitto grundades 2019 av Elin Nyström och Amir Khalil, som båda hade tröttnat på att jaga kvitton i slutet av månaden. I dag är vi femton personer på Sveavägen.</p><a href="/">Hem</a></main></div>`,
    ),
    '/internt/': doc(
      'sv',
      '<title>Internt</title>',
      '<p>Förvärvsdialog med Bokio (kodnamn GRANSKOG), pris ej spikat.</p>',
    ),
  },
  expected: {
    name: 'Kvitto',
    tagline: 'Utlägg utan papperskaos',
    short_description:
      'Fota kvittot, Kvitto läser av beloppet och momsen och skickar utlägget till Fortnox eller Visma samma dag.',
    contact_email: 'hej@kvitto.test',
    logo_url: '{{origin}}/_next/static/media/kvitto-logo.8f2a1c.svg',
    pricing: ['Enskild: 0 kr', 'Team: 99 kr per user per month', 'Företag: Offert', 'Prova Team gratis i 30 dagar.'],
    founders: [{ name: 'Elin Nyström' }, { name: 'Amir Khalil' }],
    company_socials: {
      linkedin: 'https://www.linkedin.com/company/kvitto-ab',
      instagram: 'https://www.instagram.com/kvitto.app',
    },
    founded_year: '2019',
    country: 'SE',
    city: 'Stockholm',
  },
  forbidden: ['GRANSKOG', 'Förvärvsdialog'],
};

const lunda: HeldOutSite = {
  id: 'webflow/lunda-ab',
  variant: 'webflow',
  robots: 'User-agent: *\nDisallow: /internal/\n',
  pages: {
    '/': doc(
      'en',
      `<title>Lunda AB</title>
<meta content="Lunda books rooms, desks and parking in your office from Slack, and frees them when nobody shows up." name="description">
<meta content="Lunda — Desk booking that lives in Slack" property="og:title">
<meta content="Lunda books rooms, desks and parking in your office from Slack, and frees them when nobody shows up." property="og:description">
${ld({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Lunda AB', url: '{{origin}}', logo: '{{origin}}/images/lunda-logo.png', foundingDate: '2021', address: { '@type': 'PostalAddress', addressLocality: 'Gothenburg', addressCountry: 'SE' }, email: 'hello@lunda.test' })}`,
      `<div class="navbar w-nav"><a href="/" class="brand w-nav-brand"><img src="images/lunda-logo.png" alt="Lunda" class="logo"></a><nav class="w-nav-menu"><a href="/pricing" class="w-nav-link">Pricing</a><a href="/company" class="w-nav-link">Company</a></nav></div>
<div class="hero"><div class="hero-content"><div class="eyebrow">Lunda for Slack</div><h1 class="hero-heading">Desk booking that lives in Slack</h1><p class="hero-paragraph">Type /lunda and get a desk, a room or a parking spot. Bookings nobody checks into are freed at 10:00.</p></div></div>
<div class="footer"><div>Lunda AB · Gothenburg, Sweden · hello@lunda.test</div><a href="https://www.linkedin.com/company/lunda-ab" class="footer-icon w-inline-block" aria-label="LinkedIn"><img src="images/li.svg" alt=""></a></div>`,
    ),
    '/pricing': doc(
      'en',
      '<title>Pricing · Lunda</title>',
      `<div class="section"><a href="/">Lunda</a><h2>Pricing</h2><div class="pricing-wrapper"><div class="pricing-card"><div class="plan">Team</div><div class="price">€2</div><div>per desk / month</div></div><div class="pricing-card"><div class="plan">Office</div><div class="price">€4</div><div>per desk / month, with rooms and parking</div></div></div><p>Free for up to 10 desks.</p></div>`,
    ),
    '/company': doc(
      'en',
      '<title>Company · Lunda</title>',
      `<div class="section"><a href="/">Lunda</a><h2>Company</h2><p>Lunda AB was founded in 2021 by Johanna Lind and Erik Svensson, after their own office went hybrid and nobody could find a desk.</p><div class="team-grid"><div class="team-member"><h3>Johanna Lind</h3><p>CEO &amp; co-founder</p></div><div class="team-member"><h3>Erik Svensson</h3><p>CTO &amp; co-founder</p></div><div class="team-member"><h3>Noor Al-Sayed</h3><p>Product designer</p></div></div></div>`,
    ),
    '/internal/board': doc(
      'en',
      '<title>Board</title>',
      '<p>Board minutes: runway 14 months; bridge round from Almi (code VALLGRAV).</p>',
    ),
  },
  expected: {
    name: 'Lunda',
    tagline: 'Desk booking that lives in Slack',
    short_description:
      'Lunda books rooms, desks and parking in your office from Slack, and frees them when nobody shows up.',
    contact_email: 'hello@lunda.test',
    logo_url: '{{origin}}/images/lunda-logo.png',
    pricing: ['Team: €2 per desk per month', 'Office: €4 per desk per month'],
    founders: [
      { name: 'Johanna Lind', title: 'CEO & co-founder' },
      { name: 'Erik Svensson', title: 'CTO & co-founder' },
    ],
    company_socials: { linkedin: 'https://www.linkedin.com/company/lunda-ab' },
    founded_year: '2021',
    country: 'SE',
    city: 'Gothenburg',
  },
  forbidden: ['VALLGRAV', 'runway 14 months'],
};

const fietsplan: HeldOutSite = {
  id: 'hugo/nl/fietsplan',
  variant: 'hugo',
  robots: 'User-agent: *\nDisallow: /concept/\n',
  pages: {
    '/': doc(
      'nl',
      `<meta name="generator" content="Hugo 0.125.4">
<title>Fietsplan | Leasefietsen regelen voor je team</title>
<meta name="description" content="Fietsplan regelt leasefietsen voor werkgevers: aanvraag, bijtelling, onderhoud en verzekering in één portaal.">
<meta property="og:title" content="Fietsplan">
<meta property="og:description" content="Fietsplan regelt leasefietsen voor werkgevers: aanvraag, bijtelling, onderhoud en verzekering in één portaal.">
<link rel="stylesheet" href="/css/main.min.3f2a1c.css" integrity="sha256-abc">`,
      `<header class="site-header"><div class="container"><a class="site-title" href="/"><img src="/images/fietsplan-logo.svg" alt="Fietsplan logo" class="site-logo"></a><nav class="site-nav"><ul><li><a href="/prijzen/">Prijzen</a></li><li><a href="/over-ons/">Over ons</a></li></ul></nav></div></header>
<main class="container"><section class="hero"><h1>Leasefietsen regelen voor je team</h1><p class="lead">Aanvraag, bijtelling, onderhoud en verzekering in één portaal. Jij kiest het budget, je collega kiest de fiets.</p></section></main>
<footer class="site-footer"><div class="container"><p>Fietsplan B.V. &middot; Oudegracht 200 &middot; Utrecht &middot; Nederland</p><p>Mail ons op <a href="mailto:info@fietsplan.test">info@fietsplan.test</a></p><ul class="social"><li><a href="https://www.linkedin.com/company/fietsplan/" title="LinkedIn"><i class="icon-linkedin"></i></a></li><li><a href="https://www.instagram.com/fietsplan.nl/" title="Instagram"><i class="icon-instagram"></i></a></li></ul></div></footer>`,
    ),
    '/prijzen/': doc(
      'nl',
      '<meta name="generator" content="Hugo 0.125.4"><title>Prijzen | Fietsplan</title>',
      `<main class="container"><h1>Prijzen</h1><div class="content"><table><thead><tr><th>Pakket</th><th>Prijs</th></tr></thead><tbody><tr><td>Basis</td><td>€ 4 per medewerker per maand</td></tr><tr><td>Compleet</td><td>€ 7 per medewerker per maand</td></tr></tbody></table><p>Alle prijzen excl. btw. Geen opstartkosten.</p></div><a href="/">Home</a></main>`,
    ),
    '/over-ons/': doc(
      'nl',
      '<meta name="generator" content="Hugo 0.125.4"><title>Over ons | Fietsplan</title>',
      `<main class="container"><h1>Over ons</h1><div class="content"><p>Fietsplan is in 2018 opgericht door Sanne de Vries en Daan Bakker. Sanne werkte bij een leasemaatschappij voor auto's en vroeg zich af waarom het voor fietsen zo ingewikkeld moest.</p><p>Ons kantoor zit aan de Oudegracht in Utrecht.</p></div></main>`,
    ),
    '/concept/prijzen-2026/': doc(
      'nl',
      '<title>Concept</title>',
      '<p>Concept: Basis naar € 5 per medewerker (intern, code DOMTOREN).</p>',
    ),
  },
  expected: {
    name: 'Fietsplan',
    tagline: 'Leasefietsen regelen voor je team',
    short_description:
      'Fietsplan regelt leasefietsen voor werkgevers: aanvraag, bijtelling, onderhoud en verzekering in één portaal.',
    contact_email: 'info@fietsplan.test',
    logo_url: '{{origin}}/images/fietsplan-logo.svg',
    pricing: ['Basis: € 4 per user per month', 'Compleet: € 7 per user per month'],
    founders: [{ name: 'Sanne de Vries' }, { name: 'Daan Bakker' }],
    company_socials: {
      linkedin: 'https://www.linkedin.com/company/fietsplan/',
      instagram: 'https://www.instagram.com/fietsplan.nl/',
    },
    founded_year: '2018',
    country: 'NL',
    city: 'Utrecht',
  },
  forbidden: ['DOMTOREN'],
};

const saunio: HeldOutSite = {
  id: 'wordpress/fi/saunio',
  variant: 'wordpress',
  robots: 'User-agent: *\nDisallow: /wp-admin/\n',
  pages: {
    '/': doc(
      'fi',
      `<title>Saunio &#8211; Taloyhtiön saunavuorot puhelimella</title>
<meta name="description" content="Saunio hoitaa taloyhtiön sauna- ja pesutupavuorot: asukas varaa puhelimella, isännöitsijä näkee laskutuksen valmiina." />
<meta property="og:site_name" content="Saunio" />
<meta property="og:title" content="Saunio &#8211; Taloyhtiön saunavuorot puhelimella" />
<link rel="icon" href="{{origin}}/wp-content/uploads/2020/09/saunio-ikoni-32x32.png" sizes="32x32" />
<link rel="apple-touch-icon" href="{{origin}}/wp-content/uploads/2020/09/saunio-ikoni-180x180.png" />`,
      `<div class="wp-site-blocks"><header class="wp-block-template-part"><div class="wp-block-group is-layout-flex"><div class="wp-block-site-logo"><a href="{{origin}}/" class="custom-logo-link" rel="home"><img width="120" height="40" src="{{origin}}/wp-content/uploads/2020/09/saunio-logo.png" class="custom-logo" alt="Saunio" decoding="async" /></a></div><nav class="wp-block-navigation"><ul class="wp-block-navigation__container"><li class="wp-block-navigation-item"><a class="wp-block-navigation-item__content" href="{{origin}}/hinnasto/"><span class="wp-block-navigation-item__label">Hinnasto</span></a></li><li class="wp-block-navigation-item"><a class="wp-block-navigation-item__content" href="{{origin}}/meista/"><span class="wp-block-navigation-item__label">Meistä</span></a></li></ul></nav></div></header>
<main class="wp-block-group"><div class="entry-content wp-block-post-content"><h1 class="wp-block-heading">Taloyhtiön saunavuorot puhelimella</h1><p>Saunio hoitaa taloyhtiön sauna- ja pesutupavuorot: asukas varaa puhelimella, isännöitsijä näkee laskutuksen valmiina.</p></div></main>
<footer class="wp-block-template-part"><p>Saunio Oy, Tampere, Suomi · <a href="mailto:moi@saunio.test">moi@saunio.test</a></p><ul class="wp-block-social-links"><li class="wp-social-link wp-social-link-facebook wp-block-social-link"><a href="https://www.facebook.com/saunio.fi" class="wp-block-social-link-anchor"><svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2C6.5 2 2 6.5 2 12"></path></svg><span class="wp-block-social-link-label screen-reader-text">Facebook</span></a></li></ul></footer></div>`,
    ),
    '/hinnasto/': doc(
      'fi',
      '<title>Hinnasto &#8211; Saunio</title>',
      `<main class="wp-block-group"><h1 class="wp-block-heading">Hinnasto</h1><div class="wp-block-columns"><div class="wp-block-column"><h3>Pieni taloyhtiö</h3><p class="has-large-font-size">29 €/kk</p><p>alle 30 asuntoa</p></div><div class="wp-block-column"><h3>Iso taloyhtiö</h3><p class="has-large-font-size">59 €/kk</p><p>30–120 asuntoa</p></div></div><p>Hinnat sisältävät arvonlisäveron. Ensimmäinen kuukausi on ilmainen.</p><a href="{{origin}}/">Etusivu</a></main>`,
    ),
    '/meista/': doc(
      'fi',
      '<title>Meistä &#8211; Saunio</title>',
      `<main class="wp-block-group"><h1 class="wp-block-heading">Meistä</h1><p>Saunion perustivat vuonna 2020 tamperelaiset Aino Korhonen ja Ville Mäkinen, kun heidän taloyhtiönsä saunavuorolista katosi ilmoitustaululta kolmannen kerran.</p><p>Aino Korhonen, toimitusjohtaja ja perustaja</p><p>Ville Mäkinen, teknologiajohtaja ja perustaja</p><a href="{{origin}}/">Etusivu</a></main>`,
    ),
  },
  expected: {
    name: 'Saunio',
    tagline: 'Taloyhtiön saunavuorot puhelimella',
    short_description:
      'Saunio hoitaa taloyhtiön sauna- ja pesutupavuorot: asukas varaa puhelimella, isännöitsijä näkee laskutuksen valmiina.',
    contact_email: 'moi@saunio.test',
    logo_url: '{{origin}}/wp-content/uploads/2020/09/saunio-logo.png',
    pricing: ['Pieni taloyhtiö: 29 € per month', 'Iso taloyhtiö: 59 € per month', 'Ensimmäinen kuukausi on ilmainen.'],
    founders: [
      { name: 'Aino Korhonen', title: 'toimitusjohtaja ja perustaja' },
      { name: 'Ville Mäkinen', title: 'teknologiajohtaja ja perustaja' },
    ],
    company_socials: { facebook: 'https://www.facebook.com/saunio.fi' },
    founded_year: '2020',
    country: 'FI',
    city: 'Tampere',
  },
  forbidden: [],
};

const hyggeplan: HeldOutSite = {
  id: 'squarespace/da/madkassen',
  variant: 'squarespace',
  robots: 'User-agent: *\nDisallow: /config\nDisallow: /intern/\n',
  pages: {
    '/': doc(
      'da',
      `<title>Madplanen — Ugens aftensmad på fem minutter</title>
<meta property="og:site_name" content="Madplanen"/>
<meta property="og:title" content="Madplanen — Ugens aftensmad på fem minutter"/>
<meta property="og:description" content="Madplanen lægger ugens madplan ud fra tilbudsaviserne og laver indkøbslisten til dig."/>
<meta name="description" content="Madplanen lægger ugens madplan ud fra tilbudsaviserne og laver indkøbslisten til dig." />
${ld({ url: '{{origin}}', name: 'Madplanen', '@context': 'http://schema.org', '@type': 'WebSite' })}`,
      `<div id="siteWrapper"><header id="header"><div class="header-title"><div class="header-title-text"><a href="/" id="site-title">Madplanen</a></div></div><nav class="header-nav-list"><div class="header-nav-item"><a href="/priser">Priser</a></div><div class="header-nav-item"><a href="/om-os">Om os</a></div></nav></header>
<main id="page"><section class="page-section"><div class="sqs-html-content"><h1>Ugens aftensmad på fem minutter</h1><p>Vi lægger madplanen ud fra ugens tilbud, og indkøbslisten er klar, før du når Netto.</p></div></section></main>
<footer><div class="sqs-html-content"><p>Madplanen ApS · København · Danmark</p><p>Skriv til os: <a href="mailto:hej@madplanen.test">hej@madplanen.test</a></p></div></footer></div>`,
    ),
    '/priser': doc(
      'da',
      '<title>Priser — Madplanen</title>',
      `<div id="siteWrapper"><header><a href="/">Madplanen</a></header><main><div class="sqs-html-content"><h2>Priser</h2><p><strong>Madplanen Plus</strong> koster 39 kr. om måneden eller 349 kr. om året.</p><p>De første 14 dage er gratis.</p></div></main></div>`,
    ),
    '/om-os': doc(
      'da',
      '<title>Om os — Madplanen</title>',
      `<div id="siteWrapper"><header><a href="/">Madplanen</a></header><main><div class="sqs-html-content"><h2>Om os</h2><p>Madplanen blev stiftet i 2021 af Mette Kjær og Rasmus Holm, to forældre fra Valby, der var trætte af at stå i Netto kl. 17 uden en plan.</p><p>Mette Kjær – medstifter og direktør<br>Rasmus Holm – medstifter og udvikler<br>Freja Lund – kok og opskriftsansvarlig</p></div></main></div>`,
    ),
    '/intern/tal': doc(
      'da',
      '<title>Intern</title>',
      '<p>Abonnenter: 4.120. Partnerskab med Salling (kodenavn RUGBRØD).</p>',
    ),
  },
  expected: {
    name: 'Madplanen',
    tagline: 'Ugens aftensmad på fem minutter',
    short_description: 'Madplanen lægger ugens madplan ud fra tilbudsaviserne og laver indkøbslisten til dig.',
    contact_email: 'hej@madplanen.test',
    pricing: ['Madplanen Plus: 39 kr. per month', 'Madplanen Plus: 349 kr. per year', 'De første 14 dage er gratis.'],
    founders: [
      { name: 'Mette Kjær', title: 'medstifter og direktør' },
      { name: 'Rasmus Holm', title: 'medstifter og udvikler' },
    ],
    founded_year: '2021',
    country: 'DK',
    city: 'København',
  },
  forbidden: ['RUGBRØD', 'Abonnenter: 4.120'],
};

const fjellvakt: HeldOutSite = {
  id: 'framer/nb/fjellvakt',
  variant: 'framer',
  robots: 'User-agent: *\nAllow: /\n',
  pages: {
    '/': doc(
      'nb',
      `<title>Fjellvakt</title>
<meta name="description" content="Fjellvakt sender turplanen din til de du velger, og varsler dem hvis du ikke har sjekket inn når du skulle vært nede.">
<meta property="og:title" content="Fjellvakt – Trygg på tur, alene eller sammen">
<meta property="og:description" content="Fjellvakt sender turplanen din til de du velger, og varsler dem hvis du ikke har sjekket inn når du skulle vært nede.">
<meta name="generator" content="Framer 4e7b2a0">
<link rel="apple-touch-icon" href="/fjellvakt-ikon.png">`,
      `<div id="main"><div class="framer-Qn1p8" data-framer-name="Desktop">
<nav data-framer-name="Nav"><a href="./" data-framer-name="Logo"><p class="framer-text">Fjellvakt</p></a><a href="./priser" class="framer-text">Priser</a></nav>
<section data-framer-name="Hero"><h1 class="framer-text">Trygg på tur, <em class="framer-text">alene</em> eller sammen</h1><p class="framer-text">Del turplanen med dem du stoler på. Kommer du ikke ned i tide, får de beskjed – med siste posisjon.</p></section>
<section data-framer-name="About"><p class="framer-text">Fjellvakt ble startet i 2022 av fjellfører Ingrid Solberg og utvikler Ola Haugen, etter en lang natt på Hardangervidda. Vi holder til i Bergen.</p></section>
<footer data-framer-name="Footer"><p class="framer-text">Fjellvakt AS · Bergen, Norge · <a href="mailto:post@fjellvakt.test" class="framer-text">post@fjellvakt.test</a></p><a href="https://www.instagram.com/fjellvakt/" aria-label="Instagram"><div data-framer-component-type="SVG"></div></a><a href="https://www.facebook.com/fjellvakt" aria-label="Facebook"><div data-framer-component-type="SVG"></div></a></footer>
</div></div>`,
    ),
    '/priser': doc(
      'nb',
      '<title>Priser – Fjellvakt</title>',
      `<div id="main"><div data-framer-name="Desktop"><nav><a href="./">Fjellvakt</a></nav><section data-framer-name="Pricing"><div data-framer-name="Card"><h3 class="framer-text">Gratis</h3><p class="framer-text">0 kr</p><p class="framer-text">Én turkontakt</p></div><div data-framer-name="Card"><h3 class="framer-text">Fjellvakt+</h3><p class="framer-text">49 kr/mnd</p><p class="framer-text">Ubegrenset med kontakter, satellittvarsling</p></div></section></div></div>`,
    ),
  },
  expected: {
    name: 'Fjellvakt',
    tagline: 'Trygg på tur, alene eller sammen',
    short_description:
      'Fjellvakt sender turplanen din til de du velger, og varsler dem hvis du ikke har sjekket inn når du skulle vært nede.',
    contact_email: 'post@fjellvakt.test',
    logo_url: '{{origin}}/fjellvakt-ikon.png',
    pricing: ['Gratis: 0 kr', 'Fjellvakt+: 49 kr per month'],
    founders: [{ name: 'Ingrid Solberg' }, { name: 'Ola Haugen' }],
    company_socials: {
      instagram: 'https://www.instagram.com/fjellvakt/',
      facebook: 'https://www.facebook.com/fjellvakt',
    },
    founded_year: '2022',
    country: 'NO',
    city: 'Bergen',
  },
  forbidden: [],
};

const rachunek: HeldOutSite = {
  id: 'handwritten/pl/rachmistrz',
  variant: 'handwritten',
  robots: 'User-agent: *\nDisallow: /panel/\n',
  pages: {
    '/': doc(
      'pl',
      `<title>Rachmistrz — Księgowość dla jednoosobowych firm</title>
<meta name="description" content="Rachmistrz wystawia faktury w KSeF, liczy podatek i ZUS i przypomina o terminach, żebyś nie musiał.">
<meta property="og:title" content="Rachmistrz — Księgowość dla jednoosobowych firm">
<meta property="og:site_name" content="Rachmistrz">
<meta property="og:description" content="Rachmistrz wystawia faktury w KSeF, liczy podatek i ZUS i przypomina o terminach, żebyś nie musiał.">
${ld({ '@context': 'https://schema.org', '@type': 'SoftwareApplication', name: 'Rachmistrz', applicationCategory: 'FinanceApplication', offers: { '@type': 'Offer', price: '49', priceCurrency: 'PLN' }, author: { '@type': 'Organization', name: 'Liczydło sp. z o.o.' } })}`,
      `<div class="strona"><div class="naglowek"><a href="/" class="logo"><img src="/grafika/rachmistrz.svg" alt="Rachmistrz — logo"></a> <a href="/cennik">Cennik</a> <a href="/o-nas">O nas</a> <a href="/panel/">Zaloguj</a></div>
<div class="glowna"><h1>Księgowość dla jednoosobowych firm</h1><p>Faktury w KSeF, podatek i ZUS policzone, terminy przypomniane.</p></div>
<div class="stopka">Liczydło sp. z o.o. · ul. Floriańska 15 · 31-019 Kraków · Polska<br>Napisz: kontakt&#64;rachmistrz&#46;test · <a href="https://www.facebook.com/rachmistrz.app"><img src="/grafika/fb.png" alt="Facebook"></a> <a href="https://www.youtube.com/@rachmistrz"><img src="/grafika/yt.png" alt="YouTube"></a></div></div>`,
    ),
    '/cennik': doc(
      'pl',
      '<title>Cennik — Rachmistrz</title>',
      `<div class="strona"><h1>Cennik</h1><p>Jeden plan, wszystko w cenie: <b>49 zł</b> miesięcznie netto (<b>490 zł</b> rocznie).</p><p>Pierwsze 30 dni za darmo.</p><a href="/">Strona główna</a></div>`,
    ),
    '/o-nas': doc(
      'pl',
      '<title>O nas — Rachmistrz</title>',
      `<div class="strona"><h1>O nas</h1><p>Rachmistrza założyli w 2019 roku Katarzyna Wójcik i Tomasz Zieliński — księgowa i programista z Krakowa.</p><p>Konkurencja? inFakturka kosztuje 69 zł miesięcznie, a KsięgaPlus 59 zł. Sprawdź, czy naprawdę potrzebujesz więcej.</p><a href="/">Strona główna</a></div>`,
    ),
    '/panel/': doc('pl', '<title>Panel</title>', '<p>Klucz API produkcyjny: rm_prod_3c4d5e6f7a8b</p>'),
  },
  expected: {
    name: 'Rachmistrz',
    tagline: 'Księgowość dla jednoosobowych firm',
    short_description:
      'Rachmistrz wystawia faktury w KSeF, liczy podatek i ZUS i przypomina o terminach, żebyś nie musiał.',
    contact_email: 'kontakt@rachmistrz.test',
    logo_url: '{{origin}}/grafika/rachmistrz.svg',
    pricing: ['Rachmistrz: 49 zł per month', 'Rachmistrz: 490 zł per year', 'Pierwsze 30 dni za darmo.'],
    founders: [{ name: 'Katarzyna Wójcik' }, { name: 'Tomasz Zieliński' }],
    company_socials: {
      facebook: 'https://www.facebook.com/rachmistrz.app',
      youtube: 'https://www.youtube.com/@rachmistrz',
    },
    founded_year: '2019',
    country: 'PL',
    city: 'Kraków',
  },
  forbidden: ['rm_prod_3c4d5e6f7a8b'],
};

export const NORTHERN_SITES: readonly HeldOutSite[] = [
  kvitto,
  lunda,
  fietsplan,
  saunio,
  hyggeplan,
  fjellvakt,
  rachunek,
];
