import { doc, ld } from './chrome.ts';
import type { HeldOutSite } from './types.ts';

/** Sites in French, Spanish, Italian and Portuguese. */

const cartable: HeldOutSite = {
  id: 'squarespace/fr/cartable',
  variant: 'squarespace',
  robots: 'User-agent: *\nDisallow: /config\nDisallow: /prive/\n',
  pages: {
    '/': doc(
      'fr-FR',
      `<title>Cartable — Le cahier de textes des familles</title>
<meta property="og:site_name" content="Cartable"/>
<meta property="og:title" content="Cartable — Le cahier de textes des familles"/>
<meta property="og:description" content="Cartable rassemble les devoirs, les sorties et les mots des enseignants dans une seule application pour toute la famille."/>
<meta name="description" content="Cartable rassemble les devoirs, les sorties et les mots des enseignants dans une seule application pour toute la famille." />
${ld({ url: '{{origin}}', name: 'Cartable', '@context': 'http://schema.org', '@type': 'WebSite' })}
${ld({ legalName: 'Cartable SAS', address: '12 rue de la République\n69002 Lyon\nFrance', email: '', '@context': 'http://schema.org', '@type': 'Organization', logo: '{{origin}}/static/cartable-logo.png' })}`,
      `<div id="siteWrapper" class="clearfix site-wrapper"><header id="header" class="header theme-col--primary"><div class="header-title-logo"><a href="/"><img src="/static/cartable-logo.png" alt="Cartable"></a></div><nav class="header-nav-list"><div class="header-nav-item"><a href="/tarifs">Tarifs</a></div><div class="header-nav-item"><a href="/a-propos">À propos</a></div></nav></header>
<main id="page"><section class="page-section"><div class="sqs-block html-block sqs-block-html"><div class="sqs-block-content"><div class="sqs-html-content"><h1 style="white-space:pre-wrap;">Le cahier de textes des familles</h1><p style="white-space:pre-wrap;">Devoirs, sorties scolaires, mots des profs&nbsp;: tout au même endroit, partagé entre les parents.</p></div></div></div></section></main>
<footer id="footer-sections"><div class="sqs-html-content"><p>Cartable SAS · Lyon, France</p><p>Écrivez-nous&nbsp;: bonjour (at) cartable (point) test</p></div><div class="sqs-svg-icon--list"><a href="https://www.instagram.com/cartable.app" target="_blank" aria-label="Instagram"><svg class="sqs-svg-icon--social"><use xlink:href="#instagram-unauth-icon"></use></svg></a><a href="https://www.facebook.com/cartable.app" target="_blank" aria-label="Facebook"><svg class="sqs-svg-icon--social"><use xlink:href="#facebook-unauth-icon"></use></svg></a></div></footer></div>`,
    ),
    '/tarifs': doc(
      'fr-FR',
      '<title>Tarifs — Cartable</title>',
      `<div id="siteWrapper"><header><a href="/"><img src="/static/cartable-logo.png" alt="Cartable"></a></header><main><div class="sqs-html-content"><h2>Tarifs</h2>
<p><strong>Découverte</strong> — gratuit, un enfant.</p>
<p><strong>Famille</strong> — 2,99&nbsp;€ par mois ou 24,99&nbsp;€ par an, jusqu'à cinq enfants.</p>
<p>Essai gratuit d'un mois sur l'offre Famille.</p></div></main></div>`,
    ),
    '/a-propos': doc(
      'fr-FR',
      '<title>À propos — Cartable</title>',
      `<div id="siteWrapper"><header><a href="/"><img src="/static/cartable-logo.png" alt="Cartable"></a></header><main><div class="sqs-html-content"><h2>Notre histoire</h2>
<p>Cartable a été fondée en 2021 par Claire Dubois et Hugo Martin, deux parents d'élèves lassés des carnets de liaison perdus. L'équipe est basée à Lyon.</p>
<p>Claire Dubois, présidente et cofondatrice — Hugo Martin, directeur technique et cofondateur.</p></div></main></div>`,
    ),
    '/prive/investisseurs': doc(
      'fr-FR',
      '<title>Privé</title>',
      '<p>Levée de fonds : 1,2 M€ avec Rhône Capital, clôture prévue en juin (confidentiel, réf. CANUT-24).</p>',
    ),
  },
  expected: {
    name: 'Cartable',
    tagline: 'Le cahier de textes des familles',
    short_description:
      'Cartable rassemble les devoirs, les sorties et les mots des enseignants dans une seule application pour toute la famille.',
    contact_email: 'bonjour@cartable.test',
    logo_url: '{{origin}}/static/cartable-logo.png',
    pricing: [
      'Découverte: gratuit',
      'Famille: 2,99 € per month',
      'Famille: 24,99 € per year',
      "Essai gratuit d'un mois sur l'offre Famille.",
    ],
    founders: [
      { name: 'Claire Dubois', title: 'présidente et cofondatrice' },
      { name: 'Hugo Martin', title: 'directeur technique et cofondateur' },
    ],
    company_socials: {
      instagram: 'https://www.instagram.com/cartable.app',
      facebook: 'https://www.facebook.com/cartable.app',
    },
    founded_year: '2021',
    country: 'FR',
    city: 'Lyon',
  },
  forbidden: ['CANUT-24', 'Rhône Capital'],
};

const facturo: HeldOutSite = {
  id: 'wordpress/fr-be/facturo',
  variant: 'wordpress',
  robots: 'User-agent: *\nDisallow: /wp-admin/\nDisallow: /brouillons/\n',
  pages: {
    '/': doc(
      'fr-BE',
      `<title>Facturo | Facturation électronique Peppol pour indépendants</title>
<meta name="description" content="Facturo envoie vos factures via Peppol, comme l'exige la loi belge depuis 2026, et les relie à votre comptable." />
<meta property="og:title" content="Facturo | Facturation électronique Peppol pour indépendants" />
<meta property="og:site_name" content="Facturo" />
<script type="application/ld+json" class="yoast-schema-graph">{"@context":"https://schema.org","@graph":[{"@type":"WebSite","@id":"{{origin}}/#website","url":"{{origin}}/","name":"Facturo","publisher":{"@id":"{{origin}}/#organization"},"inLanguage":"fr-BE"},{"@type":"Organization","@id":"{{origin}}/#organization","name":"Numéris SRL","url":"{{origin}}/","logo":{"@type":"ImageObject","url":"{{origin}}/wp-content/uploads/facturo-logo.png","contentUrl":"{{origin}}/wp-content/uploads/facturo-logo.png","caption":"Numéris SRL"},"sameAs":["https://www.linkedin.com/company/facturo-be"]}]}</script>`,
      `<div id="page" class="site"><header id="masthead" class="site-header"><div class="site-branding"><a href="{{origin}}/" class="custom-logo-link" rel="home" aria-current="page"><img src="{{origin}}/wp-content/uploads/facturo-logo.png" class="custom-logo" alt="Facturo"></a><p class="site-description">Facturation électronique Peppol pour indépendants</p></div><nav id="site-navigation" class="main-navigation"><div class="menu-principal-container"><ul id="primary-menu" class="menu"><li class="menu-item"><a href="{{origin}}/tarifs/">Tarifs</a></li><li class="menu-item"><a href="{{origin}}/blog/facturo-ou-billit/">Blog</a></li><li class="menu-item"><a href="{{origin}}/qui-sommes-nous/">Qui sommes-nous</a></li></ul></div></nav></header>
<main id="primary" class="site-main"><article class="page type-page"><div class="entry-content"><div class="wp-block-group is-layout-constrained"><h1 class="wp-block-heading">Vos factures, conformes Peppol en un clic</h1><p>Facturo envoie vos factures via Peppol, comme l'exige la loi belge depuis 2026, et les relie à votre comptable.</p></div></div></article></main>
<footer id="colophon" class="site-footer"><div class="site-info">Numéris SRL · Rue du Marché 8 · 4000 Liège · Belgique · <a href="mailto:contact@facturo.test">contact@facturo.test</a> · <a href="https://www.linkedin.com/company/facturo-be" class="social-linkedin"><span class="screen-reader-text">LinkedIn</span><svg class="svg-icon" width="24" height="24"><use href="#icon-linkedin"></use></svg></a></div></footer></div>`,
    ),
    '/tarifs/': doc(
      'fr-BE',
      '<title>Tarifs | Facturo</title>',
      `<main id="primary"><div class="entry-content"><h2 class="wp-block-heading">Tarifs</h2><figure class="wp-block-table"><table><thead><tr><th>Formule</th><th>Factures par mois</th><th>Prix HTVA</th></tr></thead><tbody><tr><td>Solo</td><td>20</td><td>9 €/mois</td></tr><tr><td>Pro</td><td>illimité</td><td>19 €/mois</td></tr><tr><td>Fiduciaire</td><td>illimité, multi-dossiers</td><td>59 €/mois</td></tr></tbody></table></figure><a href="{{origin}}/">Accueil</a></div></main>`,
    ),
    '/qui-sommes-nous/': doc(
      'fr-BE',
      '<title>Qui sommes-nous | Facturo</title>',
      `<main id="primary"><div class="entry-content"><h2>Qui sommes-nous&nbsp;?</h2><p>Numéris SRL a été créée à Liège en 2023 par Sophie Lambert, ancienne comptable, et Karim Benali, développeur. Facturo est notre premier produit.</p><a href="{{origin}}/">Accueil</a></div></main>`,
    ),
    '/blog/facturo-ou-billit/': doc(
      'fr-BE',
      '<title>Facturo ou Billflow ? | Facturo</title>',
      `<main id="primary"><article class="post"><h1 class="entry-title">Facturo ou Billflow&nbsp;?</h1><div class="entry-content"><p>Billflow, fondée en 2015 à Gand par Pieter Claes, propose une formule Business à 39 €/mois. Sa formule Starter coûte 15 €/mois.</p><p>Pour un indépendant, Facturo Solo suffit dans la plupart des cas.</p></div></article></main>`,
    ),
    '/brouillons/nouveaux-tarifs': doc(
      'fr-BE',
      '<title>Brouillon</title>',
      '<p>Nouveaux tarifs 2026 : Solo à 12 €/mois (code interne MEUSE-12).</p>',
    ),
  },
  expected: {
    name: 'Facturo',
    tagline: 'Facturation électronique Peppol pour indépendants',
    short_description:
      "Facturo envoie vos factures via Peppol, comme l'exige la loi belge depuis 2026, et les relie à votre comptable.",
    contact_email: 'contact@facturo.test',
    logo_url: '{{origin}}/wp-content/uploads/facturo-logo.png',
    pricing: ['Solo: 9 € per month', 'Pro: 19 € per month', 'Fiduciaire: 59 € per month'],
    founders: [{ name: 'Sophie Lambert' }, { name: 'Karim Benali' }],
    company_socials: { linkedin: 'https://www.linkedin.com/company/facturo-be' },
    founded_year: '2023',
    country: 'BE',
    city: 'Liège',
  },
  forbidden: ['MEUSE-12', 'Solo à 12 €'],
};

const rutaviva: HeldOutSite = {
  id: 'framer/es/rutaviva',
  variant: 'framer',
  robots: 'User-agent: *\nAllow: /\nDisallow: /interno/\n',
  pages: {
    '/': doc(
      'es',
      `<title>RutaViva · Rutas de reparto que se recalculan solas</title>
<meta name="description" content="RutaViva planifica las rutas de tus repartidores, avisa al cliente de la hora de llegada y recalcula cuando hay un atasco.">
<meta property="og:title" content="RutaViva · Rutas de reparto que se recalculan solas">
<meta property="og:description" content="RutaViva planifica las rutas de tus repartidores, avisa al cliente de la hora de llegada y recalcula cuando hay un atasco.">
<meta name="generator" content="Framer 9c1d7e2">
<link rel="apple-touch-icon" href="{{origin}}/assets/rutaviva-icon-180.png">`,
      `<div id="main"><div class="framer-Zt0k3 framer-v-1x2y3z" data-framer-name="Desktop">
<nav class="framer-1nav" data-framer-name="Navbar"><a class="framer-logo" href="./" data-framer-name="Logo"><img decoding="async" src="{{origin}}/assets/rutaviva-icon-180.png" alt="RutaViva"></a><a href="./precios" class="framer-text">Precios</a><a href="./nosotros" class="framer-text">Nosotros</a></nav>
<section class="framer-hero" data-framer-name="Hero"><div data-framer-component-type="RichTextContainer"><h1 class="framer-text"><span class="framer-text">Rutas de reparto</span><br class="framer-text"><span class="framer-text">que se recalculan solas</span></h1></div><div data-framer-component-type="RichTextContainer"><p class="framer-text">Menos kilómetros, clientes avisados y repartidores que no pierden la tarde en un atasco.</p></div></section>
<footer class="framer-footer" data-framer-name="Footer"><p class="framer-text">RutaViva Logística S.L. · Valencia, España · <a class="framer-text" href="mailto:hola@rutaviva.test">hola@rutaviva.test</a></p><div data-framer-name="Social"><a href="https://www.linkedin.com/company/rutaviva" target="_blank"><div data-framer-component-type="SVG" aria-hidden="true"></div></a><a href="https://x.com/rutaviva_app" target="_blank"><div data-framer-component-type="SVG" aria-hidden="true"></div></a></div></footer>
</div></div>`,
    ),
    '/precios': doc(
      'es',
      '<title>Precios · RutaViva</title>',
      `<div id="main"><div data-framer-name="Desktop"><nav><a href="./">RutaViva</a></nav><section data-framer-name="Pricing">
<div class="framer-card" data-framer-name="Plan Básico"><p class="framer-text">Básico</p><p class="framer-text"><span>29 €</span><span> al mes</span></p><p class="framer-text">Hasta 3 vehículos</p></div>
<div class="framer-card" data-framer-name="Plan Flota"><p class="framer-text">Flota</p><p class="framer-text"><span>89 €</span><span> al mes</span></p><p class="framer-text">Hasta 20 vehículos</p></div>
<p class="framer-text">Prueba gratis durante 14 días, sin tarjeta.</p></section></div></div>`,
    ),
    '/nosotros': doc(
      'es',
      '<title>Nosotros · RutaViva</title>',
      `<div id="main"><div data-framer-name="Desktop"><nav><a href="./">RutaViva</a></nav><section data-framer-name="About"><h2 class="framer-text">Quiénes somos</h2><p class="framer-text">RutaViva fue fundada en 2020 por Lucía Fernández y Javier Ortega, después de tres años repartiendo fruta por la huerta valenciana.</p>
<div data-framer-name="Team"><div><p class="framer-text">Lucía Fernández</p><p class="framer-text">Cofundadora y CEO</p></div><div><p class="framer-text">Javier Ortega</p><p class="framer-text">Cofundador y CTO</p></div><div><p class="framer-text">Marta Gil</p><p class="framer-text">Atención al cliente</p></div></div></section></div></div>`,
    ),
    '/interno/': doc(
      'es',
      '<title>Interno</title>',
      '<p>Objetivo 2026: cerrar acuerdo con Mercadona (clave ALBUFERA-9).</p>',
    ),
  },
  expected: {
    name: 'RutaViva',
    tagline: 'Rutas de reparto que se recalculan solas',
    short_description:
      'RutaViva planifica las rutas de tus repartidores, avisa al cliente de la hora de llegada y recalcula cuando hay un atasco.',
    contact_email: 'hola@rutaviva.test',
    logo_url: '{{origin}}/assets/rutaviva-icon-180.png',
    pricing: ['Básico: 29 € per month', 'Flota: 89 € per month', 'Prueba gratis durante 14 días, sin tarjeta.'],
    founders: [
      { name: 'Lucía Fernández', title: 'Cofundadora y CEO' },
      { name: 'Javier Ortega', title: 'Cofundador y CTO' },
    ],
    company_socials: { linkedin: 'https://www.linkedin.com/company/rutaviva', x: 'https://x.com/rutaviva_app' },
    founded_year: '2020',
    country: 'ES',
    city: 'Valencia',
  },
  forbidden: ['ALBUFERA-9'],
};

const cobrafacil: HeldOutSite = {
  id: 'webflow/es-mx/cobrafacil',
  variant: 'webflow',
  robots: 'User-agent: *\nDisallow: /internal/\n',
  pages: {
    '/': doc(
      'es-MX',
      `<title>Cobra Fácil – Cobra por WhatsApp sin perseguir a nadie</title>
<meta content="Cobra Fácil manda recordatorios de pago por WhatsApp con liga de pago SPEI y tarjeta, y te avisa cuando tu cliente pagó." name="description">
<meta content="Cobra Fácil" property="og:site_name">
<meta content="Cobra Fácil manda recordatorios de pago por WhatsApp con liga de pago SPEI y tarjeta, y te avisa cuando tu cliente pagó." property="og:description">
${ld({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Cobra Fácil',
  legalName: 'Tecnologías de Cobranza Fácil, S.A.P.I. de C.V.',
  logo: '{{origin}}/images/cobrafacil-logo.png',
  address: { '@type': 'PostalAddress', addressLocality: 'Ciudad de México', addressCountry: 'MX' },
  sameAs: ['https://www.facebook.com/cobrafacilmx', 'https://www.instagram.com/cobrafacilmx'],
})}`,
      `<div class="page-wrapper"><div class="navbar_component w-nav"><a href="/" class="navbar_logo-link w-nav-brand"><img src="images/cobrafacil-logo.png" alt="" class="navbar_logo"></a><nav class="navbar_menu w-nav-menu"><a href="/precios" class="navbar_link w-nav-link">Precios</a><a href="/nosotros" class="navbar_link w-nav-link">Nosotros</a></nav></div>
<main class="main-wrapper"><section class="section_hero"><div class="hero_content"><h1 class="heading-style-h1">Cobra por WhatsApp sin perseguir a nadie</h1><p class="text-size-medium">Recordatorios automáticos con liga de pago SPEI y tarjeta. Tú te enteras cuando ya pagaron.</p></div></section>
<section class="section_testimonial"><div class="testimonial_content">“Bajamos la cartera vencida a la mitad en dos meses.” <span class="text-weight-semibold">Rocío Medina</span>, directora de Colegio Montessori del Valle</div></section></main>
<footer class="footer_component"><div class="footer_text">Hecho en Ciudad de México · <a href="mailto:hola@cobrafacil.test">hola@cobrafacil.test</a></div><div class="footer_social-list"><a href="https://www.facebook.com/cobrafacilmx" class="footer_social-link w-inline-block"><img src="images/facebook.svg" alt="Facebook"></a><a href="https://www.instagram.com/cobrafacilmx" class="footer_social-link w-inline-block"><img src="images/instagram.svg" alt="Instagram"></a></div></footer></div>`,
    ),
    '/precios': doc(
      'es-MX',
      '<title>Precios – Cobra Fácil</title>',
      `<div class="page-wrapper"><a href="/" class="navbar_logo-link"><img src="images/cobrafacil-logo.png" alt=""></a><section class="section_pricing"><h2>Precios</h2><div class="pricing_grid">
<div class="pricing_card"><div class="pricing_name">Emprendedor</div><div class="pricing_price">$299 MXN<span class="pricing_period">/mes</span></div><div>Hasta 100 clientes</div></div>
<div class="pricing_card is-featured"><div class="pricing_name">Negocio</div><div class="pricing_price">$799 MXN<span class="pricing_period">/mes</span></div><div>Hasta 1,000 clientes</div></div>
</div><p>Precios más IVA. Comisión por transacción aparte.</p></section></div>`,
    ),
    '/nosotros': doc(
      'es-MX',
      '<title>Nosotros – Cobra Fácil</title>',
      `<div class="page-wrapper"><a href="/" class="navbar_logo-link"><img src="images/cobrafacil-logo.png" alt=""></a><section class="section_about"><h2>Nosotros</h2><p>Somos un equipo de doce personas en la colonia Roma. Fundamos Cobra Fácil en 2022: Andrés Villanueva (CEO) venía de la banca y Fernanda Ríos (COO) había cobrado colegiaturas a mano durante años.</p></section></div>`,
    ),
    '/internal/metrics': doc(
      'es-MX',
      '<title>Métricas</title>',
      '<p>Take rate 0.9%; cliente piloto BBVA-CHAPULTEPEC.</p>',
    ),
  },
  expected: {
    name: 'Cobra Fácil',
    tagline: 'Cobra por WhatsApp sin perseguir a nadie',
    short_description:
      'Cobra Fácil manda recordatorios de pago por WhatsApp con liga de pago SPEI y tarjeta, y te avisa cuando tu cliente pagó.',
    contact_email: 'hola@cobrafacil.test',
    logo_url: '{{origin}}/images/cobrafacil-logo.png',
    pricing: ['Emprendedor: $299 MXN per month', 'Negocio: $799 MXN per month'],
    founders: [
      { name: 'Andrés Villanueva', title: 'CEO' },
      { name: 'Fernanda Ríos', title: 'COO' },
    ],
    company_socials: {
      facebook: 'https://www.facebook.com/cobrafacilmx',
      instagram: 'https://www.instagram.com/cobrafacilmx',
    },
    founded_year: '2022',
    country: 'MX',
    city: 'Ciudad de México',
  },
  forbidden: ['BBVA-CHAPULTEPEC', 'Take rate 0.9%'],
};

const ortolino: HeldOutSite = {
  id: 'handwritten/it/ortolino',
  variant: 'handwritten',
  robots: 'User-agent: *\nDisallow: /riservato/\n',
  pages: {
    '/': doc(
      'it',
      `<title>Ortolino - L'orto che si ricorda di te</title>
<meta name="description" content="Ortolino ti dice cosa seminare, quando annaffiare e quando raccogliere, in base al tuo balcone e al meteo di casa tua.">
<meta property="og:title" content="Ortolino">
<meta property="og:description" content="Ortolino ti dice cosa seminare, quando annaffiare e quando raccogliere, in base al tuo balcone e al meteo di casa tua.">
<link rel="stylesheet" href="stile.css">`,
      `<div id="contenitore">
<div id="testata"><a href="/"><img src="immagini/logo-ortolino.png" id="logo" alt="Logo Ortolino"></a>
<ul id="menu"><li><a href="prezzi.html">Prezzi</a></li><li><a href="chi-siamo.html">Chi siamo</a></li></ul></div>
<div id="corpo"><h1>L'orto che si ricorda di te</h1>
<p>Ortolino ti dice cosa seminare, quando annaffiare e quando raccogliere, in base al tuo balcone e al meteo di casa tua.</p>
<p class="recensione"><i>«Finalmente i miei pomodori sono sopravvissuti ad agosto.»</i> — Franca, Ravenna</p></div>
<div id="piede">Ortolino è un progetto di Verdeluce S.r.l., Bologna (Italia) &ndash; P.IVA 03912345678 &ndash; scrivici a <a href="mailto:ciao@ortolino.test">ciao@ortolino.test</a>
<br><a href="https://www.instagram.com/ortolino.app/"><img src="immagini/ig.png" alt="Instagram" width="20"></a> <a href="https://www.youtube.com/@ortolino"><img src="immagini/yt.png" alt="YouTube" width="20"></a></div>
</div>`,
    ),
    '/prezzi.html': doc(
      'it',
      '<title>Prezzi - Ortolino</title>',
      `<div id="contenitore"><div id="testata"><a href="/"><img src="immagini/logo-ortolino.png" alt="Logo Ortolino"></a></div><div id="corpo"><h2>Prezzi</h2>
<table class="prezzi"><tr><td><b>Gratis</b></td><td>0 €</td><td>fino a 5 piante</td></tr><tr><td><b>Premium</b></td><td>4,99 € al mese</td><td>piante illimitate, avvisi meteo</td></tr><tr><td><b>Premium annuale</b></td><td>39,99 € all'anno</td><td>come Premium, due mesi in regalo</td></tr></table></div></div>`,
    ),
    '/chi-siamo.html': doc(
      'it',
      '<title>Chi siamo - Ortolino</title>',
      `<div id="contenitore"><div id="testata"><a href="/"><img src="immagini/logo-ortolino.png" alt="Logo Ortolino"></a></div><div id="corpo"><h2>Chi siamo</h2><p>Ortolino è nato nel 2022 da un'idea di Giulia Rossi, agronoma, che lo ha fondato insieme a Matteo Bianchi, sviluppatore. Lavoriamo da Bologna, in un ex fienile fuori porta San Felice.</p></div></div>`,
    ),
    '/riservato/bilancio.html': doc(
      'it',
      '<title>Riservato</title>',
      '<p>Fatturato 2024: 212.000 €. Trattativa con Leroy Verde, nome in codice GIRASOLE.</p>',
    ),
  },
  expected: {
    name: 'Ortolino',
    tagline: "L'orto che si ricorda di te",
    short_description:
      'Ortolino ti dice cosa seminare, quando annaffiare e quando raccogliere, in base al tuo balcone e al meteo di casa tua.',
    contact_email: 'ciao@ortolino.test',
    logo_url: '{{origin}}/immagini/logo-ortolino.png',
    pricing: ['Gratis: 0 €', 'Premium: 4,99 € per month', 'Premium annuale: 39,99 € per year'],
    founders: [{ name: 'Giulia Rossi' }, { name: 'Matteo Bianchi' }],
    company_socials: {
      instagram: 'https://www.instagram.com/ortolino.app/',
      youtube: 'https://www.youtube.com/@ortolino',
    },
    founded_year: '2022',
    country: 'IT',
    city: 'Bologna',
  },
  forbidden: ['GIRASOLE', '212.000 €'],
};

const serraCafe: HeldOutSite = {
  id: 'shopify/pt-br/serra-alta',
  variant: 'shopify',
  robots: 'User-agent: *\nDisallow: /admin\nDisallow: /cart\nDisallow: /checkout\nDisallow: /account\n',
  pages: {
    '/': doc(
      'pt-BR',
      `<title>Serra Alta Cafés – Café especial de assinatura</title>
<meta name="description" content="Receba todo mês um café especial torrado na semana, direto de pequenos produtores da Mantiqueira.">
<meta property="og:site_name" content="Serra Alta Cafés">
<meta property="og:title" content="Serra Alta Cafés – Café especial de assinatura">
<meta property="og:description" content="Receba todo mês um café especial torrado na semana, direto de pequenos produtores da Mantiqueira.">
<script>Shopify.shop = "serra-alta.myshopify.example"; Shopify.currency = {"active":"BRL","rate":"1.0"};</script>
${ld({ '@context': 'http://schema.org', '@type': 'Organization', name: 'Serra Alta Cafés', logo: '{{origin}}/cdn/shop/files/serra-alta-logo.png', sameAs: ['https://www.instagram.com/serraaltacafes'], url: '{{origin}}' })}`,
      `<div id="shopify-section-header" class="shopify-section"><header class="site-header"><div class="grid grid--table"><div class="grid__item medium-up--one-third"><div class="h2 site-header__logo"><a href="/" class="site-header__logo-image"><img class="js" src="/cdn/shop/files/serra-alta-logo.png" alt="Serra Alta Cafés"></a></div></div><nav class="grid__item medium-up--two-thirds"><ul class="site-nav list--inline"><li><a href="/products/assinatura-mensal" class="site-nav__link">Assinatura</a></li><li><a href="/pages/nossa-historia" class="site-nav__link">Nossa história</a></li></ul></nav></div></header></div>
<main role="main" id="MainContent"><div class="hero__inner"><h1 class="hero__title">Café especial de assinatura</h1><p class="hero__subtitle">Torrado na semana, direto de pequenos produtores da Mantiqueira.</p></div></main>
<footer class="site-footer"><p>Serra Alta Cafés Ltda. · Poços de Caldas, MG, Brasil · <a href="mailto:contato@serraalta.test">contato@serraalta.test</a></p><ul class="list--inline site-footer__social-icons social-icons"><li><a class="social-icons__link" href="https://www.instagram.com/serraaltacafes" aria-describedby="a11y-external-message"><svg aria-hidden="true" class="icon icon-instagram"><path d="M256 49.471c67.266 0"></path></svg><span class="icon__fallback-text">Instagram</span></a></li></ul></footer>`,
    ),
    '/products/assinatura-mensal': doc(
      'pt-BR',
      `<title>Assinatura mensal – Serra Alta Cafés</title>
${ld({ '@context': 'http://schema.org/', '@type': 'Product', name: 'Assinatura mensal', offers: { '@type': 'Offer', price: '59.90', priceCurrency: 'BRL' } })}`,
      `<main id="MainContent"><div class="product-single"><h1 class="product-single__title">Assinatura mensal</h1><div class="product__price"><span class="price-item price-item--regular">R$ 59,90</span> <span>por mês</span></div><p>250 g de café especial por mês, em grão ou moído. Frete grátis para o Sudeste.</p><p>Prefere um pacote avulso? O <a href="/products/pacote-avulso">pacote avulso</a> de 250 g sai por R$ 69,90.</p></div></main>`,
    ),
    '/products/pacote-avulso': doc(
      'pt-BR',
      '<title>Pacote avulso – Serra Alta Cafés</title>',
      '<main><h1 class="product-single__title">Pacote avulso</h1><span class="price-item price-item--regular">R$ 69,90</span><a href="/">Início</a></main>',
    ),
    '/pages/nossa-historia': doc(
      'pt-BR',
      '<title>Nossa história – Serra Alta Cafés</title>',
      `<main id="MainContent"><div class="rte"><h1>Nossa história</h1><p>A Serra Alta foi fundada em 2019 pelos irmãos Beatriz e Rafael Monteiro, filhos de cafeicultores de Poços de Caldas.</p><p>Beatriz Monteiro — sócia-fundadora e mestre de torra<br>Rafael Monteiro — sócio-fundador, comercial</p></div></main>`,
    ),
  },
  expected: {
    name: 'Serra Alta Cafés',
    tagline: 'Café especial de assinatura',
    short_description:
      'Receba todo mês um café especial torrado na semana, direto de pequenos produtores da Mantiqueira.',
    contact_email: 'contato@serraalta.test',
    logo_url: '{{origin}}/cdn/shop/files/serra-alta-logo.png',
    pricing: ['Assinatura mensal: R$ 59,90 per month', 'Pacote avulso: R$ 69,90'],
    founders: [
      { name: 'Beatriz Monteiro', title: 'sócia-fundadora e mestre de torra' },
      { name: 'Rafael Monteiro', title: 'sócio-fundador, comercial' },
    ],
    company_socials: { instagram: 'https://www.instagram.com/serraaltacafes' },
    founded_year: '2019',
    country: 'BR',
    city: 'Poços de Caldas',
  },
  forbidden: [],
};

export const ROMANCE_SITES: readonly HeldOutSite[] = [cartable, facturo, rutaviva, cobrafacil, ortolino, serraCafe];
