import { doc, ld, robotsAllowAll } from './chrome.ts';
import type { HeldOutSite } from './types.ts';

/** English sites of small makers: hand-written HTML, Wix, Shopify, docs sites, one-pagers, SPAs. */

const fitloop: HeldOutSite = {
  id: 'wix/fitloop',
  variant: 'wix',
  robots:
    'User-agent: *\nAllow: /\nDisallow: /*?lightbox=\n\n# Optimization for Google Ads Bot\nUser-agent: AdsBot-Google-Mobile\nUser-agent: AdsBot-Google\nDisallow: /_api/*\nDisallow: /_partials*\nDisallow: /pro-gallery-webapp/v1/galleries/*\n',
  pages: {
    '/': doc(
      'en',
      `<meta name="generator" content="Wix.com Website Builder"/>
<title>Home | FitLoop</title>
<meta name="description" content="FitLoop plans a week of home workouts around your calendar and adjusts it when a meeting runs late."/>
<meta property="og:title" content="Home | FitLoop"/>
<meta property="og:description" content="FitLoop plans a week of home workouts around your calendar and adjusts it when a meeting runs late."/>
<meta property="og:image" content="https://static.wixstatic.example/media/a7c1e2_9f0e~mv2.png"/>
<meta property="og:site_name" content="FitLoop"/>
<meta property="og:type" content="website"/>
<link rel="icon" sizes="192x192" href="https://static.wixstatic.example/media/a7c1e2_fav~mv2.png/v1/fill/w_192,h_192/a7c1e2_fav~mv2.png" type="image/png"/>`,
      `<div id="SITE_CONTAINER"><div id="main_MF" class="main_MF"><div id="site-root" class="site-root"><div id="masterPage" class="mesh-layout">
<header id="SITE_HEADER" class="xU8fqS SITE_HEADER wixui-header" tabindex="-1"><div class="_C0cVf"><div class="_4XcTfy" data-testid="screenWidthContainerBg"></div></div><div class="U4Bvut"><div class="G5K6X8"><div data-mesh-id="SITE_HEADERinlineContent" data-testid="inline-content" class=""><div data-mesh-id="SITE_HEADERinlineContent-gridContainer" data-testid="mesh-container-content">
<div id="comp-kx8y2a1b" class="XUUsC7 wixui-image"><a data-testid="linkElement" href="{{origin}}" class="j7pOnl"><wow-image id="img_comp-kx8y2a1b" class="HlRz5e BI8PVQ" data-image-info="{&quot;containerId&quot;:&quot;comp-kx8y2a1b&quot;}"><img src="{{origin}}/media/fitloop-logo.png" alt="FitLoop logo" style="width:120px;height:40px;object-fit:cover" width="120" height="40"/></wow-image></a></div>
<nav id="comp-kx8y2a2c" aria-label="Site" class="wixui-dropdown-menu"><ul class="wixui-dropdown-menu__list"><li><a data-testid="linkElement" href="{{origin}}/plans" class="UiHgGh wixui-dropdown-menu__item"><div class="yRj2ms"><p class="StylableButton2545352419__label wixui-button__label">Plans</p></div></a></li><li><a data-testid="linkElement" href="{{origin}}/about" class="UiHgGh wixui-dropdown-menu__item"><div class="yRj2ms"><p class="wixui-button__label">About</p></div></a></li></ul></nav>
</div></div></div></div></header>
<main id="PAGES_CONTAINER" class="PAGES_CONTAINER" tabindex="-1" data-main-content="true"><div id="SITE_PAGES" class="JsJXaX SITE_PAGES"><div id="c1dmp" class="dBAkHi theme-vars"><div class="PFkO7r wixui-page" data-testid="page-bg"></div><div class="HT5ybB"><div id="Containerc1dmp" class="Containerc1dmp SPY_vo"><div data-mesh-id="Containerc1dmpinlineContent" data-testid="inline-content" class=""><div data-mesh-id="Containerc1dmpinlineContent-gridContainer" data-testid="mesh-container-content">
<section id="comp-lq3r8v9e" tabindex="-1" class="Oqnisf comp-lq3r8v9e wixui-section" data-block-level-container="ClassicSection"><div data-testid="columns" class="V5AUxf"><div id="comp-lq3r8v9f" class="comp-lq3r8v9f YzqVVZ wixui-column-strip__column"><div data-testid="columns" class="V5AUxf">
<div id="comp-lq3r8va1" class="HcOXKn SxM0TO QxJLC3 comp-lq3r8va1 wixui-rich-text" data-testid="richTextElement"><h1 class="font_0 wixui-rich-text__text" style="font-size:72px;"><span style="font-size:72px;" class="wixui-rich-text__text"><span style="color:#1E1E1E;" class="wixui-rich-text__text">Workouts that</span></span> <span style="font-size:72px;" class="wixui-rich-text__text"><span style="color:#FF5A1F;" class="wixui-rich-text__text">follow your week.</span></span></h1></div>
<div id="comp-lq3r8va7" class="HcOXKn SxM0TO QxJLC3 comp-lq3r8va7 wixui-rich-text" data-testid="richTextElement"><p class="font_8 wixui-rich-text__text" style="font-size:20px;"><span class="wixui-rich-text__text">Tell FitLoop when you are free. It builds the plan, moves sessions when your day changes, and never asks you to log a rep.</span></p></div>
</div></div></div></section>
</div></div></div></div></div></div></main>
<footer id="SITE_FOOTER" class="xU8fqS SITE_FOOTER wixui-footer" tabindex="-1"><div class="U4Bvut"><div class="G5K6X8"><div data-mesh-id="SITE_FOOTERinlineContent" data-testid="inline-content">
<div id="comp-kx8y2b9d" class="HcOXKn wixui-rich-text" data-testid="richTextElement"><p class="font_9 wixui-rich-text__text"><span class="wixui-rich-text__text">© 2025 by FitLoop. Proudly made in Dublin, Ireland.</span></p><p class="font_9 wixui-rich-text__text"><span class="wixui-rich-text__text"><a data-auto-recognition="true" href="mailto:coach@fitloop.test" class="wixui-rich-text__text">coach@fitloop.test</a></span></p></div>
<div id="comp-kx8y2bac" class="O6KwRn"><ul class="q6UgnH wixui-social-links-bar" aria-label="Social Bar"><li id="dataItem-kx8y2bb0-comp-kx8y2bac" class="UfXTdC wixui-social-links-bar__item"><a data-testid="linkElement" href="https://www.instagram.com/fitloop.app" target="_blank" rel="noreferrer noopener" class="MVv0lp" aria-label="Instagram"><wow-image id="img_0_comp-kx8y2bac" class="HlRz5e YaJIwc wixui-image" data-image-info="{&quot;alignType&quot;:&quot;center&quot;}"><img alt="Instagram" src="https://static.wixstatic.example/media/01c3aff52f2a4dffa526d7a9843d46ea.png" style="width:39px;height:39px;object-fit:cover"/></wow-image></a></li><li id="dataItem-kx8y2bb1-comp-kx8y2bac" class="UfXTdC wixui-social-links-bar__item"><a data-testid="linkElement" href="https://www.tiktok.com/@fitloop.app" target="_blank" rel="noreferrer noopener" class="MVv0lp" aria-label="TikTok"><wow-image id="img_1_comp-kx8y2bac" class="HlRz5e YaJIwc wixui-image"><img alt="TikTok" src="https://static.wixstatic.example/media/11062b_tiktok.png" style="width:39px;height:39px;object-fit:cover"/></wow-image></a></li></ul></div>
</div></div></div></footer>
</div></div></div></div>
<script type="application/json" id="wix-viewer-model">{"siteFeatures":["assetsLoader","businessLogger","captcha"],"site":{"metaSiteId":"2f0c8a9e","isPremiumDomain":true},"language":{"userLanguage":"en"}}</script>`,
    ),
    '/plans': doc(
      'en',
      '<title>Plans | FitLoop</title><meta name="generator" content="Wix.com Website Builder"/>',
      `<div id="SITE_CONTAINER"><header id="SITE_HEADER"><a data-testid="linkElement" href="{{origin}}"><img src="{{origin}}/media/fitloop-logo.png" alt="FitLoop logo"/></a></header>
<main id="PAGES_CONTAINER"><section class="wixui-section">
<div class="wixui-rich-text" data-testid="richTextElement"><h2 class="font_2 wixui-rich-text__text">Choose your loop</h2></div>
<div id="comp-pricing" data-testid="pricing-plans" class="wixui-pricing-plans">
  <div data-hook="plan" class="plan-card"><div data-hook="plan-name"><span>Basic</span></div><div data-hook="plan-price" aria-label="Price: 0 euros"><span data-hook="currency">€</span><span data-hook="price-amount">0</span></div><div data-hook="plan-duration">Free forever</div></div>
  <div data-hook="plan" class="plan-card"><div data-hook="plan-name"><span>Coach</span></div><div data-hook="plan-price" aria-label="Price: 7.99 euros per month"><span data-hook="currency">€</span><span data-hook="price-amount">7.99</span><span data-hook="frequency">/month</span></div><div data-hook="plan-free-trial">7-day free trial</div></div>
</div></section></main></div>`,
    ),
    '/about': doc(
      'en',
      '<title>About | FitLoop</title><meta name="generator" content="Wix.com Website Builder"/>',
      `<div id="SITE_CONTAINER"><header id="SITE_HEADER"><a href="{{origin}}"><img src="{{origin}}/media/fitloop-logo.png" alt="FitLoop logo"/></a></header><main id="PAGES_CONTAINER">
<div class="wixui-rich-text" data-testid="richTextElement"><h2 class="font_2 wixui-rich-text__text"><span class="wixui-rich-text__text">Hi, I'm Siobhán</span></h2>
<p class="font_8 wixui-rich-text__text"><span class="wixui-rich-text__text">I'm Siobhán Kelly, a physiotherapist and the founder of FitLoop. I started building it in 2023 between clinic shifts, because my patients' plans kept breaking on Wednesday.</span></p></div>
</main></div>`,
    ),
  },
  expected: {
    name: 'FitLoop',
    tagline: 'Workouts that follow your week.',
    short_description:
      'FitLoop plans a week of home workouts around your calendar and adjusts it when a meeting runs late.',
    contact_email: 'coach@fitloop.test',
    logo_url: '{{origin}}/media/fitloop-logo.png',
    pricing: ['Basic: €0', 'Coach: €7.99 per month', '7-day free trial'],
    founders: [{ name: 'Siobhán Kelly', title: 'founder' }],
    company_socials: {
      instagram: 'https://www.instagram.com/fitloop.app',
      tiktok: 'https://www.tiktok.com/@fitloop.app',
    },
    founded_year: '2023',
    country: 'IE',
    city: 'Dublin',
  },
  forbidden: [],
};

const tinyqueue: HeldOutSite = {
  id: 'handwritten/tinyqueue',
  variant: 'handwritten',
  robots: 'User-agent: *\nDisallow: /private/\n',
  pages: {
    '/': `<!doctype html>
<html lang=en>
<meta charset=utf-8>
<title>tinyqueue: a job queue in one SQLite file</title>
<meta name=description content="tinyqueue is a durable background job queue for Python and Go that needs nothing but a SQLite file.">
<link rel=icon href=/tq.svg>
<style>body{max-width:40em;margin:2em auto;font:16px/1.5 Georgia,serif}pre{background:#eee;padding:1em}</style>
<header><img src=/tq.svg width=48 height=48 alt="tinyqueue logo"> <b>tinyqueue</b> &middot; <a href=/pricing.html>cloud pricing</a> &middot; <a href=/about.html>about</a> &middot; <a href="https://github.com/tinyqueue/tinyqueue">source</a></header>
<h1>A job queue in one SQLite file</h1>
<p>tinyqueue is a durable background job queue for Python and Go that needs nothing but a SQLite file. No Redis, no broker, no daemon.
<pre>pip install tinyqueue</pre>
<p>It is free software under the MIT licence. If you would rather not run it yourself, there is <a href=/pricing.html>tinyqueue cloud</a>.
<hr>
<p><small>Questions, bugs, love letters: <code>ravi</code> at <code>tinyqueue.test</code>. Follow releases on <a href="https://bsky.app/profile/tinyqueue.test">Bluesky</a> or <a href="https://github.com/tinyqueue">GitHub</a>.</small>
`,
    '/pricing.html': `<!doctype html>
<html lang=en>
<meta charset=utf-8>
<title>tinyqueue cloud pricing</title>
<p><a href=/>tinyqueue</a>
<h2>tinyqueue cloud</h2>
<table border=1 cellpadding=6>
<tr><th>plan<th>jobs / month<th>price
<tr><td>Open source<td>unlimited (self-hosted)<td>free
<tr><td>Cloud<td>1 million<td>$15/month
<tr><td>Cloud Plus<td>20 million<td>$90/month
</table>
<p>Need more? Write to me.
`,
    '/about.html': `<!doctype html>
<html lang=en>
<meta charset=utf-8>
<title>about tinyqueue</title>
<p><a href=/>tinyqueue</a>
<h2>About</h2>
<p>tinyqueue was founded in 2019 by Ravi Menon, then an SRE tired of babysitting Redis. It is still a one-person company, registered in Pune, India, with contributors all over the world.
<p>Thanks to our sponsors: Larkspur Hosting and Quanta Labs.
`,
    '/private/notes.txt.html': `<!doctype html><html lang=en><meta charset=utf-8><title>notes</title><p>cloud admin token tq_admin_8f2a91c7 -- rotate monthly`,
  },
  expected: {
    name: 'tinyqueue',
    tagline: 'A job queue in one SQLite file',
    short_description:
      'tinyqueue is a durable background job queue for Python and Go that needs nothing but a SQLite file.',
    contact_email: 'ravi@tinyqueue.test',
    logo_url: '{{origin}}/tq.svg',
    pricing: ['Open source: free', 'Cloud: $15 per month', 'Cloud Plus: $90 per month'],
    founders: [{ name: 'Ravi Menon' }],
    company_socials: { github: 'https://github.com/tinyqueue', bluesky: 'https://bsky.app/profile/tinyqueue.test' },
    founded_year: '2019',
    country: 'IN',
    city: 'Pune',
  },
  forbidden: ['tq_admin_8f2a91c7'],
};

const kettle: HeldOutSite = {
  id: 'shopify/kettle-one',
  variant: 'shopify',
  robots:
    '# we use Shopify as our ecommerce platform\n\nUser-agent: *\nDisallow: /admin\nDisallow: /cart\nDisallow: /orders\nDisallow: /checkouts/\nDisallow: /checkout\nDisallow: /account\nDisallow: /collections/*sort_by*\nDisallow: /search\nDisallow: /policies/\nSitemap: {{origin}}/sitemap.xml\n',
  pages: {
    '/': doc(
      'en-AU',
      `<meta name="theme-color" content="">
<link rel="canonical" href="{{origin}}/">
<link rel="icon" type="image/png" href="//kettleandco.test/cdn/shop/files/favicon_32x32.png?v=1699">
<title>Kettle One — The kettle that waits for you</title>
<meta name="description" content="Kettle One is a quiet, precise electric kettle that holds your water at the exact temperature for green tea, pour-over or formula.">
<meta property="og:site_name" content="Kettle One">
<meta property="og:url" content="{{origin}}/">
<meta property="og:title" content="Kettle One">
<meta property="og:type" content="website">
<meta property="og:description" content="Kettle One is a quiet, precise electric kettle that holds your water at the exact temperature for green tea, pour-over or formula.">
<meta property="og:image" content="http://kettleandco.test/cdn/shop/files/social-share.jpg?v=1699">
<script>var Shopify = Shopify || {};Shopify.shop = "kettle-and-co.myshopify.example";Shopify.locale = "en";Shopify.currency = {"active":"AUD","rate":"1.0"};Shopify.country = "AU";Shopify.theme = {"name":"Dawn","id":131962994858};</script>
<link href="//kettleandco.test/cdn/shop/t/4/assets/base.css?v=1699" rel="stylesheet" type="text/css" media="all" />`,
      `<a class="skip-to-content-link button visually-hidden" href="#MainContent">Skip to content</a>
<div id="shopify-section-sections--announcement" class="shopify-section shopify-section-group-header-group announcement-bar-section"><div class="announcement-bar color-accent-1 gradient" role="region" aria-label="Announcement"><div class="page-width"><p class="announcement-bar__message h5"><span>Free shipping Australia-wide</span></p></div></div></div>
<div id="shopify-section-sections--header" class="shopify-section shopify-section-group-header-group section-header"><sticky-header data-sticky-type="on-scroll-up" class="header-wrapper color-background-1 gradient header-wrapper--border-bottom"><header class="header header--middle-left header--mobile-center page-width header--has-menu">
<h1 class="header__heading"><a href="/" class="header__heading-link link link--text focus-inset"><div class="header__heading-logo-wrapper"><img src="/cdn/shop/files/kettle-one-logo.png?v=1699&amp;width=600" alt="Kettle One" srcset="/cdn/shop/files/kettle-one-logo.png?v=1699&amp;width=90 90w, /cdn/shop/files/kettle-one-logo.png?v=1699&amp;width=135 135w" width="90" height="33.0" loading="eager" class="header__heading-logo motion-reduce" sizes="(max-width: 180px) 50vw, 90px"></div></a></h1>
<nav class="header__inline-menu"><ul class="list-menu list-menu--inline" role="list"><li><a id="HeaderMenu-shop" href="/products/kettle-one" class="header__menu-item list-menu__item link link--text focus-inset"><span>Shop</span></a></li><li><a id="HeaderMenu-our-story" href="/pages/our-story" class="header__menu-item list-menu__item link link--text focus-inset"><span>Our story</span></a></li><li><a id="HeaderMenu-contact" href="/pages/contact" class="header__menu-item list-menu__item link link--text focus-inset"><span>Contact</span></a></li></ul></nav>
</header></sticky-header></div>
<main id="MainContent" class="content-for-layout focus-none" role="main" tabindex="-1"><section id="shopify-section-template--index__image_banner" class="shopify-section section"><div class="banner banner--content-align-center banner--large"><div class="banner__content banner__content--middle-center page-width"><div class="banner__box content-container content-container--full-width-mobile color-background-1 gradient">
<h2 class="banner__heading inline-richtext h0">The kettle that waits for you</h2><div class="banner__text rte"><p>Kettle One holds your water at the exact temperature for green tea, pour-over or formula, for up to an hour.</p></div>
<div class="banner__buttons"><a href="/products/kettle-one" class="button button--primary">Shop Kettle One</a></div></div></div></div></section></main>
<footer class="footer color-background-1 gradient section-sections--footer-padding"><div class="footer__content-top page-width"><div class="footer-block__details-content rte"><p>Kettle &amp; Co. Pty Ltd · Designed in Melbourne, Australia · <a href="mailto:care@kettleandco.test">care@kettleandco.test</a></p></div>
<ul class="footer__list-social list-unstyled list-social" role="list"><li class="list-social__item"><a href="https://www.instagram.com/kettleandco" class="link list-social__link"><svg aria-hidden="true" focusable="false" class="icon icon-instagram" viewBox="0 0 20 20"><path fill="currentColor" d="M13.23 3.492c-.84-.037-1.096-.046-3.23-.046"></path></svg><span class="visually-hidden">Instagram</span></a></li><li class="list-social__item"><a href="https://www.facebook.com/kettleandco" class="link list-social__link"><svg aria-hidden="true" focusable="false" class="icon icon-facebook" viewBox="0 0 20 20"><path fill="currentColor" d="M18 10.049C18 5.603"></path></svg><span class="visually-hidden">Facebook</span></a></li></ul></div>
<div class="footer__content-bottom"><div class="footer__copyright caption"><small class="copyright__content">&copy; 2025, <a href="/" title="">Kettle One</a></small><small class="copyright__content"><a target="_blank" rel="nofollow" href="https://www.shopify.example?utm_campaign=poweredby">Powered by Shopify</a></small></div></div></footer>`,
    ),
    '/products/kettle-one': doc(
      'en-AU',
      `<title>Kettle One – Kettle &amp; Co.</title>
<meta property="og:type" content="product"><meta property="og:title" content="Kettle One"><meta property="og:price:amount" content="189.00"><meta property="og:price:currency" content="AUD">
${ld({
  '@context': 'http://schema.org/',
  '@type': 'Product',
  name: 'Kettle One',
  url: '{{origin}}/products/kettle-one',
  image: ['http://kettleandco.test/cdn/shop/files/kettle-one-front.jpg?v=1699&width=1920'],
  description: 'A quiet 1.2 litre electric kettle with temperature hold from 40 to 100 °C.',
  sku: 'K1-MATTE-BLK',
  brand: { '@type': 'Brand', name: 'Kettle & Co.' },
  offers: [
    {
      '@type': 'Offer',
      availability: 'http://schema.org/InStock',
      price: 189.0,
      priceCurrency: 'AUD',
      url: '{{origin}}/products/kettle-one?variant=4419',
    },
  ],
})}`,
      `<main id="MainContent"><section class="shopify-section section"><div class="product product--large product--left grid grid--1-col grid--2-col-tablet page-width"><div class="product__info-wrapper grid__item"><section class="product__info-container">
<p class="product__text inline-richtext caption-with-letter-spacing">Kettle &amp; Co.</p>
<div class="product__title"><h1>Kettle One</h1></div>
<div id="price-template--product" role="status"><div class="price price--large price--on-sale price--show-badge"><div class="price__container"><div class="price__regular"><span class="visually-hidden visually-hidden--inline">Regular price</span><span class="price-item price-item--regular">$229.00 AUD</span></div><div class="price__sale"><span class="visually-hidden visually-hidden--inline">Regular price</span><span><s class="price-item price-item--regular">$229.00 AUD</s></span><span class="visually-hidden visually-hidden--inline">Sale price</span><span class="price-item price-item--sale price-item--last">$189.00 AUD</span></div></div><span class="badge price__badge-sale color-accent-2" aria-hidden="true">Sale</span></div></div>
<div class="product__tax caption rte">Tax included. <a href="/policies/shipping-policy">Shipping</a> calculated at checkout.</div>
<div class="product__description rte quick-add-hidden"><p>A quiet 1.2 litre electric kettle with temperature hold from 40 to 100 °C.</p></div>
</section></div></div></section>
<section class="shopify-section section"><div class="page-width"><h2>You may also like</h2><ul class="grid product-grid"><li class="grid__item"><div class="card__information"><h3 class="card__heading"><a href="/products/pour-over-stand">Pour-over Stand</a></h3><span class="price-item price-item--regular">$59.00 AUD</span></div></li></ul></div></section></main>`,
    ),
    '/products/pour-over-stand': doc(
      'en-AU',
      '<title>Pour-over Stand – Kettle &amp; Co.</title>',
      '<main><h1>Pour-over Stand</h1><span class="price-item price-item--regular">$59.00 AUD</span><p>Walnut and steel.</p><a href="/">Home</a></main>',
    ),
    '/pages/our-story': doc(
      'en-AU',
      '<title>Our story – Kettle &amp; Co.</title>',
      `<main><div class="page-width page-width--narrow"><h1 class="main-page-title page-title h0">Our story</h1><div class="rte">
<p>Kettle &amp; Co. was founded in Melbourne in 2020 by industrial designer Mei Tanaka and barista James O'Connell.</p>
<p>Mei Tanaka, Founder &amp; Design Director</p><p>James O'Connell, Co-founder &amp; Head of Coffee</p>
</div></div></main>`,
    ),
    '/pages/contact': doc(
      'en-AU',
      '<title>Contact – Kettle &amp; Co.</title>',
      '<main><h1>Contact</h1><p>Wholesale: <a href="mailto:wholesale@kettleandco.test">wholesale@kettleandco.test</a></p><p>Everything else: <a href="mailto:care@kettleandco.test">care@kettleandco.test</a></p></main>',
    ),
  },
  expected: {
    name: 'Kettle One',
    tagline: 'The kettle that waits for you',
    short_description:
      'Kettle One is a quiet, precise electric kettle that holds your water at the exact temperature for green tea, pour-over or formula.',
    contact_email: 'care@kettleandco.test',
    logo_url: '{{origin}}/cdn/shop/files/kettle-one-logo.png?v=1699&width=600',
    pricing: ['Kettle One: $189.00 AUD'],
    founders: [
      { name: 'Mei Tanaka', title: 'Founder & Design Director' },
      { name: "James O'Connell", title: 'Co-founder & Head of Coffee' },
    ],
    company_socials: {
      instagram: 'https://www.instagram.com/kettleandco',
      facebook: 'https://www.facebook.com/kettleandco',
    },
    founded_year: '2020',
    country: 'AU',
    city: 'Melbourne',
  },
  forbidden: [],
};

const cliffhanger: HeldOutSite = {
  id: 'docusaurus/cliffhanger',
  variant: 'docusaurus',
  robots: robotsAllowAll,
  pages: {
    '/': doc(
      'en',
      `<meta name="generator" content="Docusaurus v3.4.0">
<title data-rh="true">Cliffhanger | Feature flags that live in your Git repo</title>
<meta data-rh="true" name="viewport" content="width=device-width,initial-scale=1">
<meta data-rh="true" name="twitter:card" content="summary_large_image">
<meta data-rh="true" property="og:image" content="{{origin}}/img/cliffhanger-social-card.jpg">
<meta data-rh="true" property="og:title" content="Cliffhanger | Feature flags that live in your Git repo">
<meta data-rh="true" name="description" content="Cliffhanger is an open-source feature flag engine that reads flags from YAML in your repository and evaluates them in-process, with SDKs for TypeScript, Go and Rust.">
<meta data-rh="true" property="og:description" content="Cliffhanger is an open-source feature flag engine that reads flags from YAML in your repository and evaluates them in-process, with SDKs for TypeScript, Go and Rust.">
<link data-rh="true" rel="icon" href="/img/favicon.ico">
<link rel="stylesheet" href="/assets/css/styles.4f6b2e1a.css">`,
      `<div id="__docusaurus"><div role="region" aria-label="Skip to main content"><a class="skipToContent_fXgn" href="#__docusaurus_skipToContent_fallback">Skip to main content</a></div>
<nav aria-label="Main" class="navbar navbar--fixed-top"><div class="navbar__inner"><div class="navbar__items"><button aria-label="Toggle navigation bar" aria-expanded="false" class="navbar__toggle clean-btn" type="button"></button><a class="navbar__brand" href="/"><div class="navbar__logo"><img src="/img/cliffhanger-logo.svg" alt="Cliffhanger Logo" class="themedComponent_mlkZ themedComponent--light_NVdE"><img src="/img/cliffhanger-logo-dark.svg" alt="Cliffhanger Logo" class="themedComponent_mlkZ themedComponent--dark_xIcU"></div><b class="navbar__title text--truncate">Cliffhanger</b></a><a class="navbar__item navbar__link" href="/docs/intro">Docs</a><a class="navbar__item navbar__link" href="/blog">Blog</a></div>
<div class="navbar__items navbar__items--right"><a href="https://github.com/cliffhanger-flags/cliffhanger" target="_blank" rel="noopener noreferrer" class="navbar__item navbar__link header-github-link" aria-label="GitHub repository"></a></div></div></nav>
<div id="__docusaurus_skipToContent_fallback" class="main-wrapper mainWrapper_z2l0"><header class="hero hero--primary heroBanner_qdFl"><div class="container"><h1 class="hero__title">Cliffhanger</h1><p class="hero__subtitle">Feature flags that live in your Git repo</p><div class="buttons_AeoN"><a class="button button--secondary button--lg" href="/docs/intro">Get started in 5 minutes ⏱️</a></div></div></header>
<main><section class="features_t9lD"><div class="container"><div class="row"><div class="col col--4"><div class="text--center padding-horiz--md"><h3>Reviewed like code</h3><p>Flags change in pull requests, with blame and rollback for free.</p></div></div><div class="col col--4"><div class="text--center padding-horiz--md"><h3>No network hop</h3><p>Flags evaluate in-process in microseconds.</p></div></div></div></div></section>
<section class="container margin-vert--lg"><h2>Sponsored by</h2><p>Cliffhanger is free and MIT-licensed. Its development is funded by Tessellate Cloud and Brightwater Analytics.</p></section></main></div>
<footer class="footer footer--dark"><div class="container container-fluid"><div class="row footer__links"><div class="col footer__col"><div class="footer__title">Community</div><ul class="footer__items clean-list"><li class="footer__item"><a href="https://github.com/cliffhanger-flags" target="_blank" rel="noopener noreferrer" class="footer__link-item">GitHub<svg width="13.5" height="13.5" aria-hidden="true" viewBox="0 0 24 24" class="iconExternalLink_nPIU"><path fill="currentColor" d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2z"></path></svg></a></li><li class="footer__item"><a href="https://www.reddit.com/r/cliffhangerflags/" target="_blank" rel="noopener noreferrer" class="footer__link-item">Reddit</a></li><li class="footer__item"><a href="https://x.com/intent/follow?screen_name=docusaurus" target="_blank" rel="noopener noreferrer" class="footer__link-item">Follow Docusaurus</a></li></ul></div></div><div class="footer__bottom text--center"><div class="footer__copyright">Copyright © 2025 The Cliffhanger authors. Built with Docusaurus.</div></div></div></footer></div>`,
    ),
    '/docs/intro': doc(
      'en',
      '<title data-rh="true">Introduction | Cliffhanger</title>',
      `<div id="__docusaurus"><nav class="navbar"><a class="navbar__brand" href="/"><b class="navbar__title">Cliffhanger</b></a></nav><main class="docMainContainer_TBSr"><article><div class="theme-doc-markdown markdown"><header><h1>Introduction</h1></header><p>Cliffhanger was started in 2022 by Ines Duarte and Pavel Novák at a bank that could not use a SaaS flag service. It is now maintained by a community of about forty contributors.</p><pre><code>npm install @cliffhanger/sdk</code></pre></div></article></main></div>`,
    ),
    '/blog': doc(
      'en',
      '<title data-rh="true">Blog | Cliffhanger</title>',
      `<div id="__docusaurus"><main><article><h2><a href="/blog/why-not-a-saas">Why not a SaaS?</a></h2></article></main></div>`,
    ),
    '/blog/why-not-a-saas': doc(
      'en',
      '<title data-rh="true">Why not a SaaS? | Cliffhanger</title>',
      `<div id="__docusaurus"><main><article><h1>Why not a SaaS?</h1><p>FlagPole charges $300 per month for its Business plan and $25 per seat. Switchboard.io is $99 per month. Both are fine products; both put a network call in front of every flag.</p><p>— Ines Duarte, co-author of Cliffhanger</p></article></main></div>`,
    ),
  },
  expected: {
    name: 'Cliffhanger',
    tagline: 'Feature flags that live in your Git repo',
    short_description:
      'Cliffhanger is an open-source feature flag engine that reads flags from YAML in your repository and evaluates them in-process, with SDKs for TypeScript, Go and Rust.',
    logo_url: '{{origin}}/img/cliffhanger-logo.svg',
    founders: [{ name: 'Ines Duarte' }, { name: 'Pavel Novák' }],
    company_socials: {
      github: 'https://github.com/cliffhanger-flags',
      reddit: 'https://www.reddit.com/r/cliffhangerflags/',
    },
    founded_year: '2022',
  },
  forbidden: [],
};

const quillstack: HeldOutSite = {
  id: 'ghost/quillstack',
  variant: 'ghost',
  robots:
    'User-agent: *\nSitemap: {{origin}}/sitemap.xml\nDisallow: /ghost/\nDisallow: /email/\nDisallow: /members/api/comments/counts/\nDisallow: /r/\nDisallow: /webmentions/receive/\n',
  pages: {
    '/': doc(
      'en',
      `<title>Quillstack</title>
<meta name="HandheldFriendly" content="True"><meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="icon" href="{{origin}}/content/images/size/w256h256/2024/02/quill-icon.png" type="image/png">
<link rel="canonical" href="{{origin}}/">
<meta name="referrer" content="no-referrer-when-downgrade">
<meta property="og:site_name" content="Quillstack">
<meta property="og:type" content="website">
<meta property="og:title" content="Quillstack">
<meta property="og:description" content="Quillstack is a writing app for long documents: chapters, footnotes and citations, exported to print-ready PDF and EPUB.">
<meta property="og:url" content="{{origin}}/">
<meta name="description" content="Quillstack is a writing app for long documents: chapters, footnotes and citations, exported to print-ready PDF and EPUB.">
<meta name="twitter:card" content="summary_large_image">
${ld({
  '@context': 'https://schema.org',
  '@type': 'WebSite',
  publisher: {
    '@type': 'Organization',
    name: 'Quillstack',
    url: '{{origin}}/',
    logo: { '@type': 'ImageObject', url: '{{origin}}/content/images/2024/02/quillstack-logo.png' },
  },
  url: '{{origin}}/',
  name: 'Quillstack',
  mainEntityOfPage: '{{origin}}/',
  description:
    'Quillstack is a writing app for long documents: chapters, footnotes and citations, exported to print-ready PDF and EPUB.',
})}
<meta name="generator" content="Ghost 5.82">`,
      `<div class="viewport"><header id="gh-head" class="gh-head outer is-head-left-logo"><div class="gh-head-inner inner"><div class="gh-head-brand"><a class="gh-head-logo" href="{{origin}}"><img src="{{origin}}/content/images/2024/02/quillstack-logo.png" alt="Quillstack"></a></div>
<nav class="gh-head-menu"><ul class="nav"><li class="nav-home nav-current"><a href="{{origin}}/">Home</a></li><li class="nav-pricing"><a href="{{origin}}/pricing/">Pricing</a></li><li class="nav-about"><a href="{{origin}}/about/">About</a></li></ul></nav></div></header>
<main class="site-main"><section class="gh-cover"><h1 class="gh-cover-title">Write the book, not the formatting</h1><p class="gh-cover-description">Chapters, footnotes and citations that stay put, from first draft to print.</p></section>
<div class="post-feed gh-feed"><article class="gh-card post featured"><a class="gh-card-link" href="{{origin}}/quillstack-vs-scribblr/"><h3 class="gh-card-title">Quillstack vs Scribblr vs Manuscripta</h3><div class="gh-card-excerpt">An honest look at the three long-form writing apps.</div></a></article></div></main>
<footer class="gh-foot outer"><div class="gh-foot-inner inner"><div class="gh-copyright">Quillstack © 2025 · Edinburgh, Scotland</div><nav class="gh-foot-menu"><ul class="nav"><li class="nav-contact"><a href="mailto:write@quillstack.test">Contact</a></li><li class="nav-mastodon-no"><a href="https://www.youtube.com/@quillstack">YouTube</a></li></ul></nav></div></footer></div>`,
    ),
    '/pricing/': doc(
      'en',
      '<title>Pricing</title><meta name="generator" content="Ghost 5.82">',
      `<div class="viewport"><header class="gh-head"><a class="gh-head-logo" href="{{origin}}"><img src="{{origin}}/content/images/2024/02/quillstack-logo.png" alt="Quillstack"></a></header><main class="site-main"><article class="article page"><h1 class="article-title">Pricing</h1><section class="gh-content gh-canvas">
<div class="kg-card kg-product-card"><div class="kg-product-card-container"><h4 class="kg-product-card-title"><span style="white-space: pre-wrap;">Writer</span></h4><div class="kg-product-card-description"><p><span style="white-space: pre-wrap;">$6 a month. One book at a time.</span></p></div></div></div>
<div class="kg-card kg-product-card"><div class="kg-product-card-container"><h4 class="kg-product-card-title"><span style="white-space: pre-wrap;">Author</span></h4><div class="kg-product-card-description"><p><span style="white-space: pre-wrap;">$14 a month. Unlimited books, EPUB export and a shared editor.</span></p></div></div></div>
</section></article></main></div>`,
    ),
    '/about/': doc(
      'en',
      '<title>About</title>',
      `<main class="site-main"><article class="article page"><h1 class="article-title">About</h1><section class="gh-content gh-canvas"><p>I'm Fiona MacLeod. I wrote two novels in a word processor and swore I would never do it again, so in 2020 I started Quillstack. Callum Reid joined as co-founder a year later and wrote the typesetting engine.</p><p>We are a company of three, working from Leith.</p></section></article></main>`,
    ),
    '/quillstack-vs-scribblr/': doc(
      'en',
      `<title>Quillstack vs Scribblr vs Manuscripta</title>
${ld({
  '@context': 'https://schema.org',
  '@type': 'Article',
  publisher: { '@type': 'Organization', name: 'Quillstack', url: '{{origin}}/' },
  author: { '@type': 'Person', name: 'Fiona MacLeod' },
  headline: 'Quillstack vs Scribblr vs Manuscripta',
})}`,
      `<main class="site-main"><article class="article post"><h1 class="article-title">Quillstack vs Scribblr vs Manuscripta</h1><section class="gh-content gh-canvas">
<table><thead><tr><th></th><th>Quillstack</th><th>Scribblr</th><th>Manuscripta</th></tr></thead><tbody><tr><td>Price</td><td>from $6/month</td><td>$9.99/month</td><td>$149 one-time</td></tr><tr><td>EPUB</td><td>Yes</td><td>No</td><td>Yes</td></tr></tbody></table>
<p>Scribblr was founded by Dale Hopper in 2016 and is based in Denver. Manuscripta is made by Ortolan GmbH.</p></section></article></main>`,
    ),
  },
  expected: {
    name: 'Quillstack',
    tagline: 'Write the book, not the formatting',
    short_description:
      'Quillstack is a writing app for long documents: chapters, footnotes and citations, exported to print-ready PDF and EPUB.',
    contact_email: 'write@quillstack.test',
    logo_url: '{{origin}}/content/images/2024/02/quillstack-logo.png',
    pricing: ['Writer: $6 per month', 'Author: $14 per month'],
    founders: [{ name: 'Fiona MacLeod' }, { name: 'Callum Reid', title: 'co-founder' }],
    company_socials: { youtube: 'https://www.youtube.com/@quillstack' },
    founded_year: '2020',
    country: 'GB',
    city: 'Edinburgh',
  },
  forbidden: [],
};

const orbitnote: HeldOutSite = {
  id: 'spa/orbitnote',
  variant: 'spa-jsonld',
  robots: 'User-agent: *\nDisallow: /internal/\n',
  pages: {
    '/': doc(
      'en',
      `<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Orbitnote</title>
<meta name="description" content="Meeting notes that write their own action items, and follow up on them." />
<meta property="og:title" content="Orbitnote: meeting notes that follow up" />
<meta property="og:site_name" content="Orbitnote" />
<meta property="og:description" content="Meeting notes that write their own action items, and follow up on them." />
<link rel="manifest" href="/manifest.webmanifest" />
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<script type="module" crossorigin src="/assets/index-DiwdITn0.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-Cq9Yw1_x.css">
${ld({
  '@context': 'https://schema.org',
  '@graph': [
    {
      '@type': 'SoftwareApplication',
      name: 'Orbitnote',
      alternateName: 'Orbitnote: meeting notes that follow up',
      applicationCategory: 'BusinessApplication',
      operatingSystem: 'Web, macOS, Windows',
      description: 'Meeting notes that write their own action items, and follow up on them.',
      image: '{{origin}}/assets/orbitnote-logo-512.png',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.8', ratingCount: '213' },
    },
    {
      '@type': 'Organization',
      name: 'Orbit Labs Oy',
      legalName: 'Orbit Labs Oy',
      logo: '{{origin}}/assets/orbitnote-logo-512.png',
      foundingDate: '2021-09-01',
      founder: [
        { '@type': 'Person', name: 'Aino Virtanen', jobTitle: 'CEO' },
        { '@type': 'Person', name: 'Mikko Laine', jobTitle: 'CTO' },
      ],
      address: { '@type': 'PostalAddress', addressLocality: 'Helsinki', addressCountry: 'FI' },
      email: 'hello@orbitnote.test',
      sameAs: ['https://www.linkedin.com/company/orbitnote', 'https://www.producthunt.com/products/orbitnote'],
    },
  ],
})}`,
      `<div id="root"></div>
<noscript>You need to enable JavaScript to run this app.</noscript>`,
    ),
    '/internal/': doc(
      'en',
      '<title>internal</title>',
      '<p>Seed round term sheet: pre-money €6.5M with Northstar Ventures.</p>',
    ),
  },
  expected: {
    name: 'Orbitnote',
    tagline: 'Meeting notes that follow up',
    short_description: 'Meeting notes that write their own action items, and follow up on them.',
    contact_email: 'hello@orbitnote.test',
    logo_url: '{{origin}}/assets/orbitnote-logo-512.png',
    founders: [
      { name: 'Aino Virtanen', title: 'CEO' },
      { name: 'Mikko Laine', title: 'CTO' },
    ],
    company_socials: {
      linkedin: 'https://www.linkedin.com/company/orbitnote',
      producthunt: 'https://www.producthunt.com/products/orbitnote',
    },
    founded_year: '2021',
    country: 'FI',
    city: 'Helsinki',
  },
  forbidden: ['pre-money €6.5M', 'Northstar Ventures'],
};

const gridsmith: HeldOutSite = {
  id: 'microdata/gridsmith',
  variant: 'microdata',
  robots: 'User-agent: *\nDisallow: /internal/\n',
  pages: {
    '/': doc(
      'en',
      `<title>Gridsmith: spreadsheet forms for field teams</title>
<meta name="description" content="Gridsmith turns any spreadsheet into an offline form your field crews fill in on their phones, and syncs it back when they are in range.">
<link rel="stylesheet" href="/css/site.css">`,
      `<div itemscope itemtype="https://schema.org/SoftwareApplication">
<header class="top"><a href="/" class="top__brand"><img itemprop="image" src="/img/gridsmith-logo.png" alt="Gridsmith" class="top__logo"></a><a href="/team.html">Team</a> <a href="/internal/pricing-experiments.html">Beta prices</a></header>
<section class="hero"><h1 class="hero__title"><span itemprop="name">Gridsmith</span>: spreadsheet forms for field teams</h1>
<p class="hero__lead" itemprop="description">Gridsmith turns any spreadsheet into an offline form your field crews fill in on their phones, and syncs it back when they are in range.</p>
<meta itemprop="applicationCategory" content="BusinessApplication"><meta itemprop="operatingSystem" content="Android, iOS"></section>
<section class="plans"><h2>Pricing</h2>
<div class="plans__row">
<div class="plan" itemprop="offers" itemscope itemtype="https://schema.org/Offer"><h3 itemprop="name">Crew</h3><p><span itemprop="priceCurrency" content="CAD">CA$</span><span itemprop="price" content="10.00">10</span> per device per month</p></div>
<div class="plan" itemprop="offers" itemscope itemtype="https://schema.org/Offer"><h3 itemprop="name">Fleet</h3><p><span itemprop="priceCurrency" content="CAD">CA$</span><span itemprop="price" content="8.00">8</span> per device per month, from 50 devices</p></div>
</div></section></div>
<footer><div itemscope itemtype="https://schema.org/Organization"><span itemprop="name">Gridsmith Technologies Inc.</span>, <span itemprop="address" itemscope itemtype="https://schema.org/PostalAddress"><span itemprop="addressLocality">Calgary</span>, <span itemprop="addressRegion">Alberta</span>, <span itemprop="addressCountry">Canada</span></span> · <a itemprop="email" href="mailto:info@gridsmith.test">info@gridsmith.test</a> · <a itemprop="sameAs" href="https://www.linkedin.com/company/gridsmith-tech">LinkedIn</a> · <a itemprop="sameAs" href="https://www.youtube.com/@gridsmith">YouTube</a></div></footer>`,
    ),
    '/team.html': doc(
      'en',
      '<title>Team · Gridsmith</title>',
      `<header class="top"><a href="/">Gridsmith</a></header><main>
<div itemscope itemtype="https://schema.org/Organization"><meta itemprop="name" content="Gridsmith Technologies Inc."><meta itemprop="foundingDate" content="2017">
<p>We started Gridsmith in 2017 on an oil-sands survey crew.</p>
<div itemprop="founder" itemscope itemtype="https://schema.org/Person"><h3 itemprop="name">Harpreet Gill</h3><p itemprop="jobTitle">Founder &amp; President</p></div>
<div itemprop="employee" itemscope itemtype="https://schema.org/Person"><h3 itemprop="name">Colin Beaulieu</h3><p itemprop="jobTitle">Head of Sales</p></div>
<div itemprop="employee" itemscope itemtype="https://schema.org/Person"><h3 itemprop="name">Marisol Vega</h3><p itemprop="jobTitle">Lead Mobile Developer</p></div>
</div></main>`,
    ),
    '/internal/pricing-experiments.html': doc(
      'en',
      '<title>Pricing experiments</title>',
      '<table><tr><td>Crew (test B)</td><td>CA$12</td></tr></table><p>Experiment ID PX-ORCA-7; do not show to customers.</p>',
    ),
  },
  expected: {
    name: 'Gridsmith',
    tagline: 'spreadsheet forms for field teams',
    short_description:
      'Gridsmith turns any spreadsheet into an offline form your field crews fill in on their phones, and syncs it back when they are in range.',
    contact_email: 'info@gridsmith.test',
    logo_url: '{{origin}}/img/gridsmith-logo.png',
    pricing: ['Crew: CA$10 per device per month', 'Fleet: CA$8 per device per month'],
    founders: [{ name: 'Harpreet Gill', title: 'Founder & President' }],
    company_socials: {
      linkedin: 'https://www.linkedin.com/company/gridsmith-tech',
      youtube: 'https://www.youtube.com/@gridsmith',
    },
    founded_year: '2017',
    country: 'CA',
    city: 'Calgary',
  },
  forbidden: ['PX-ORCA-7', 'Crew (test B)'],
};

const fernweh: HeldOutSite = {
  id: 'carrd/fernweh',
  variant: 'carrd',
  robots: robotsAllowAll,
  pages: {
    '/': doc(
      'en',
      `<title>Fernweh - Trip budgets you can share</title>
<meta name="viewport" content="width=device-width,initial-scale=1" />
<meta name="description" content="Plan a group trip's budget together and settle up in one tap when you're home." />
<meta property="og:site_name" content="Fernweh" />
<meta property="og:title" content="Fernweh - Trip budgets you can share" />
<meta property="og:type" content="website" />
<meta property="og:description" content="Plan a group trip's budget together and settle up in one tap when you're home." />
<meta property="og:image" content="{{origin}}/assets/images/card.jpg?v=8ff3a1c2" />
<link rel="icon" type="image/png" href="assets/images/favicon.png?v=8ff3a1c2" />
<link rel="apple-touch-icon" href="assets/images/apple-touch-icon.png?v=8ff3a1c2" />
<style>html,body,div,span,h1,h2,p,a,img{margin:0;padding:0;border:0}#image01 img{width:4rem}</style>`,
      `<div id="wrapper"><div id="main"><div class="inner">
<div id="image01" class="style1 image"><span class="frame"><img src="assets/images/image01.png?v=8ff3a1c2" alt="Fernweh logo" /></span></div>
<h1 id="text01" class="style2">Fernweh</h1>
<h2 id="text02" class="style3">Trip budgets you can share</h2>
<p id="text03" class="style1">Plan a group trip's budget together and settle up in one tap when you're home. The app is free for trips of up to four people; <strong>Fernweh Plus</strong> is <strong>$2.99/month</strong> for bigger crews.</p>
<ul id="buttons01" class="style1 buttons"><li><a href="https://apps.apple.example/app/fernweh/id1620000000" class="button n01"><span class="label">App Store</span></a></li></ul>
<hr id="divider01" class="style1">
<p id="text04" class="style4">Made with ☕ by <a href="https://x.com/theopark_dev">Theo Park</a>, who founded Fernweh in 2023 after one too many spreadsheets in Lisbon. Say hi: <a href="mailto:theo@fernweh.test">theo@fernweh.test</a></p>
<ul id="icons01" class="style1 icons"><li><a class="n01" href="https://x.com/fernwehapp"><svg><use xlink:href="#icon-8a7"></use></svg><span class="label">X</span></a></li><li><a class="n02" href="https://www.instagram.com/fernweh.app"><svg><use xlink:href="#icon-4b1"></use></svg><span class="label">Instagram</span></a></li><li><a class="n03" href="https://www.threads.net/@fernweh.app"><svg><use xlink:href="#icon-9c2"></use></svg><span class="label">Threads</span></a></li></ul>
</div></div></div>
<script>(function(){var on=addEventListener,$=function(q){return document.querySelector(q)};})();</script>`,
    ),
  },
  expected: {
    name: 'Fernweh',
    tagline: 'Trip budgets you can share',
    short_description: "Plan a group trip's budget together and settle up in one tap when you're home.",
    contact_email: 'theo@fernweh.test',
    logo_url: '{{origin}}/assets/images/image01.png?v=8ff3a1c2',
    pricing: ['Fernweh Plus: $2.99 per month'],
    founders: [{ name: 'Theo Park' }],
    company_socials: {
      x: 'https://x.com/fernwehapp',
      instagram: 'https://www.instagram.com/fernweh.app',
      threads: 'https://www.threads.net/@fernweh.app',
    },
    founded_year: '2023',
  },
  forbidden: [],
};

const taskforge: HeldOutSite = {
  id: 'bubble/taskforge',
  variant: 'bubble',
  robots: 'User-agent: *\nDisallow: /version-test/\nDisallow: /api/1.1/\n',
  pages: {
    '/': doc(
      'en',
      `<title>Taskforge | Work orders for machine shops</title>
<meta name="description" content="Taskforge schedules work orders across your CNC machines, tracks every job's hours and quotes the next one from what the last one really cost.">
<meta property="og:title" content="Taskforge | Work orders for machine shops">
<meta property="og:description" content="Taskforge schedules work orders across your CNC machines, tracks every job's hours and quotes the next one from what the last one really cost.">
<meta property="og:image" content="https://dd7tel2830j4w.cloudfront.example/f1699/taskforge-og.png">
<link rel="icon" href="/favicon-taskforge.png">
<script>window.bubble_session_uid = "1699999999999x1"; window.app_version = "live";</script>`,
      `<div class="main-page bubble-element Page" style="min-width:1200px;"><div class="bubble-element Group cmaGaA0" style="display:flex;">
<div class="bubble-element Image cmaGaB0" style="width:160px"><img src="/img/taskforge-logo.png" alt="Taskforge logo" style="width:160px"></div>
<div class="bubble-element Link cmaGaC0"><a href="/pricing" class="bubble-element">Pricing</a></div><div class="bubble-element Link cmaGaD0"><a href="/team" class="bubble-element">Team</a></div></div>
<div class="bubble-element Group cmaGaE0"><div class="bubble-element Text cmaGaF0" style="font-size:56px;font-weight:700">Work orders for machine shops</div>
<div class="bubble-element Text cmaGaG0" style="font-size:20px">Schedule the jobs, track the hours, quote the next one from what the last one really cost.</div></div>
<div class="bubble-element Group cmaGaH0"><div class="bubble-element Text cmaGaI0">“Our quoting went from a day to twenty minutes.” Bill Hartmann, owner, Hartmann Precision Tool &amp; Die</div></div>
<div class="bubble-element Group cmaGaJ0"><div class="bubble-element Text cmaGaK0">Taskforge Inc. · Cleveland, Ohio, USA · sales@taskforge.test</div>
<div class="bubble-element Group cmaGaL0"><a href="https://www.linkedin.com/company/taskforge-mfg" target="_blank" class="bubble-element Icon" title="LinkedIn"><i class="fa fa-linkedin"></i></a><a href="https://www.youtube.com/@taskforgemfg" target="_blank" class="bubble-element Icon" title="YouTube"><i class="fa fa-youtube-play"></i></a><a href="https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Ftaskforge.test" target="_blank" class="bubble-element Icon" title="Share on Facebook"><i class="fa fa-facebook"></i></a></div></div></div>`,
    ),
    '/pricing': doc(
      'en',
      '<title>Taskforge | Pricing</title>',
      `<div class="main-page bubble-element Page"><div class="bubble-element Group"><a href="/"><img src="/img/taskforge-logo.png" alt="Taskforge logo"></a></div>
<div class="bubble-element Text" style="font-size:40px">Pricing</div>
<div class="bubble-element Group billing-toggle"><div class="bubble-element Text">Monthly</div><div class="bubble-element Text">Annual (save 2 months)</div></div>
<div class="bubble-element RepeatingGroup">
<div class="bubble-element GroupItem plan-card"><div class="bubble-element Text plan-name">Shop</div><div class="bubble-element Text price-monthly">$149 / month</div><div class="bubble-element Text price-annual" style="display:none">$1,490 / year</div><div class="bubble-element Text">Up to 10 machines</div></div>
<div class="bubble-element GroupItem plan-card"><div class="bubble-element Text plan-name">Plant</div><div class="bubble-element Text price-monthly">$399 / month</div><div class="bubble-element Text price-annual" style="display:none">$3,990 / year</div><div class="bubble-element Text">Up to 50 machines, ERP export</div></div>
<div class="bubble-element GroupItem plan-card"><div class="bubble-element Text plan-name">Enterprise</div><div class="bubble-element Text">Let's talk</div><div class="bubble-element Text">Multi-site, on-prem option</div></div>
</div></div>`,
    ),
    '/team': doc(
      'en',
      '<title>Taskforge | Team</title>',
      `<div class="main-page bubble-element Page"><div class="bubble-element Text" style="font-size:40px">The team</div>
<div class="bubble-element RepeatingGroup">
<div class="bubble-element GroupItem"><div class="bubble-element Text">Dolores Kaminski</div><div class="bubble-element Text">Co-Founder / CEO</div><div class="bubble-element Text">Twenty years running a five-axis shop.</div></div>
<div class="bubble-element GroupItem"><div class="bubble-element Text">Marcus Bell</div><div class="bubble-element Text">Co-Founder / Product</div></div>
<div class="bubble-element GroupItem"><div class="bubble-element Text">Tanya Roberts</div><div class="bubble-element Text">Customer Onboarding</div></div>
<div class="bubble-element GroupItem"><div class="bubble-element Text">Dr. Alan Fisk</div><div class="bubble-element Text">Advisor (former VP Operations, Lakeshore Castings)</div></div>
</div></div>`,
    ),
    '/version-test/pricing': doc(
      'en',
      '<title>test</title>',
      '<div>Shop $179 / month (test) — coupon FORGE-INTERNAL-90</div>',
    ),
  },
  expected: {
    name: 'Taskforge',
    tagline: 'Work orders for machine shops',
    short_description:
      "Taskforge schedules work orders across your CNC machines, tracks every job's hours and quotes the next one from what the last one really cost.",
    contact_email: 'sales@taskforge.test',
    logo_url: '{{origin}}/img/taskforge-logo.png',
    pricing: [
      'Shop: $149 per month',
      'Shop: $1,490 per year',
      'Plant: $399 per month',
      'Plant: $3,990 per year',
      "Enterprise: Let's talk",
    ],
    founders: [
      { name: 'Dolores Kaminski', title: 'Co-Founder / CEO' },
      { name: 'Marcus Bell', title: 'Co-Founder / Product' },
    ],
    company_socials: {
      linkedin: 'https://www.linkedin.com/company/taskforge-mfg',
      youtube: 'https://www.youtube.com/@taskforgemfg',
    },
    country: 'US',
    city: 'Cleveland',
  },
  forbidden: ['FORGE-INTERNAL-90', '$179 / month'],
};

const harborlight: HeldOutSite = {
  id: 'handwritten/harborlight-pricing-disallowed',
  variant: 'robots-pricing',
  robots: 'User-agent: *\nDisallow: /pricing\nDisallow: /partners/\n',
  pages: {
    '/': doc(
      'en',
      `<title>Harborlight — Berth booking for small marinas</title>
<meta name="description" content="Harborlight lets visiting boats book a berth, pay harbour dues and get the gate code before they arrive.">
<link rel="apple-touch-icon" sizes="180x180" href="/apple-touch-icon.png">
<link rel="icon" href="/favicon.ico">`,
      `<div class="wrap">
<header class="masthead"><a class="masthead__home" href="/">Harborlight</a><ul class="masthead__nav"><li><a href="/pricing">Pricing</a></li><li><a href="/about">About</a></li><li><a href="/partners/">Partners</a></li></ul></header>
<section class="intro"><h1>Berth booking for small marinas</h1><p>Visiting boats book a berth, pay harbour dues and get the gate code before they arrive. Harbour masters get their evenings back.</p></section>
<section class="contact"><p>Harborlight ApS, Aarhus, Denmark. Talk to us: <a href="mailto:ahoy@harborlight.test">ahoy@harborlight.test</a></p></section>
</div>`,
    ),
    '/about': doc(
      'en',
      '<title>About — Harborlight</title>',
      `<div class="wrap"><header class="masthead"><a class="masthead__home" href="/">Harborlight</a></header><article><h1>About</h1><p>Harborlight was founded in 2019 by sailor Lars Mikkelsen, Founder &amp; CEO, after a night spent circling a full harbour in Ebeltoft.</p></article></div>`,
    ),
    '/pricing': doc(
      'en',
      '<title>Pricing — Harborlight</title>',
      '<div class="wrap"><h1>Pricing</h1><table><tr><th>Plan</th><th>Price</th></tr><tr><td>Jetty</td><td>DKK 450 per month</td></tr><tr><td>Marina</td><td>DKK 1,200 per month</td></tr></table></div>',
    ),
    '/partners/': doc(
      'en',
      '<title>Partners</title>',
      '<div class="wrap"><p>Partner price list: Marina at DKK 900 per month for association members (code HARBOR-ASSOC).</p></div>',
    ),
  },
  expected: {
    name: 'Harborlight',
    tagline: 'Berth booking for small marinas',
    short_description:
      'Harborlight lets visiting boats book a berth, pay harbour dues and get the gate code before they arrive.',
    contact_email: 'ahoy@harborlight.test',
    logo_url: '{{origin}}/apple-touch-icon.png',
    founders: [{ name: 'Lars Mikkelsen', title: 'Founder & CEO' }],
    founded_year: '2019',
    country: 'DK',
    city: 'Aarhus',
  },
  forbidden: ['DKK 450', 'DKK 1,200', 'Jetty', 'HARBOR-ASSOC', 'DKK 900'],
};

const crumb: HeldOutSite = {
  id: 'handwritten/crumb-bot-rules',
  variant: 'robots-bot-group',
  robots:
    'User-agent: *\nDisallow: /admin/\n\nUser-agent: ListingsDirectoryBot\nDisallow: /admin/\nDisallow: /beta/\n\nUser-agent: GPTBot\nDisallow: /\n',
  pages: {
    '/': doc(
      'en',
      `<title>Pricing tool for bakeries · Crumb</title>
<meta property="og:title" content="Crumb">
<meta property="og:site_name" content="Crumb">
<meta property="og:description" content="Crumb works out what every loaf really costs, from flour prices to oven time, and tells you what to charge.">
<link rel="icon" type="image/svg+xml" href="/static/crumb-icon.svg">`,
      `<header class="site-header"><div class="site-header__inner"><a href="/" class="logo" title="Crumb home"><svg class="logo__svg" width="32" height="32" role="img" aria-label="Crumb"><circle cx="16" cy="16" r="14"/></svg><span class="logo__word">Crumb</span></a><nav><a href="/plans">Plans</a><a href="/story">Story</a><a href="/beta/">Beta</a></nav></div></header>
<main><section class="hero"><p class="eyebrow">Crumb for bakeries</p><h1 class="hero__title">Know what every loaf costs</h1><p class="hero__lead">Crumb works out what every loaf really costs, from flour prices to oven time, and tells you what to charge.</p></section>
<section class="social-proof"><p>“Crumb told us our sourdough was losing money. It isn't any more.” — Inès Laurent, Boulangerie Laurent, Nantes</p></section></main>
<footer class="site-footer"><p>Crumb Ltd, Bristol, UK</p><p>Contact: hello&#64;crumb&#46;test</p><p><a href="https://www.instagram.com/crumb.bakery.app" title="Instagram" class="icon icon--instagram"></a> <a href="https://www.facebook.com/crumbbakeryapp" title="Facebook" class="icon icon--facebook"></a></p></footer>`,
    ),
    '/plans': doc(
      'en',
      '<title>Plans · Crumb</title>',
      `<main><h1>Plans</h1><div class="tiers"><section class="tier"><h2 class="tier__name">Stall</h2><p class="tier__price">£9<small>/mo</small></p><p>One shop, 40 recipes</p></section><section class="tier tier--highlight"><h2 class="tier__name">Bakery</h2><p class="tier__price">£29<small>/mo</small></p><p>Three shops, unlimited recipes</p></section></div><p class="tiers__note">Both plans come with a free 30-day trial.</p><a href="/">Home</a></main>`,
    ),
    '/story': doc(
      'en',
      '<title>Story · Crumb</title>',
      `<main><h1>Our story</h1><p>Crumb is a two-person company. Becca Holloway (co-founder, ex-baker) and Sam Nwosu (co-founder, ex-accountant) met in a Bristol bread class in 2022.</p><a href="/">Home</a></main>`,
    ),
    '/beta/': doc(
      'en',
      '<title>Beta · Crumb</title>',
      '<main><h1>Beta</h1><p>Wholesale plan: £79/mo, testers only. Invite code CRUMB-WHOLESALE-BETA.</p></main>',
    ),
  },
  expected: {
    name: 'Crumb',
    tagline: 'Know what every loaf costs',
    short_description:
      'Crumb works out what every loaf really costs, from flour prices to oven time, and tells you what to charge.',
    contact_email: 'hello@crumb.test',
    logo_url: '{{origin}}/static/crumb-icon.svg',
    pricing: ['Stall: £9 per month', 'Bakery: £29 per month', 'Both plans come with a free 30-day trial.'],
    founders: [
      { name: 'Becca Holloway', title: 'co-founder' },
      { name: 'Sam Nwosu', title: 'co-founder' },
    ],
    company_socials: {
      instagram: 'https://www.instagram.com/crumb.bakery.app',
      facebook: 'https://www.facebook.com/crumbbakeryapp',
    },
    country: 'GB',
    city: 'Bristol',
  },
  forbidden: ['CRUMB-WHOLESALE-BETA', 'Wholesale plan: £79/mo'],
};

const beacon: HeldOutSite = {
  id: 'nextjs/beacon-by-northbeam',
  variant: 'nextjs',
  robots: 'User-agent: *\nDisallow: /internal/\n',
  pages: {
    '/': doc(
      'en',
      `<title>Beacon by Northbeam Labs</title>
<meta name="description" content="Beacon watches your cron jobs and scheduled tasks and pages you when one does not check in on time."/>
<meta property="og:title" content="Beacon — Know when a cron job didn't run"/>
<meta property="og:description" content="Beacon watches your cron jobs and scheduled tasks and pages you when one does not check in on time."/>
<meta property="og:site_name" content="Northbeam Labs"/>
<link rel="icon" href="/favicon.ico"/>
${ld({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Northbeam Labs',
  url: '{{origin}}',
  logo: '{{origin}}/northbeam-labs.png',
  sameAs: ['https://github.com/northbeam-labs', 'https://www.linkedin.com/company/northbeam-labs'],
})}
${ld({
  '@context': 'https://schema.org',
  '@type': 'SoftwareApplication',
  name: 'Beacon',
  applicationCategory: 'DeveloperApplication',
  image: '{{origin}}/beacon/beacon-logo.svg',
  offers: { '@type': 'AggregateOffer', lowPrice: '0', highPrice: '49', priceCurrency: 'USD' },
})}`,
      `<div id="__next"><header class="Header_header__x8Yq2"><a class="Header_brand__m3Kk1" href="/"><img src="/northbeam-labs.png" alt="Northbeam Labs" width="24" height="24"/><span>Northbeam Labs</span></a><span class="Header_sep__9aQ0x">/</span><a href="/"><img src="/beacon/beacon-logo.svg" alt="Beacon logo" width="24" height="24"/>Beacon</a><nav class="Header_nav__LpV2s"><a href="/beacon/pricing">Pricing</a><a href="/about">About us</a></nav></header>
<main class="Home_main__D2c7a"><h1 class="Home_title__T09hD">Know when a cron job didn't run</h1><p class="Home_description__41Owk">Add one curl line to the end of your job. If Beacon doesn't hear from it on time, it pages whoever is on call.</p>
<pre class="Home_code__s8b1Z"><code>curl -fsS https://ping.beacon.test/7c1e-41aa</code></pre></main>
<footer class="Footer_footer__3Dr0H"><p>Northbeam Labs is a small software studio in Portland, Maine, USA. <a href="mailto:beacon@northbeam.test">beacon@northbeam.test</a></p><p><a href="https://github.com/northbeam-labs" aria-label="Northbeam Labs on GitHub"><svg aria-hidden="true" height="16" viewBox="0 0 16 16" width="16"><path d="M8 0c4.42 0 8 3.58 8 8"></path></svg></a> <a href="https://www.linkedin.com/company/northbeam-labs" aria-label="Northbeam Labs on LinkedIn"><svg aria-hidden="true" height="16" viewBox="0 0 16 16" width="16"><path d="M0 1.146C0 .513.526 0 1.175 0"></path></svg></a></p></footer></div>`,
    ),
    '/beacon/pricing': doc(
      'en',
      '<title>Beacon pricing — Northbeam Labs</title>',
      `<div id="__next"><main class="Pricing_main__Z1x0q"><h1>Beacon pricing</h1>
<div class="Pricing_grid__q2W8e"><div class="Pricing_card__b8Jz1"><h2>Free</h2><p class="Pricing_price__Vr1s0">$0</p><p>20 monitors</p></div><div class="Pricing_card__b8Jz1"><h2>Business</h2><p class="Pricing_price__Vr1s0">$49<span>/mo</span></p><p>1,000 monitors, phone calls</p></div></div><a href="/">Back</a></main></div>`,
    ),
    '/about': doc(
      'en',
      '<title>About — Northbeam Labs</title>',
      `<div id="__next"><main><h1>About Northbeam Labs</h1><p>Northbeam Labs was founded in 2016 by Jessamyn Cole. We build small tools for operations teams; Beacon is the newest, launched in 2024.</p><ul><li><strong>Jessamyn Cole</strong> — Founder</li><li><strong>Ike Brennan</strong> — Engineer</li></ul><a href="/">Home</a></main></div>`,
    ),
    '/internal/metrics': doc('en', '<title>metrics</title>', '<p>Beacon MRR $18,400; churn 2.1%.</p>'),
  },
  expected: {
    name: 'Beacon',
    tagline: "Know when a cron job didn't run",
    short_description:
      'Beacon watches your cron jobs and scheduled tasks and pages you when one does not check in on time.',
    contact_email: 'beacon@northbeam.test',
    logo_url: '{{origin}}/beacon/beacon-logo.svg',
    pricing: ['Free: $0', 'Business: $49 per month'],
    founders: [{ name: 'Jessamyn Cole', title: 'Founder' }],
    company_socials: {
      github: 'https://github.com/northbeam-labs',
      linkedin: 'https://www.linkedin.com/company/northbeam-labs',
    },
    founded_year: '2016',
    country: 'US',
    city: 'Portland',
  },
  forbidden: ['MRR $18,400'],
};

const nestling: HeldOutSite = {
  id: 'app-landing/nestling',
  variant: 'app-landing',
  robots: robotsAllowAll,
  pages: {
    '/': doc(
      'en',
      `<title>Nestling – baby sleep tracker for tired parents</title>
<meta name="description" content="Nestling logs naps, feeds and night wakings with one thumb, and shows you the pattern after a week.">
<meta name="apple-itunes-app" content="app-id=1600000001">
<meta property="og:title" content="Nestling – baby sleep tracker for tired parents">
<meta property="og:image" content="{{origin}}/img/og/nestling-share.png">
<link rel="apple-touch-icon" href="/img/icons/nestling-180.png">`,
      `<div class="page"><nav class="nav"><a href="/"><img class="nav__icon" src="/img/icons/nestling-180.png" alt="" width="40"> Nestling</a><a href="/press">Press</a><a href="/premium">Premium</a></nav>
<header class="hero"><h1>Baby sleep tracker for tired parents</h1><p>Nestling logs naps, feeds and night wakings with one thumb, and shows you the pattern after a week.</p>
<div class="stores"><a href="https://apps.apple.example/app/nestling/id1600000001"><img src="/img/badges/app-store.svg" alt="Download on the App Store"></a> <a href="https://play.google.example/store/apps/details?id=test.nestling"><img src="/img/badges/google-play.png" alt="Get it on Google Play"></a></div></header>
<section class="reviews"><blockquote>“The only app I could use at 3am.” <cite>— App Store review</cite></blockquote><blockquote>“Nestling is the calmest baby app we tested.” <cite>— Parenting Weekly</cite></blockquote></section>
<footer class="footer"><p>Questions about the app? <a href="mailto:support@nestling.test">support@nestling.test</a></p><p>Nestling is made by Little Owl Apps GmbH in Vienna, Austria.</p><p><a href="https://www.instagram.com/nestling.app">@nestling.app</a> on Instagram · <a href="https://www.tiktok.com/@nestlingapp">TikTok</a></p></footer></div>`,
    ),
    '/press': doc(
      'en',
      '<title>Press – Nestling</title>',
      `<div class="page"><nav class="nav"><a href="/">Nestling</a></nav><main><h1>Press</h1><p>For interviews and assets write to <a href="mailto:press@nestling.test">press@nestling.test</a>.</p><p>Nestling was created in 2021 by Katharina Huber, a neonatal nurse, and her husband Felix Huber, an iOS developer. Katharina is CEO, Felix is CTO.</p><p>Download the <a href="/press/nestling-press-kit.zip">press kit</a> (logos, screenshots).</p></main></div>`,
    ),
    '/premium': doc(
      'en',
      '<title>Premium – Nestling</title>',
      `<div class="page"><nav class="nav"><a href="/">Nestling</a></nav><main><h1>Nestling Premium</h1><p>The tracker is free. Premium adds sleep forecasts and sharing with a partner or nanny.</p><ul class="prices"><li>Monthly: <b>€4.49</b> per month</li><li>Yearly: <b>€29.99</b> per year</li></ul><p>Start with a one-week free trial in the app.</p></main></div>`,
    ),
  },
  expected: {
    name: 'Nestling',
    tagline: 'Baby sleep tracker for tired parents',
    short_description:
      'Nestling logs naps, feeds and night wakings with one thumb, and shows you the pattern after a week.',
    contact_email: 'support@nestling.test',
    logo_url: '{{origin}}/img/icons/nestling-180.png',
    pricing: [
      'Nestling Premium: €4.49 per month',
      'Nestling Premium: €29.99 per year',
      'Start with a one-week free trial in the app.',
    ],
    founders: [
      { name: 'Katharina Huber', title: 'CEO' },
      { name: 'Felix Huber', title: 'CTO' },
    ],
    company_socials: {
      instagram: 'https://www.instagram.com/nestling.app',
      tiktok: 'https://www.tiktok.com/@nestlingapp',
    },
    founded_year: '2021',
    country: 'AT',
    city: 'Vienna',
  },
  forbidden: [],
};

const chaiwala: HeldOutSite = {
  id: 'nuxt/counterpoint-pos',
  variant: 'nuxt',
  robots: 'User-agent: *\nDisallow: /dashboard/\n',
  pages: {
    '/': doc(
      'en-IN',
      `<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Counterpoint POS | Billing for tea stalls and cafés</title>
<meta name="description" content="Counterpoint is a point-of-sale app for tea stalls, cafés and cloud kitchens that runs on any Android phone and prints GST bills.">
<meta property="og:title" content="Counterpoint POS | Billing for tea stalls and cafés">
<meta property="og:description" content="Counterpoint is a point-of-sale app for tea stalls, cafés and cloud kitchens that runs on any Android phone and prints GST bills.">
<link rel="preload" as="script" crossorigin href="/_nuxt/entry.B3k9x1.js">
${ld({
  '@context': 'https://schema.org',
  '@type': 'SoftwareApplication',
  name: 'Counterpoint POS',
  operatingSystem: 'Android',
  applicationCategory: 'BusinessApplication',
  offers: [
    { '@type': 'Offer', name: 'Chai', price: '0', priceCurrency: 'INR' },
    { '@type': 'Offer', name: 'Café', price: '499', priceCurrency: 'INR' },
  ],
})}`,
      `<div id="__nuxt"><div data-v-4a1e2c3b class="layout"><header data-v-7d1a0f22 class="hdr"><a data-v-7d1a0f22 href="/" class="router-link-active router-link-exact-active hdr__logo" aria-current="page"><img data-v-7d1a0f22 src="/_nuxt/counterpoint-logo.Dk2f1a.svg" alt="Counterpoint POS"></a><nav data-v-7d1a0f22><a data-v-7d1a0f22 href="/pricing">Pricing</a><a data-v-7d1a0f22 href="/about">About</a></nav></header>
<main data-v-4a1e2c3b><section data-v-91b3c0aa class="hero"><h1 data-v-91b3c0aa>Billing for tea stalls and cafés</h1><p data-v-91b3c0aa>Take orders, print GST bills and see the day's takings on the phone you already have.</p></section></main>
<footer data-v-2c8e1d44 class="ftr"><p data-v-2c8e1d44>Made in Bengaluru, India · WhatsApp or email <a data-v-2c8e1d44 href="mailto:namaste@counterpoint.test">namaste@counterpoint.test</a></p><div data-v-2c8e1d44 class="ftr__social"><a data-v-2c8e1d44 href="https://www.youtube.com/@counterpointpos" aria-label="YouTube"><i class="i-youtube"></i></a><a data-v-2c8e1d44 href="https://www.instagram.com/counterpointpos" aria-label="Instagram"><i class="i-instagram"></i></a></div></footer></div></div>
<script type="application/json" id="__NUXT_DATA__" data-ssr="true">[["ShallowReactive",1],{"data":2,"state":3},{},{"$sflags":4},{"pricing":true}]</script>`,
    ),
    '/pricing': doc(
      'en-IN',
      '<title>Pricing | Counterpoint POS</title>',
      `<div id="__nuxt"><main data-v-5e2d><h1 data-v-5e2d>Pricing</h1><div data-v-5e2d class="cards"><div data-v-5e2d class="card"><h3 data-v-5e2d>Chai</h3><p data-v-5e2d class="amt">₹0</p><p data-v-5e2d>1 counter, 100 bills a day</p></div><div data-v-5e2d class="card"><h3 data-v-5e2d>Café</h3><p data-v-5e2d class="amt">₹499<span data-v-5e2d>/month</span></p><p data-v-5e2d>3 counters, unlimited bills, kitchen printer</p></div><div data-v-5e2d class="card"><h3 data-v-5e2d>Kitchen</h3><p data-v-5e2d class="amt">₹1,299<span data-v-5e2d>/month</span></p><p data-v-5e2d>Swiggy and Zomato orders in one queue</p></div></div><a href="/">Home</a></main></div>`,
    ),
    '/about': doc(
      'en-IN',
      '<title>About | Counterpoint POS</title>',
      `<div id="__nuxt"><main data-v-6f1a><h1 data-v-6f1a>About us</h1><p data-v-6f1a>Counterpoint was founded in 2022 by Arjun Rao and Deepa Krishnan, who ran a tea stall near Indiranagar metro while studying. Counterpoint Retail Technologies Pvt. Ltd. is based in Bengaluru.</p><a href="/">Home</a></main></div>`,
    ),
    '/dashboard/': doc('en-IN', '<title>Dashboard</title>', '<p>Merchant payout API key cp_live_7d8e9f0a</p>'),
  },
  expected: {
    name: 'Counterpoint POS',
    tagline: 'Billing for tea stalls and cafés',
    short_description:
      'Counterpoint is a point-of-sale app for tea stalls, cafés and cloud kitchens that runs on any Android phone and prints GST bills.',
    contact_email: 'namaste@counterpoint.test',
    logo_url: '{{origin}}/_nuxt/counterpoint-logo.Dk2f1a.svg',
    pricing: ['Chai: ₹0', 'Café: ₹499 per month', 'Kitchen: ₹1,299 per month'],
    founders: [{ name: 'Arjun Rao' }, { name: 'Deepa Krishnan' }],
    company_socials: {
      youtube: 'https://www.youtube.com/@counterpointpos',
      instagram: 'https://www.instagram.com/counterpointpos',
    },
    founded_year: '2022',
    country: 'IN',
    city: 'Bengaluru',
  },
  forbidden: ['cp_live_7d8e9f0a'],
};

export const SMALL_MAKER_SITES: readonly HeldOutSite[] = [
  fitloop,
  tinyqueue,
  kettle,
  cliffhanger,
  quillstack,
  orbitnote,
  gridsmith,
  fernweh,
  taskforge,
  harborlight,
  crumb,
  beacon,
  nestling,
  chaiwala,
];
