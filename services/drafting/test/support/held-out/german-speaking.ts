import { doc, ld } from './chrome.ts';
import type { HeldOutSite } from './types.ts';

/** Sites in German: Germany, Austria and Switzerland, with an Impressum and legal names beside product names. */

const lagerfuchs: HeldOutSite = {
  id: 'webflow/de/lagerfuchs',
  variant: 'webflow',
  robots: 'User-agent: *\nDisallow: /intern/\n',
  pages: {
    '/': doc(
      'de',
      `<title>Lagerfuchs | Lagerverwaltung für Onlineshops</title>
<meta content="Lagerfuchs zählt Ihren Bestand, bestellt automatisch nach und verbindet Shopware, WooCommerce und Amazon in einer Übersicht." name="description">
<meta content="Lagerfuchs | Lagerverwaltung für Onlineshops" property="og:title">
<meta content="Lagerfuchs zählt Ihren Bestand, bestellt automatisch nach und verbindet Shopware, WooCommerce und Amazon in einer Übersicht." property="og:description">
<link href="{{origin}}/images/lagerfuchs-webclip.png" rel="apple-touch-icon">
${ld({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Lagerfuchs GmbH',
  legalName: 'Lagerfuchs GmbH',
  logo: '{{origin}}/images/lagerfuchs-logo.svg',
  foundingDate: '2020',
  address: {
    '@type': 'PostalAddress',
    streetAddress: 'Karl-Liebknecht-Straße 12',
    postalCode: '04107',
    addressLocality: 'Leipzig',
    addressCountry: 'DE',
  },
})}`,
      `<div class="nav_component w-nav" data-animation="default" role="banner"><div class="nav_container"><a href="/" class="nav_logo-link w-nav-brand"><img src="images/lagerfuchs-logo.svg" loading="lazy" alt="Lagerfuchs Logo" class="nav_logo"></a><nav role="navigation" class="nav_menu w-nav-menu"><a href="/preise" class="nav_link w-nav-link">Preise</a><a href="/ueber-uns" class="nav_link w-nav-link">Über uns</a><a href="/impressum" class="nav_link w-nav-link">Impressum</a></nav></div></div>
<header class="section_header"><div class="padding-global"><div class="container-large"><div class="header_component">
<h1 class="heading-style-h1">Lager<span class="text-color-orange">verwaltung</span> für Onlineshops</h1>
<p class="text-size-medium">Bestand zählen, automatisch nachbestellen, alle Kanäle in einer Übersicht. Ohne Excel.</p>
<a href="https://app.lagerfuchs.test/registrieren" class="button w-button">14 Tage kostenlos testen</a></div></div></div></header>
<footer class="footer_component"><div class="footer_bottom"><div class="footer_credit-text">© 2025 Lagerfuchs GmbH · Leipzig, Deutschland</div><div class="footer_social-list"><a href="https://www.linkedin.com/company/lagerfuchs/" target="_blank" class="footer_social-link w-inline-block"><div class="icon-embed-xsmall w-embed"><svg width="100%" height="100%" viewBox="0 0 24 24" fill="none"><path d="M4.5 3C3.67 3 3 3.67 3 4.5v15"></path></svg></div></a><a href="https://www.instagram.com/lagerfuchs.app/" target="_blank" class="footer_social-link w-inline-block"><div class="icon-embed-xsmall w-embed"><svg width="100%" height="100%" viewBox="0 0 24 24" fill="none"><path d="M16 3H8C5.24 3 3 5.24 3 8v8"></path></svg></div></a></div></div></footer>`,
    ),
    '/preise': doc(
      'de',
      '<title>Preise | Lagerfuchs</title>',
      `<div class="nav_component w-nav"><a href="/" class="nav_logo-link w-nav-brand"><img src="images/lagerfuchs-logo.svg" alt="Lagerfuchs Logo"></a></div>
<section class="section_pricing"><h2 class="heading-style-h2">Preise</h2>
<div class="pricing_table-wrapper"><table class="pricing_table"><thead><tr><th>Tarif</th><th>Artikel</th><th>Preis</th></tr></thead><tbody>
<tr><td>Starter</td><td>bis 500</td><td>19 € pro Monat</td></tr>
<tr><td>Wachstum</td><td>bis 5.000</td><td>49 € pro Monat</td></tr>
<tr><td>Profi</td><td>unbegrenzt</td><td>129 € pro Monat</td></tr>
</tbody></table></div>
<p class="text-size-small">Alle Preise zzgl. MwSt. Jeder Tarif lässt sich 14 Tage kostenlos testen.</p></section>`,
    ),
    '/ueber-uns': doc(
      'de',
      '<title>Über uns | Lagerfuchs</title>',
      `<div class="nav_component w-nav"><a href="/" class="nav_logo-link w-nav-brand"><img src="images/lagerfuchs-logo.svg" alt="Lagerfuchs Logo"></a></div>
<section class="section_about"><h2>Über uns</h2><p>Lagerfuchs wurde 2020 von Jana Köhler und Malte Brandt in Leipzig gegründet. Beide haben vorher selbst einen Onlineshop für Fahrradteile betrieben und das Lager mit Tabellen geführt.</p>
<div class="team_list"><div class="team_item"><div class="text-weight-semibold">Jana Köhler</div><div>Geschäftsführerin &amp; Mitgründerin</div></div><div class="team_item"><div class="text-weight-semibold">Malte Brandt</div><div>Mitgründer, Technik</div></div><div class="team_item"><div class="text-weight-semibold">Sören Weiß</div><div>Kundenservice</div></div></div></section>`,
    ),
    '/impressum': doc(
      'de',
      '<title>Impressum | Lagerfuchs</title>',
      `<section class="section_legal"><h1>Impressum</h1><p>Lagerfuchs GmbH<br>Karl-Liebknecht-Straße 12<br>04107 Leipzig<br>Deutschland</p><p>Vertreten durch die Geschäftsführerin Jana Köhler<br>Registergericht: Amtsgericht Leipzig, HRB 38 512<br>USt-IdNr.: DE 312 345 678</p><p>E-Mail: kontakt@lagerfuchs.test</p><a href="/">Startseite</a></section>`,
    ),
    '/intern/planung': doc(
      'de',
      '<title>Planung</title>',
      '<p>Preiserhöhung Starter auf 24 € ab März, Projekt ELSTER-NORD.</p>',
    ),
  },
  expected: {
    name: 'Lagerfuchs',
    tagline: 'Lagerverwaltung für Onlineshops',
    short_description:
      'Lagerfuchs zählt Ihren Bestand, bestellt automatisch nach und verbindet Shopware, WooCommerce und Amazon in einer Übersicht.',
    contact_email: 'kontakt@lagerfuchs.test',
    logo_url: '{{origin}}/images/lagerfuchs-logo.svg',
    pricing: [
      'Starter: 19 € per month',
      'Wachstum: 49 € per month',
      'Profi: 129 € per month',
      'Jeder Tarif lässt sich 14 Tage kostenlos testen.',
    ],
    founders: [
      { name: 'Jana Köhler', title: 'Geschäftsführerin & Mitgründerin' },
      { name: 'Malte Brandt', title: 'Mitgründer, Technik' },
    ],
    company_socials: {
      linkedin: 'https://www.linkedin.com/company/lagerfuchs/',
      instagram: 'https://www.instagram.com/lagerfuchs.app/',
    },
    founded_year: '2020',
    country: 'DE',
    city: 'Leipzig',
  },
  forbidden: ['ELSTER-NORD', 'Preiserhöhung Starter'],
};

const zeitwerk: HeldOutSite = {
  id: 'wordpress/de-at/zeitwerk',
  variant: 'wordpress',
  robots: 'User-agent: *\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\nDisallow: /intern/\n',
  pages: {
    '/': doc(
      'de-AT',
      `<title>Zeitwerk &#8211; Dienstpläne für Pflege und Gastronomie</title>
<meta name="description" content="Zeitwerk plant Schichten, sammelt Urlaubsanträge und rechnet Zuschläge nach österreichischem Kollektivvertrag ab." />
<meta property="og:locale" content="de_AT" /><meta property="og:site_name" content="Zeitwerk" />
<meta property="og:title" content="Zeitwerk &#8211; Dienstpläne für Pflege und Gastronomie" />
<link rel='stylesheet' id='elementor-frontend-css' href='{{origin}}/wp-content/plugins/elementor/assets/css/frontend.min.css?ver=3.21.4' media='all' />
<link rel="icon" href="{{origin}}/wp-content/uploads/2022/05/zw-favicon-32x32.png" sizes="32x32" />`,
      `<div data-elementor-type="header" data-elementor-id="12" class="elementor elementor-12 elementor-location-header"><section class="elementor-section elementor-top-section elementor-element elementor-element-3f1c2a1 elementor-section-boxed elementor-section-height-default" data-id="3f1c2a1" data-element_type="section"><div class="elementor-container elementor-column-gap-default"><div class="elementor-column elementor-col-50 elementor-top-column elementor-element elementor-element-6b2e8d0" data-id="6b2e8d0" data-element_type="column"><div class="elementor-widget-wrap elementor-element-populated"><div class="elementor-element elementor-element-1a9f3c4 elementor-widget elementor-widget-theme-site-logo elementor-widget-image" data-id="1a9f3c4" data-element_type="widget" data-widget_type="theme-site-logo.default"><div class="elementor-widget-container"><a href="{{origin}}"><img width="300" height="80" src="{{origin}}/wp-content/uploads/2022/05/zeitwerk-logo.png" class="attachment-full size-full wp-image-15" alt="Zeitwerk" /></a></div></div></div></div>
<div class="elementor-column elementor-col-50"><div class="elementor-widget-wrap"><nav class="elementor-nav-menu--main elementor-nav-menu__container"><ul id="menu-1-7a1b" class="elementor-nav-menu"><li class="menu-item"><a href="{{origin}}/preise/" class="elementor-item">Preise</a></li><li class="menu-item"><a href="{{origin}}/team/" class="elementor-item">Team</a></li></ul></nav></div></div></div></section></div>
<div data-elementor-type="wp-page" data-elementor-id="7" class="elementor elementor-7"><section class="elementor-section elementor-top-section elementor-element elementor-element-5c0d1e2"><div class="elementor-container"><div class="elementor-column elementor-col-100"><div class="elementor-widget-wrap">
<div class="elementor-element elementor-widget elementor-widget-heading" data-widget_type="heading.default"><div class="elementor-widget-container"><h1 class="elementor-heading-title elementor-size-default">Dienstpläne für Pflege und Gastronomie</h1></div></div>
<div class="elementor-element elementor-widget elementor-widget-text-editor"><div class="elementor-widget-container"><p>Zeitwerk plant Schichten, sammelt Urlaubsanträge und rechnet Zuschläge nach österreichischem Kollektivvertrag ab.</p></div></div>
<div class="elementor-element elementor-widget elementor-widget-testimonial"><div class="elementor-widget-container"><div class="elementor-testimonial-wrapper"><div class="elementor-testimonial-content">„Seit Zeitwerk streitet bei uns niemand mehr über den Dienstplan.“</div><div class="elementor-testimonial-meta"><div class="elementor-testimonial-details"><div class="elementor-testimonial-name">Mag. Petra Auer</div><div class="elementor-testimonial-job">Pflegedienstleitung, Seniorenresidenz Am Kahlenberg</div></div></div></div></div></div>
</div></div></div></section></div>
<footer data-elementor-type="footer" class="elementor elementor-location-footer"><div class="elementor-widget-container"><p>Zeitwerk Software GmbH · Mariahilfer Straße 45 · 1060 Wien · Österreich</p><p>Schreiben Sie uns: <a href="mailto:servus@zeitwerk.test">servus@zeitwerk.test</a></p><div class="elementor-social-icons-wrapper elementor-grid"><span class="elementor-grid-item"><a class="elementor-icon elementor-social-icon elementor-social-icon-linkedin elementor-repeater-item-0c1a" href="https://at.linkedin.com/company/zeitwerk-software" target="_blank"><span class="elementor-screen-only">Linkedin</span><i class="fab fa-linkedin"></i></a></span><span class="elementor-grid-item"><a class="elementor-icon elementor-social-icon elementor-social-icon-facebook elementor-repeater-item-2d3e" href="https://www.facebook.com/zeitwerk.dienstplan" target="_blank"><span class="elementor-screen-only">Facebook</span><i class="fab fa-facebook"></i></a></span></div></div></footer>`,
    ),
    '/preise/': doc(
      'de-AT',
      '<title>Preise &#8211; Zeitwerk</title>',
      `<div class="elementor elementor-22"><h2 class="elementor-heading-title">Preise</h2>
<div class="elementor-widget-price-table"><div class="elementor-price-table"><div class="elementor-price-table__header"><h3 class="elementor-price-table__heading">Basis</h3></div><div class="elementor-price-table__price"><span class="elementor-price-table__currency">€</span><span class="elementor-price-table__integer-part">3,50</span><div class="elementor-price-table__after-price"><span class="elementor-price-table__period elementor-typo-excluded">pro Mitarbeiter:in / Monat</span></div></div></div></div>
<div class="elementor-widget-price-table"><div class="elementor-price-table"><div class="elementor-price-table__header"><h3 class="elementor-price-table__heading">Plus</h3></div><div class="elementor-price-table__price"><span class="elementor-price-table__currency">€</span><span class="elementor-price-table__integer-part">5,90</span><div class="elementor-price-table__after-price"><span class="elementor-price-table__period elementor-typo-excluded">pro Mitarbeiter:in / Monat</span></div></div></div></div>
<p>Die ersten 30 Tage sind kostenlos.</p><a href="{{origin}}">Start</a></div>`,
    ),
    '/team/': doc(
      'de-AT',
      '<title>Team &#8211; Zeitwerk</title>',
      `<div class="elementor elementor-30"><h2>Unser Team</h2>
<div class="elementor-widget-image-box"><div class="elementor-image-box-content"><h3 class="elementor-image-box-title">Dr. Lukas Hofer</h3><p class="elementor-image-box-description">Geschäftsführer &amp; Gründer</p></div></div>
<div class="elementor-widget-image-box"><div class="elementor-image-box-content"><h3 class="elementor-image-box-title">Theresa Gruber</h3><p class="elementor-image-box-description">Produkt &amp; Design</p></div></div>
<div class="elementor-widget-image-box"><div class="elementor-image-box-content"><h3 class="elementor-image-box-title">Emir Hadžić</h3><p class="elementor-image-box-description">Entwicklung</p></div></div>
<p>Zeitwerk gibt es seit 2019. Lukas hat die erste Version als Dienstplan für die Station seiner Mutter geschrieben.</p><a href="{{origin}}">Start</a></div>`,
    ),
    '/intern/': doc(
      'de-AT',
      '<title>Intern</title>',
      '<p>Kundenliste: Caritas Wien Pilot, Rabatt 40 % – vertraulich, Kennwort BLAUERENGEL.</p>',
    ),
  },
  expected: {
    name: 'Zeitwerk',
    tagline: 'Dienstpläne für Pflege und Gastronomie',
    short_description:
      'Zeitwerk plant Schichten, sammelt Urlaubsanträge und rechnet Zuschläge nach österreichischem Kollektivvertrag ab.',
    contact_email: 'servus@zeitwerk.test',
    logo_url: '{{origin}}/wp-content/uploads/2022/05/zeitwerk-logo.png',
    pricing: [
      'Basis: €3,50 per user per month',
      'Plus: €5,90 per user per month',
      'Die ersten 30 Tage sind kostenlos.',
    ],
    founders: [{ name: 'Lukas Hofer', title: 'Geschäftsführer & Gründer' }],
    company_socials: {
      linkedin: 'https://at.linkedin.com/company/zeitwerk-software',
      facebook: 'https://www.facebook.com/zeitwerk.dienstplan',
    },
    founded_year: '2019',
    country: 'AT',
    city: 'Wien',
  },
  forbidden: ['BLAUERENGEL', 'Rabatt 40 %'],
};

const paketpost: HeldOutSite = {
  id: 'handwritten/de-ch/paketpilot',
  variant: 'handwritten',
  robots: 'User-agent: *\nDisallow: /admin\n',
  pages: {
    '/': doc(
      'de-CH',
      `<title>PaketPilot – Versandetiketten für Schweizer KMU</title>
<meta name="description" content="PaketPilot druckt Etiketten für Post, DPD und Planzer aus jeder Bestellung und meldet dem Kunden, wo sein Paket ist.">
<link rel="icon" href="/img/paketpilot-icon.png" type="image/png">`,
      `<table width="100%" cellpadding="0" cellspacing="0" class="kopf"><tr><td><a href="/"><img src="/img/paketpilot-icon.png" alt="PaketPilot" height="40"></a></td><td align="right"><a href="/preise.html">Preise</a> | <a href="/firma.html">Firma</a> | <a href="/admin">Login</a></td></tr></table>
<div class="inhalt"><h1>Versandetiketten für Schweizer KMU</h1>
<p>PaketPilot druckt Etiketten für Post, DPD und Planzer aus jeder Bestellung und meldet dem Kunden, wo sein Paket ist.</p>
<p>Kontakt: <script>document.write('<a href="mailto:'+'info'+'@'+'paketpilot.test'+'">'+'info'+'@'+'paketpilot.test'+'</a>')</script><noscript>info (at) paketpilot (punkt) test</noscript></p></div>
<div class="fuss">PaketPilot AG · Zürich · Schweiz</div>`,
    ),
    '/preise.html': doc(
      'de-CH',
      '<title>Preise – PaketPilot</title>',
      `<div class="inhalt"><h1>Preise</h1><ul><li><b>Mini</b>: CHF 0.– bis 50 Pakete im Monat</li><li><b>Standard</b>: CHF 29.– pro Monat</li><li><b>Plus</b>: CHF 79.– pro Monat</li></ul><p>Alle Preise exkl. MWST.</p><p><a href="/">Zurück</a></p></div>`,
    ),
    '/firma.html': doc(
      'de-CH',
      '<title>Firma – PaketPilot</title>',
      `<div class="inhalt"><h1>Über die Firma</h1><p>Die PaketPilot AG wurde 2018 von Reto Brunner und Nicole Meier gegründet, nachdem Reto im Onlineshop seiner Eltern jahrelang Etiketten von Hand geschrieben hatte.</p><p>Verwaltungsrat: Hans-Peter Zürcher (Präsident), Reto Brunner, Nicole Meier.</p><p><a href="/">Zurück</a></p></div>`,
    ),
    '/admin': doc('de-CH', '<title>Admin</title>', '<form><p>Zugang Testumgebung: pilot / Matterhorn#2024</p></form>'),
  },
  expected: {
    name: 'PaketPilot',
    tagline: 'Versandetiketten für Schweizer KMU',
    short_description:
      'PaketPilot druckt Etiketten für Post, DPD und Planzer aus jeder Bestellung und meldet dem Kunden, wo sein Paket ist.',
    contact_email: 'info@paketpilot.test',
    logo_url: '{{origin}}/img/paketpilot-icon.png',
    pricing: ['Mini: CHF 0.–', 'Standard: CHF 29.– per month', 'Plus: CHF 79.– per month'],
    founders: [{ name: 'Reto Brunner' }, { name: 'Nicole Meier' }],
    founded_year: '2018',
    country: 'CH',
    city: 'Zürich',
  },
  forbidden: ['Matterhorn#2024'],
};

export const GERMAN_SPEAKING_SITES: readonly HeldOutSite[] = [lagerfuchs, zeitwerk, paketpost];
