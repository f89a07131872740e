import { doc, ld } from './chrome.ts';
import type { HeldOutSite } from './types.ts';

/** English product sites as the big site builders print them (Webflow, Framer, Next.js, Squarespace, WordPress, Wix). */

const ledgerly: HeldOutSite = {
  id: 'webflow/ledgerly',
  variant: 'webflow',
  robots: 'User-agent: *\nDisallow: /internal/\nDisallow: /drafts/\n\nSitemap: {{origin}}/sitemap.xml\n',
  pages: {
    '/': doc(
      'en',
      `<title>Ledgerly — Invoices in one click | Ledgerly</title>
<meta content="Ledgerly turns your timesheets into invoices, sends them and chases late payers, so small agencies get paid without the spreadsheet." name="description">
<meta content="Ledgerly — Invoices in one click" property="og:title">
<meta content="Ledgerly turns your timesheets into invoices, sends them and chases late payers, so small agencies get paid without the spreadsheet." property="og:description">
<meta content="{{origin}}/images/og-card.jpg" property="og:image">
<meta content="width=device-width, initial-scale=1" name="viewport">
<link href="https://cdn.webflow.example/ledgerly/css/ledgerly.webflow.a1b2c3.min.css" rel="stylesheet" type="text/css">
<link href="{{origin}}/images/favicon.ico" rel="shortcut icon" type="image/x-icon">
${ld({
  '@context': 'https://schema.org',
  '@graph': [
    {
      '@type': 'Organization',
      name: 'Ledgerly Technologies Ltd',
      legalName: 'Ledgerly Technologies Ltd',
      url: '{{origin}}/',
      logo: '{{origin}}/images/ledgerly-mark.svg',
      address: { '@type': 'PostalAddress', addressLocality: 'London', addressCountry: 'GB' },
    },
    { '@type': 'WebSite', name: 'Ledgerly', url: '{{origin}}/' },
  ],
})}`,
      `<div data-collapse="medium" data-animation="default" data-duration="400" class="navbar w-nav" role="banner">
  <div class="container-nav w-container">
    <a href="/" aria-current="page" class="brand w-nav-brand w--current"><img src="images/ledgerly-mark.svg" loading="lazy" width="132" alt="" class="image-logo"></a>
    <nav role="navigation" class="nav-menu w-nav-menu">
      <a href="/pricing" class="nav-link w-nav-link">Pricing</a>
      <a href="/about" class="nav-link w-nav-link">About</a>
      <a href="/blog/ledgerly-vs-billbarn" class="nav-link w-nav-link">Blog</a>
      <a href="https://app.ledgerly.test/login" class="nav-link w-nav-link">Log in</a>
      <a href="https://app.ledgerly.test/signup" class="button-primary w-button">Start free</a>
    </nav>
    <div class="menu-button w-nav-button"><div class="w-icon-nav-menu"></div></div>
  </div>
</div>
<div class="section-hero">
  <div class="w-layout-blockcontainer container-large w-container">
    <div class="div-block-12">
      <div class="div-block-13">
        <h1 class="heading-hero">Invoices in one click</h1>
        <p class="paragraph-hero">Track the hours, press <strong>Send</strong>, get paid. Ledgerly writes the invoice from your timesheet and follows up until it is settled.</p>
        <div class="div-block-14"><a href="https://app.ledgerly.test/signup" class="button-primary w-button">Try Ledgerly free</a></div>
      </div>
      <div class="div-block-15"><img src="images/hero-dashboard.webp" loading="lazy" sizes="(max-width: 991px) 90vw, 600px" srcset="images/hero-dashboard-p-500.webp 500w, images/hero-dashboard.webp 1200w" alt="Ledgerly dashboard"></div>
    </div>
  </div>
</div>
<div class="section-logos"><div class="text-block-7">Trusted by 2,000+ studios, including</div>
  <div class="w-layout-grid grid-logos"><img src="images/logo-pinecrest.svg" alt="Pinecrest Studio"><img src="images/logo-orbit.svg" alt="Orbit & Co"><img src="images/logo-halden.svg" alt="Halden Design"></div>
</div>
<div class="section-testimonial"><div class="w-container"><div class="testimonial-card">
  <p class="testimonial-text">“We stopped chasing invoices the week we switched.”</p>
  <div class="testimonial-author"><div class="text-block-9">Priya Raman</div><div class="text-block-10">Founder, Orbit &amp; Co</div></div>
</div></div></div>
<footer class="footer"><div class="w-container"><div class="w-layout-grid footer-grid">
  <div><img src="images/ledgerly-mark.svg" alt="" class="footer-logo"><div class="footer-text">Made in London, United Kingdom.</div></div>
  <div><a href="/pricing" class="footer-link">Pricing</a><a href="/about" class="footer-link">About</a><a href="/legal/privacy" class="footer-link">Privacy</a></div>
  <div class="footer-social">
    <a href="https://www.linkedin.com/company/ledgerly-app" target="_blank" class="social-link w-inline-block" aria-label="LinkedIn"><img src="images/icon-linkedin.svg" loading="lazy" alt=""></a>
    <a href="https://x.com/ledgerlyapp" target="_blank" class="social-link w-inline-block" aria-label="X (Twitter)"><img src="images/icon-x.svg" loading="lazy" alt=""></a>
  </div>
  <div class="footer-text">© 2025 Ledgerly Technologies Ltd. <a href="mailto:hello@ledgerly.test" class="footer-link">hello@ledgerly.test</a></div>
</div></div></footer>
<script src="https://cdn.webflow.example/js/webflow.a1b2c3.js" type="text/javascript"></script>`,
      'data-wf-page="65f0c1" data-wf-site="65f0bf"',
    ),
    '/pricing': doc(
      'en',
      `<title>Pricing | Ledgerly</title><meta content="Simple plans for freelancers and studios." name="description">`,
      `<div class="navbar w-nav"><a href="/" class="brand w-nav-brand"><img src="images/ledgerly-mark.svg" alt="Ledgerly home"></a></div>
<div class="section-pricing"><div class="container-large w-container">
  <h1 class="heading-2">Pricing that grows with your studio</h1>
  <div class="w-layout-grid pricing-grid">
    <div id="w-node-a1" class="pricing-card">
      <div class="pricing-card-top"><h3 class="heading-plan">Solo</h3><div class="price-wrap"><div class="price-text">£0</div><div class="price-period">/month</div></div></div>
      <ul role="list" class="list-features w-list-unstyled"><li>5 invoices a month</li><li>1 user</li></ul>
    </div>
    <div id="w-node-a2" class="pricing-card featured">
      <div class="pricing-card-top"><div class="badge">Most popular</div><h3 class="heading-plan">Studio</h3><div class="price-wrap"><div class="price-text">£18</div><div class="price-period">/month</div></div></div>
      <ul role="list" class="list-features w-list-unstyled"><li>Unlimited invoices</li><li>Automatic reminders</li><li>Up to 5 users</li></ul>
    </div>
    <div id="w-node-a3" class="pricing-card">
      <div class="pricing-card-top"><h3 class="heading-plan">Agency</h3><div class="price-wrap"><div class="price-text">£45</div><div class="price-period">/month</div></div></div>
      <ul role="list" class="list-features w-list-unstyled"><li>Unlimited users</li><li>Client portal</li></ul>
    </div>
  </div>
  <p class="pricing-note">All paid plans come with a 30-day free trial. Prices exclude VAT.</p>
</div></div>
<footer class="footer"><a href="mailto:hello@ledgerly.test">hello@ledgerly.test</a></footer>`,
    ),
    '/about': doc(
      'en',
      `<title>About | Ledgerly</title>`,
      `<div class="navbar w-nav"><a href="/" class="brand w-nav-brand"><img src="images/ledgerly-mark.svg" alt="Ledgerly home"></a></div>
<div class="section"><div class="w-container">
  <h1>We were the agency that never got paid on time</h1>
  <p class="paragraph-large">Ledgerly started in 2020, when two designers got tired of chasing clients for money. Today we are a team of eleven in Shoreditch.</p>
  <div class="w-layout-grid team-grid">
    <div class="team-card"><img src="images/team-nadia.jpg" alt="" class="team-photo"><div class="team-name">Nadia Okafor</div><div class="team-role">Co-founder &amp; CEO</div></div>
    <div class="team-card"><img src="images/team-tom.jpg" alt="" class="team-photo"><div class="team-name">Tom Whitfield</div><div class="team-role">Co-founder &amp; CTO</div></div>
    <div class="team-card"><img src="images/team-lee.jpg" alt="" class="team-photo"><div class="team-name">Lee Carver</div><div class="team-role">Head of Customer Success</div></div>
    <div class="team-card"><img src="images/team-ana.jpg" alt="" class="team-photo"><div class="team-name">Ana Sousa</div><div class="team-role">Senior Engineer</div></div>
  </div>
</div></div>`,
    ),
    '/blog/ledgerly-vs-billbarn': doc(
      'en',
      `<title>Ledgerly vs BillBarn: an honest comparison | Ledgerly</title>
<meta property="og:title" content="Ledgerly vs BillBarn: an honest comparison">`,
      `<div class="navbar w-nav"><a href="/" class="brand w-nav-brand"><img src="images/ledgerly-mark.svg" alt="Ledgerly home"></a></div>
<article class="blog-post"><h1 class="heading-post">Ledgerly vs BillBarn: an honest comparison</h1>
<div class="rich-text w-richtext">
<p>BillBarn is a fine tool. It was founded in 2012 by Gary Mott and starts at £29 per month for its Standard plan, with Premium at £59 per month.</p>
<p>If you invoice from timesheets, Ledgerly's Studio plan does the same for less. Reach BillBarn at sales@billbarn.example if you want their quote.</p>
</div></article>`,
    ),
    '/internal/roadmap': doc(
      'en',
      `<title>Roadmap (internal)</title><meta name="robots" content="noindex">`,
      `<h1>Q3 roadmap</h1><p>Raise Studio to £24/month in October. Acquisition talks with Tallyhoo codename HEDGEROW.</p>`,
    ),
  },
  expected: {
    name: 'Ledgerly',
    tagline: 'Invoices in one click',
    short_description:
      'Ledgerly turns your timesheets into invoices, sends them and chases late payers, so small agencies get paid without the spreadsheet.',
    contact_email: 'hello@ledgerly.test',
    logo_url: '{{origin}}/images/ledgerly-mark.svg',
    pricing: [
      'Solo: £0 per month',
      'Studio: £18 per month',
      'Agency: £45 per month',
      'All paid plans come with a 30-day free trial.',
    ],
    founders: [
      { name: 'Nadia Okafor', title: 'Co-founder & CEO' },
      { name: 'Tom Whitfield', title: 'Co-founder & CTO' },
    ],
    company_socials: { linkedin: 'https://www.linkedin.com/company/ledgerly-app', x: 'https://x.com/ledgerlyapp' },
    founded_year: '2020',
    country: 'GB',
    city: 'London',
  },
  forbidden: ['HEDGEROW', 'Raise Studio to £24/month', 'Tallyhoo'],
};

const pollen: HeldOutSite = {
  id: 'framer/pollen',
  variant: 'framer',
  robots: 'User-agent: *\nAllow: /\n',
  pages: {
    '/': doc(
      'en',
      `<title>Pollen</title>
<meta name="description" content="Pollen is a shared calendar for plant nurseries: watering, repotting and deliveries planned for the whole crew.">
<meta property="og:type" content="website">
<meta property="og:title" content="Pollen">
<meta property="og:description" content="Pollen is a shared calendar for plant nurseries: watering, repotting and deliveries planned for the whole crew.">
<meta property="og:image" content="https://framerusercontent.example/images/pollen-social.png">
<meta name="generator" content="Framer 2b8e41c">
<link rel="icon" href="https://framerusercontent.example/images/pollen-favicon.png">
<link rel="apple-touch-icon" href="/assets/pollen-touch-icon.png">
<style data-framer-css-ssr-minified>.framer-Xq1bc{display:flex}.framer-1k2n3{font-size:64px}</style>`,
      `<div id="main" data-framer-hydrate-v2="{&quot;routeId&quot;:&quot;augiA20Il&quot;}">
<div class="framer-Xq1bc framer-v-72rtr7" data-framer-name="Desktop" style="min-height:100vh;width:auto">
  <nav class="framer-1fd7w7" data-framer-name="Nav">
    <a class="framer-1d2x4pl framer-18p8pmz" data-framer-name="Logo" href="./"><div class="framer-9v3ubz" data-framer-component-type="RichTextContainer"><p class="framer-text" style="--font-selector:SW50ZXItQm9sZA==">pollen</p></div></a>
    <a class="framer-text framer-styles-preset-1wicq5s" href="./pricing">Pricing</a>
    <a class="framer-text framer-styles-preset-1wicq5s" href="./story">Our story</a>
  </nav>
  <section class="framer-1k2n3" data-framer-name="Hero">
    <div class="framer-q2z9w6" data-framer-component-type="RichTextContainer">
      <h1 class="framer-text framer-styles-preset-1x7kyc1"><span class="framer-text" style="--framer-text-color:rgb(24, 84, 44)">The crew calendar</span> <span class="framer-text">for plant nurseries</span></h1>
    </div>
    <div class="framer-ypu6nn" data-framer-component-type="RichTextContainer"><p class="framer-text framer-styles-preset-21ogod">Watering rounds, repotting days and van routes in one plan your whole team can see.</p></div>
  </section>
  <section class="framer-1jv0x0s" data-framer-name="Quote">
    <p class="framer-text">“Pollen replaced three whiteboards and a WhatsApp group.” — Jonas Lind, owner of Grönt &amp; Gott Plantskola</p>
  </section>
  <footer class="framer-w3xe3z" data-framer-name="Footer">
    <div class="framer-1y6ci8a"><p class="framer-text">Pollen is made in Malmö, Sweden. Questions? <a class="framer-text" href="mailto:team@pollen.test">team@pollen.test</a></p></div>
    <div class="framer-l1r8jg" data-framer-name="Socials">
      <a class="framer-1tdcn6p framer-lux5qc" href="https://www.instagram.com/pollen.crew/" target="_blank" rel="noopener"><div class="framer-1h9zw10" data-framer-component-type="SVG"><svg viewBox="0 0 24 24"><path d="M12 2.2c3.2 0 3.6 0 4.8.1"></path></svg></div></a>
      <a class="framer-1tdcn6p framer-lux5qc" href="https://www.linkedin.com/company/pollen-crew/" target="_blank" rel="noopener"><div class="framer-1h9zw10" data-framer-component-type="SVG"><svg viewBox="0 0 24 24"><path d="M20.4 20.5h-3.6v-5.6"></path></svg></div></a>
    </div>
  </footer>
</div></div>
<script type="module" src="https://framerusercontent.example/sites/pollen/script_main.js"></script>`,
    ),
    '/pricing': doc(
      'en',
      `<title>Pricing – Pollen</title><meta name="generator" content="Framer 2b8e41c">`,
      `<div id="main"><div class="framer-Xq1bc" data-framer-name="Desktop">
<nav class="framer-1fd7w7"><a href="./">pollen</a></nav>
<div class="framer-1r0n1mo" data-framer-name="Pricing"><h2 class="framer-text">Plans</h2>
<table class="framer-text framer-table">
  <thead><tr><th></th><th>Seedling</th><th>Greenhouse</th><th>Estate</th></tr></thead>
  <tbody>
    <tr><td>Monthly</td><td>€0</td><td>€24</td><td>€79</td></tr>
    <tr><td>Yearly</td><td>€0</td><td>€240</td><td>€790</td></tr>
    <tr><td>Crew members</td><td>3</td><td>15</td><td>Unlimited</td></tr>
  </tbody>
</table>
<p class="framer-text">Prices per nursery, VAT excluded.</p>
</div></div></div>`,
    ),
    '/story': doc(
      'en',
      `<title>Our story – Pollen</title>`,
      `<div id="main"><div class="framer-Xq1bc" data-framer-name="Desktop">
<nav class="framer-1fd7w7"><a href="./">pollen</a></nav>
<div class="framer-8ax0z1" data-framer-component-type="RichTextContainer">
<h1 class="framer-text">Our story</h1>
<p class="framer-text">Pollen was founded in 2021 by Anna Berg and Omar Haddad, after a summer spent watering the wrong greenhouse twice. Anna ran her family's nursery outside Lund; Omar built scheduling software for hospitals.</p>
<p class="framer-text">We are six people, based in Malmö, and we answer every support email ourselves.</p>
</div></div></div>`,
    ),
  },
  expected: {
    name: 'Pollen',
    tagline: 'The crew calendar for plant nurseries',
    short_description:
      'Pollen is a shared calendar for plant nurseries: watering, repotting and deliveries planned for the whole crew.',
    contact_email: 'team@pollen.test',
    logo_url: '{{origin}}/assets/pollen-touch-icon.png',
    pricing: [
      'Seedling: €0 per month',
      'Greenhouse: €24 per month',
      'Greenhouse: €240 per year',
      'Estate: €79 per month',
      'Estate: €790 per year',
    ],
    founders: [{ name: 'Anna Berg' }, { name: 'Omar Haddad' }],
    company_socials: {
      instagram: 'https://www.instagram.com/pollen.crew/',
      linkedin: 'https://www.linkedin.com/company/pollen-crew/',
    },
    founded_year: '2021',
    country: 'SE',
    city: 'Malmö',
  },
  forbidden: [],
};

const shipyard: HeldOutSite = {
  id: 'nextjs/shipyard',
  variant: 'nextjs',
  robots: 'User-agent: *\nDisallow: /admin/\nDisallow: /api/\n',
  pages: {
    '/': doc(
      'en',
      `<meta name="viewport" content="width=device-width"/><title>Shipyard · Preview environments for every pull request</title>
<meta name="description" content="Shipyard spins up a full copy of your app for every pull request and tears it down when you merge."/>
<meta property="og:site_name" content="Shipyard"/><meta property="og:title" content="Shipyard · Preview environments for every pull request"/>
<meta property="og:description" content="Shipyard spins up a full copy of your app for every pull request and tears it down when you merge."/>
<meta name="twitter:card" content="summary_large_image"/><meta name="twitter:site" content="@shipyardhq"/>
<link rel="icon" href="/favicon.ico" sizes="any"/><link rel="preload" href="/_next/static/media/a34f9d1faa5f3315-s.p.woff2" as="font" crossorigin="" type="font/woff2"/>
<link rel="stylesheet" href="/_next/static/css/7e1c1b0ed1e8a5d3.css" data-precedence="next"/>
${ld({
  '@context': 'https://schema.org',
  '@type': 'WebApplication',
  name: 'Shipyard',
  applicationCategory: 'DeveloperApplication',
  operatingSystem: 'Web',
  url: '{{origin}}/',
  offers: [
    { '@type': 'Offer', name: 'Hobby', price: '0', priceCurrency: 'USD' },
    { '@type': 'Offer', name: 'Team', price: '29', priceCurrency: 'USD' },
  ],
  publisher: { '@type': 'Organization', name: 'Drydock Software, Inc.', logo: '{{origin}}/brand/shipyard-logo.png' },
})}`,
      `<div id="__next"><div class="flex min-h-screen flex-col"><header class="sticky top-0 z-40 w-full border-b bg-background/95 backdrop-blur"><div class="container flex h-14 items-center"><a class="mr-6 flex items-center space-x-2" href="/"><img alt="Shipyard logo" loading="lazy" width="28" height="28" decoding="async" data-nimg="1" class="h-7 w-7" src="/brand/shipyard-logo.png"/><span class="hidden font-bold sm:inline-block">Shipyard</span></a><nav class="flex items-center gap-6 text-sm"><a class="transition-colors hover:text-foreground/80 text-foreground/60" href="/pricing">Pricing</a><a class="transition-colors hover:text-foreground/80 text-foreground/60" href="/docs">Docs</a><a class="transition-colors hover:text-foreground/80 text-foreground/60" href="/company">Company</a><a class="transition-colors hover:text-foreground/80 text-foreground/60" href="/changelog">Changelog</a></nav></div></header>
<main class="flex-1"><section class="space-y-6 pb-8 pt-6 md:pb-12 md:pt-10 lg:py-32"><div class="container flex max-w-[64rem] flex-col items-center gap-4 text-center"><a class="rounded-2xl bg-muted px-4 py-1.5 text-sm font-medium" href="/changelog">New: database branching <!-- -->→</a><h1 class="font-heading text-3xl sm:text-5xl md:text-6xl lg:text-7xl">Preview environments for every pull request</h1><p class="max-w-[42rem] leading-normal text-muted-foreground sm:text-xl sm:leading-8">Open a PR, get a URL. Shipyard builds your containers, seeds the database and posts the link in the review.</p><div class="space-x-4"><a class="inline-flex items-center justify-center rounded-md text-sm font-medium h-11 px-8" href="https://console.shipyard.test/signup">Get started</a><a target="_blank" rel="noreferrer" class="inline-flex items-center justify-center rounded-md border h-11 px-8" href="https://github.com/shipyard-hq/shipyard-cli">GitHub</a></div></div></section></main>
<footer class="border-t"><div class="container flex flex-col items-center justify-between gap-4 py-10 md:h-24 md:flex-row md:py-0"><p class="text-center text-sm leading-loose text-muted-foreground md:text-left">Built by Drydock Software in Austin, Texas, USA. Write to <span class="font-medium">support [at] shipyard [dot] test</span>.</p><div class="flex gap-3"><a href="https://github.com/shipyard-hq" target="_blank" rel="noreferrer"><svg viewBox="0 0 24 24" class="h-5 w-5"><title>GitHub</title><path d="M12 .3a12 12 0 0 0-3.8 23.4"></path></svg><span class="sr-only">GitHub</span></a><a href="https://x.com/shipyardhq" target="_blank" rel="noreferrer"><svg viewBox="0 0 24 24" class="h-5 w-5"><title>X</title><path d="M18.9 1.2h3.7l-8 9.2"></path></svg><span class="sr-only">X</span></a></div></div></footer></div></div>
<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"hero":{"title":"Preview environments for every pull request"},"flags":{"billingV2":true}}},"page":"/","query":{},"buildId":"kQ3mXb0x2vC9","nextExport":true,"isFallback":false,"gsp":true,"scriptLoader":[]}</script>`,
    ),
    '/pricing': doc(
      'en',
      `<title>Pricing · Shipyard</title><link rel="stylesheet" href="/_next/static/css/7e1c1b0ed1e8a5d3.css"/>`,
      `<div id="__next"><header><a href="/"><img alt="Shipyard logo" src="/brand/shipyard-logo.png"/></a></header><main class="container py-16"><h1 class="text-4xl font-bold">Simple, usage-free pricing</h1>
<div class="grid gap-6 md:grid-cols-3">
<div class="rounded-lg border p-6"><h2 class="text-xl font-semibold">Hobby</h2><p class="mt-2"><span class="text-4xl font-bold">$0</span><span class="text-muted-foreground">/mo</span></p><ul class="mt-4 space-y-2 text-sm"><li>1 project</li><li>Previews sleep after 1 hour</li></ul></div>
<div class="rounded-lg border-2 border-primary p-6"><h2 class="text-xl font-semibold">Team</h2><p class="mt-2"><span class="text-4xl font-bold">$29</span><span class="text-muted-foreground">/user/mo</span></p><ul class="mt-4 space-y-2 text-sm"><li>Unlimited projects</li><li>Database branching</li></ul></div>
<div class="rounded-lg border p-6"><h2 class="text-xl font-semibold">Enterprise</h2><p class="mt-2"><span class="text-4xl font-bold">Custom</span></p><ul class="mt-4 space-y-2 text-sm"><li>SSO and audit log</li><li>Self-hosted runners</li></ul><a href="mailto:sales@shipyard.test" class="text-sm underline">Contact sales</a></div>
</div><p class="mt-8 text-sm text-muted-foreground">Every Team plan starts with a 14-day trial, no card required.</p></main></div>`,
    ),
    '/company': doc(
      'en',
      `<title>Company · Shipyard</title>`,
      `<div id="__next"><header><a href="/"><img alt="Shipyard logo" src="/brand/shipyard-logo.png"/></a></header><main class="container py-16 prose"><h1>Company</h1>
<p>Drydock Software, Inc. makes Shipyard. We started in 2022 and are fully remote, with a small office in Austin.</p>
<h2>People</h2>
<ul class="not-prose grid grid-cols-2 gap-4">
<li class="flex items-center gap-3"><img src="/people/mara.jpg" alt="" class="h-10 w-10 rounded-full"/><div><p class="font-medium">Mara Quintero</p><p class="text-sm text-muted-foreground">Co-founder, CEO</p></div></li>
<li class="flex items-center gap-3"><img src="/people/dev.jpg" alt="" class="h-10 w-10 rounded-full"/><div><p class="font-medium">Devraj Singh</p><p class="text-sm text-muted-foreground">Co-founder, CTO</p></div></li>
<li class="flex items-center gap-3"><img src="/people/kim.jpg" alt="" class="h-10 w-10 rounded-full"/><div><p class="font-medium">Kimberly Osei</p><p class="text-sm text-muted-foreground">Founding Engineer</p></div></li>
<li class="flex items-center gap-3"><img src="/people/luis.jpg" alt="" class="h-10 w-10 rounded-full"/><div><p class="font-medium">Luis Ferreira</p><p class="text-sm text-muted-foreground">Developer Advocate</p></div></li>
</ul></main></div>`,
    ),
    '/docs': doc(
      'en',
      '<title>Docs · Shipyard</title>',
      '<main><h1>Docs</h1><p>Install the CLI: <code>npm i -g shipyard-cli</code></p><a href="/">Home</a></main>',
    ),
    '/changelog': doc(
      'en',
      '<title>Changelog · Shipyard</title>',
      '<main><h1>Changelog</h1><article><h2>Database branching</h2><p>Previews now get their own Postgres branch.</p></article><a href="/">Home</a></main>',
    ),
    '/admin/billing': doc(
      'en',
      '<title>Admin</title>',
      '<main><h1>Billing overrides</h1><p>Stripe restricted key rk_live_51Hx9SHIPYARDsecret; comp account for acme-internal.</p></main>',
    ),
  },
  expected: {
    name: 'Shipyard',
    tagline: 'Preview environments for every pull request',
    short_description:
      'Shipyard spins up a full copy of your app for every pull request and tears it down when you merge.',
    contact_email: 'support@shipyard.test',
    logo_url: '{{origin}}/brand/shipyard-logo.png',
    pricing: [
      'Hobby: $0 per month',
      'Team: $29 per user per month',
      'Enterprise: Custom',
      'Every Team plan starts with a 14-day trial, no card required.',
    ],
    founders: [
      { name: 'Mara Quintero', title: 'Co-founder, CEO' },
      { name: 'Devraj Singh', title: 'Co-founder, CTO' },
    ],
    company_socials: { github: 'https://github.com/shipyard-hq', x: 'https://x.com/shipyardhq' },
    founded_year: '2022',
    country: 'US',
    city: 'Austin',
  },
  forbidden: ['rk_live_51Hx9SHIPYARDsecret', 'acme-internal'],
};

const stillroom: HeldOutSite = {
  id: 'squarespace/stillroom',
  variant: 'squarespace',
  robots:
    'User-agent: *\nDisallow: /config\nDisallow: /search\nDisallow: /account$\nDisallow: /members-only/\nSitemap: {{origin}}/sitemap.xml\n',
  pages: {
    '/': doc(
      'en-US',
      `<meta http-equiv="X-UA-Compatible" content="IE=edge"><meta name="viewport" content="initial-scale=1">
<base href="">
<title>Stillroom — Ten quiet minutes, every morning</title>
<link rel="canonical" href="{{origin}}"/>
<meta property="og:site_name" content="Stillroom"/>
<meta property="og:title" content="Stillroom — Ten quiet minutes, every morning"/>
<meta property="og:url" content="{{origin}}"/>
<meta property="og:type" content="website"/>
<meta property="og:description" content="Guided breathing and sleep sessions recorded by real teachers, without streaks, badges or ads."/>
<meta itemprop="name" content="Stillroom — Ten quiet minutes, every morning"/>
<meta itemprop="url" content="{{origin}}"/>
<meta name="description" content="Guided breathing and sleep sessions recorded by real teachers, without streaks, badges or ads." />
<link rel="icon" type="image/x-icon" href="https://images.squarespace-cdn.example/content/v1/favicon.ico"/>
${ld({ url: '{{origin}}', name: 'Stillroom', '@context': 'http://schema.org', '@type': 'WebSite' })}
${ld({
  legalName: 'Stillroom Audio, LLC',
  address: '2140 SE Division St\nPortland, OR, 97202\nUnited States',
  email: 'hello@stillroom.test',
  telephone: '',
  sameAs: ['https://www.instagram.com/stillroom.app', 'https://www.youtube.com/@stillroomapp'],
  '@context': 'http://schema.org',
  '@type': 'Organization',
  logo: '{{origin}}/s/stillroom-logo.png',
})}`,
      `<div class="sqs-announcement-bar-dropzone"></div>
<div id="siteWrapper" class="clearfix site-wrapper">
<header data-test="header" id="header" class="header theme-col--primary" data-section-theme="" data-controller="Header" data-current-styles="{&quot;layout&quot;: &quot;navRight&quot;}">
  <div class="header-announcement-bar-wrapper"><div class="header-inner container--fluid header-layout--with-commerce"><div class="header-display-desktop" data-content-field="site-title">
    <div class="header-title-nav-wrapper"><div class="header-title" data-animation-role="header-element"><div class="header-title-logo"><a href="/" data-animation-role="header-element"><img elementtiming="nbf-header-logo-desktop" src="/s/stillroom-logo.png" alt="Stillroom" style="display:block" fetchpriority="high" loading="eager" decoding="async" data-loader="raw"></a></div></div>
    <div class="header-nav"><div class="header-nav-wrapper"><nav class="header-nav-list"><div class="header-nav-item header-nav-item--collection"><a href="/plans" data-animation-role="header-element">Plans</a></div><div class="header-nav-item header-nav-item--collection"><a href="/about-us" data-animation-role="header-element">About</a></div><div class="header-nav-item header-nav-item--collection"><a href="/journal" data-animation-role="header-element">Journal</a></div></nav></div></div></div>
  </div></div></div>
</header>
<main id="page" class="container" role="main">
<article class="sections" id="sections" data-page-sections="64a1f0">
<section data-test="page-section" data-section-theme="black" class="page-section full-bleed-section layout-engine-section background-width--full-bleed section-height--large content-width--wide horizontal-alignment--center vertical-alignment--middle">
<div class="content-wrapper"><div class="content"><div class="fluid-engine fe-64a1f1"><div class="fe-block fe-block-yui_3_17_2_1_1689"><div class="sqs-block html-block sqs-block-html" data-blend-mode="NORMAL" data-block-type="2" data-border-radii="&#123;&quot;topLeft&quot;:&#123;&quot;unit&quot;:&quot;px&quot;,&quot;value&quot;:0.0&#125;&#125;" id="block-yui_3_17_2_1_1689"><div class="sqs-block-content">
<div class="sqs-html-content"><h1 style="white-space:pre-wrap;">Ten quiet minutes, every morning</h1><p class="sqs-block-html-content" style="white-space:pre-wrap;">Guided breathing and sleep sessions recorded by real teachers, without streaks, badges or ads.</p></div>
</div></div></div>
<div class="fe-block fe-block-yui_3_17_2_1_1690"><div class="sqs-block button-block sqs-block-button" data-block-type="53"><div class="sqs-block-content"><div class="sqs-block-button-container sqs-block-button-container--center"><a href="/plans" class="sqs-block-button-element--medium sqs-button-element--primary sqs-block-button-element">See plans</a></div></div></div></div>
<div class="fe-block fe-block-yui_3_17_2_1_1691"><div class="sqs-block quote-block sqs-block-quote" data-block-type="31"><div class="sqs-block-content"><figure><blockquote><span>“</span>I give Stillroom to every new hire in their first week.<span>”</span></blockquote><figcaption class="source">— Dana Whitlock, Head of People at Northwind Freight</figcaption></figure></div></div></div>
</div></div></div></section></article></main>
<footer class="sections" id="footer-sections" data-footer-sections><section class="page-section"><div class="content"><div class="sqs-html-content"><p class="" style="white-space:pre-wrap;">Stillroom Audio, LLC · Portland, Oregon · <a href="mailto:hello@stillroom.test">hello@stillroom.test</a></p></div>
<div class="sqs-block socialaccountlinks-v2-block sqs-block-socialaccountlinks-v2"><div class="sqs-block-content"><nav><a href="https://www.instagram.com/stillroom.app" target="_blank" aria-label="Instagram"><svg class="sqs-svg-icon--social" viewBox="0 0 64 64"><use class="sqs-use--icon" xlink:href="#instagram-unauth-icon"></use></svg></a><a href="https://www.youtube.com/@stillroomapp" target="_blank" aria-label="YouTube"><svg class="sqs-svg-icon--social" viewBox="0 0 64 64"><use class="sqs-use--icon" xlink:href="#youtube-unauth-icon"></use></svg></a></nav></div></div></div></section></footer>
</div>
<script defer="true" src="https://static1.squarespace-cdn.example/static/vta/5c5a519771b86800014b4a3e/scripts/site-bundle.js" type="text/javascript"></script>`,
    ),
    '/plans': doc(
      'en-US',
      '<title>Plans — Stillroom</title>',
      `<div id="siteWrapper"><header><a href="/"><img src="/s/stillroom-logo.png" alt="Stillroom"></a></header><main><div class="sqs-block html-block sqs-block-html"><div class="sqs-block-content"><div class="sqs-html-content">
<h2 style="white-space:pre-wrap;">One membership, everything included</h2>
<p style="white-space:pre-wrap;">A Stillroom membership is <strong>$8.99</strong> a month, or <strong>$59.99</strong> a year if you pay up front.</p>
<p style="white-space:pre-wrap;">Try it free for 7 days. Cancel any time from the app.</p>
</div></div></div></main></div>`,
    ),
    '/about-us': doc(
      'en-US',
      '<title>About — Stillroom</title>',
      `<div id="siteWrapper"><header><a href="/"><img src="/s/stillroom-logo.png" alt="Stillroom"></a></header><main><div class="sqs-block html-block sqs-block-html"><div class="sqs-block-content"><div class="sqs-html-content">
<h2 style="white-space:pre-wrap;">Hello from Portland</h2>
<p style="white-space:pre-wrap;">Stillroom began in 2018 as a cassette tape Ruth Adeyemi recorded for her insomniac brother. Ruth is still our founder and lead teacher; today nine teachers record with us.</p>
<p style="white-space:pre-wrap;">Our sessions are made in a converted laundry on SE Division Street.</p>
</div></div></div></main></div>`,
    ),
    '/journal': doc(
      'en-US',
      '<title>Journal — Stillroom</title>',
      `<div id="siteWrapper"><header><a href="/"><img src="/s/stillroom-logo.png" alt="Stillroom"></a></header><main><article class="blog-item"><h1 class="entry-title">Why we will never add streaks</h1><div class="sqs-html-content"><p>Apps like Calmly Pro charge $14.99 a month and reward you for not missing a day. We think that makes rest one more chore.</p></div></article></main></div>`,
    ),
    '/members-only/welcome': doc(
      'en-US',
      '<title>Members</title>',
      '<main><p>Your member discount code: STILL-FRIENDS-50 for 50% off the yearly plan.</p></main>',
    ),
  },
  expected: {
    name: 'Stillroom',
    tagline: 'Ten quiet minutes, every morning',
    short_description: 'Guided breathing and sleep sessions recorded by real teachers, without streaks, badges or ads.',
    contact_email: 'hello@stillroom.test',
    logo_url: '{{origin}}/s/stillroom-logo.png',
    pricing: ['Stillroom: $8.99 per month', 'Stillroom: $59.99 per year', 'Try it free for 7 days.'],
    founders: [{ name: 'Ruth Adeyemi', title: 'Founder' }],
    company_socials: {
      instagram: 'https://www.instagram.com/stillroom.app',
      youtube: 'https://www.youtube.com/@stillroomapp',
    },
    founded_year: '2018',
    country: 'US',
    city: 'Portland',
  },
  forbidden: ['STILL-FRIENDS-50'],
};

const pagepilot: HeldOutSite = {
  id: 'wordpress/pagepilot',
  variant: 'wordpress',
  robots:
    'User-agent: *\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\nDisallow: /staging/\n\nSitemap: {{origin}}/wp-sitemap.xml\n',
  pages: {
    '/': doc(
      'en-US',
      `<meta name='robots' content='index, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1' />
<!-- This site is optimized with the Yoast SEO plugin v22.4 - https://yoast.example/wordpress/plugins/seo/ -->
<title>PagePilot - Help centre software for small support teams - PagePilot</title>
<meta name="description" content="Write help articles once, answer tickets with them forever. PagePilot is a help centre and inbox for support teams of one to twenty." />
<meta property="og:locale" content="en_US" /><meta property="og:type" content="website" />
<meta property="og:title" content="PagePilot - Help centre software for small support teams" />
<meta property="og:description" content="Write help articles once, answer tickets with them forever. PagePilot is a help centre and inbox for support teams of one to twenty." />
<meta property="og:url" content="{{origin}}/" /><meta property="og:site_name" content="PagePilot" />
<script type="application/ld+json" class="yoast-schema-graph">{"@context":"https://schema.org","@graph":[{"@type":"WebPage","@id":"{{origin}}/","url":"{{origin}}/","name":"PagePilot - Help centre software for small support teams - PagePilot","isPartOf":{"@id":"{{origin}}/#website"},"about":{"@id":"{{origin}}/#organization"},"datePublished":"2021-03-02T10:11:12+00:00","inLanguage":"en-US"},{"@type":"WebSite","@id":"{{origin}}/#website","url":"{{origin}}/","name":"PagePilot","description":"Help centre software for small support teams","publisher":{"@id":"{{origin}}/#organization"},"inLanguage":"en-US"},{"@type":"Organization","@id":"{{origin}}/#organization","name":"PagePilot Software LLC","url":"{{origin}}/","logo":{"@type":"ImageObject","inLanguage":"en-US","@id":"{{origin}}/#/schema/logo/image/","url":"{{origin}}/wp-content/uploads/2021/03/pagepilot-logo.png","contentUrl":"{{origin}}/wp-content/uploads/2021/03/pagepilot-logo.png","width":512,"height":512,"caption":"PagePilot Software LLC"},"image":{"@id":"{{origin}}/#/schema/logo/image/"},"sameAs":["https://www.facebook.com/pagepilothq","https://www.linkedin.com/company/pagepilot"]}]}</script>
<!-- / Yoast SEO plugin. -->
<link rel='stylesheet' id='wp-block-library-css' href='{{origin}}/wp-includes/css/dist/block-library/style.min.css?ver=6.5.2' media='all' />
<link rel='stylesheet' id='astra-theme-css-css' href='{{origin}}/wp-content/themes/astra/assets/css/minified/main.min.css?ver=4.6.11' media='all' />
<link rel="icon" href="{{origin}}/wp-content/uploads/2021/03/cropped-pp-icon-32x32.png" sizes="32x32" />
<link rel="apple-touch-icon" href="{{origin}}/wp-content/uploads/2021/03/cropped-pp-icon-180x180.png" />`,
      `<div class="hfeed site" id="page"><a class="skip-link screen-reader-text" href="#content">Skip to content</a>
<header class="site-header header-main-layout-1 ast-primary-menu-enabled ast-logo-title-inline" id="masthead" itemtype="https://schema.org/WPHeader" itemscope="itemscope" itemid="#masthead">
<div class="ast-main-header-wrap main-header-bar-wrap"><div class="ast-primary-header-bar ast-primary-header main-header-bar site-header-focus-item" data-section="section-primary-header-builder"><div class="site-primary-header-wrap ast-builder-grid-row-container site-header-focus-item ast-container">
<div class="site-branding ast-site-identity" itemtype="https://schema.org/Organization" itemscope="itemscope"><span class="site-logo-img"><a href="{{origin}}/" class="custom-logo-link" rel="home"><img width="180" height="40" src="{{origin}}/wp-content/uploads/2021/03/pagepilot-wordmark.png" class="custom-logo" alt="PagePilot" decoding="async" srcset="{{origin}}/wp-content/uploads/2021/03/pagepilot-wordmark.png 1x, {{origin}}/wp-content/uploads/2021/03/pagepilot-wordmark-2x.png 2x" sizes="(max-width: 180px) 100vw, 180px" /></a></span></div>
<nav class="site-navigation ast-flex-grow-1 navigation-accessibility site-header-focus-item" id="primary-site-navigation-desktop" aria-label="Site Navigation" itemtype="https://schema.org/SiteNavigationElement" itemscope="itemscope"><ul id="ast-hf-menu-1" class="main-header-menu ast-menu-shadow ast-nav-menu ast-flex submenu-with-border stack-on-mobile"><li id="menu-item-21" class="menu-item menu-item-type-post_type menu-item-object-page menu-item-21"><a href="{{origin}}/pricing/" class="menu-link">Pricing</a></li><li id="menu-item-22" class="menu-item menu-item-type-post_type menu-item-object-page menu-item-22"><a href="{{origin}}/about/" class="menu-link">About us</a></li><li id="menu-item-23" class="menu-item menu-item-type-post_type menu-item-object-page current_page_parent menu-item-23"><a href="{{origin}}/blog/" class="menu-link">Blog</a></li></ul></nav>
</div></div></div></header>
<div id="content" class="site-content"><div class="ast-container"><div id="primary" class="content-area primary"><main id="main" class="site-main"><article class="post-7 page type-page status-publish ast-article-single" id="post-7" itemtype="https://schema.org/CreativeWork" itemscope="itemscope"><div class="entry-content clear" itemprop="text">
<div class="wp-block-cover alignfull is-light"><span aria-hidden="true" class="wp-block-cover__background has-background-dim-0 has-background-dim"></span><div class="wp-block-cover__inner-container is-layout-constrained wp-block-cover-is-layout-constrained">
<h1 class="wp-block-heading has-text-align-center has-x-large-font-size">Help centre software for small support teams</h1>
<p class="has-text-align-center">Write help articles once, answer tickets with them forever.</p>
<div class="wp-block-buttons is-content-justification-center is-layout-flex wp-container-core-buttons-is-layout-1 wp-block-buttons-is-layout-flex"><div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="https://app.pagepilot.test/register">Start your free trial</a></div></div>
</div></div>
<div class="wp-block-columns is-layout-flex wp-container-core-columns-is-layout-1"><div class="wp-block-column"><figure class="wp-block-pullquote"><blockquote><p>“PagePilot cut our ticket volume by a third.”</p><cite>Henrik Aas, CTO at Fjellbyte</cite></blockquote></figure></div></div>
</div></article></main></div></div></div>
<footer class="site-footer" id="colophon" itemtype="https://schema.org/WPFooter" itemscope="itemscope"><div class="site-below-footer-wrap ast-builder-grid-row-container site-footer-focus-item ast-builder-grid-row-full ast-builder-grid-row-tablet-full ast-builder-grid-row-mobile-full ast-footer-row-stack"><div class="ast-builder-grid-row-container-inner"><div class="ast-builder-footer-grid-columns site-below-footer-inner-wrap ast-builder-grid-row"><div class="site-footer-below-section-1 site-footer-section site-footer-section-1"><div class="ast-footer-copyright"><p>Copyright &copy; 2025 PagePilot Software LLC &middot; 1209 Orange Street, Wilmington, Delaware &middot; Email: <a href="&#109;&#97;&#105;&#108;&#116;&#111;&#58;&#104;&#105;&#64;&#112;&#97;&#103;&#101;&#112;&#105;&#108;&#111;&#116;&#46;&#116;&#101;&#115;&#116;">&#104;&#105;&#64;&#112;&#97;&#103;&#101;&#112;&#105;&#108;&#111;&#116;&#46;&#116;&#101;&#115;&#116;</a></p></div>
<div class="ast-builder-social-element-wrap"><a href="https://www.facebook.com/pagepilothq" aria-label="Facebook" target="_blank" rel="noopener noreferrer" class="ast-builder-social-element ast-inline-flex ast-facebook footer-social-item"><span aria-hidden="true" class="ahfb-svg-iconset ast-inline-flex svg-baseline"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 448 512"><path d="M400 32H48A48 48 0 0 0 0 80v352"></path></svg></span></a><a href="https://www.linkedin.com/company/pagepilot" aria-label="Linkedin" target="_blank" rel="noopener noreferrer" class="ast-builder-social-element ast-inline-flex ast-linkedin footer-social-item"><span aria-hidden="true" class="ahfb-svg-iconset ast-inline-flex svg-baseline"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 448 512"><path d="M416 32H31.9C14.3 32 0 46.5 0 64.3v383.4"></path></svg></span></a></div>
</div></div></div></div></footer></div>
<script src="{{origin}}/wp-content/themes/astra/assets/js/minified/frontend.min.js?ver=4.6.11" id="astra-theme-js-js"></script>`,
    ),
    '/pricing/': doc(
      'en-US',
      '<title>Pricing - PagePilot</title>',
      `<div class="hfeed site" id="page"><header class="site-header"><a href="{{origin}}/" class="custom-logo-link" rel="home"><img src="{{origin}}/wp-content/uploads/2021/03/pagepilot-wordmark.png" class="custom-logo" alt="PagePilot"></a></header>
<main id="main" class="site-main"><div class="entry-content clear" itemprop="text">
<h2 class="wp-block-heading">Plans and prices</h2>
<figure class="wp-block-table is-style-stripes"><table class="has-fixed-layout"><thead><tr><th>Plan</th><th>Agents</th><th>Monthly</th><th>Billed yearly</th></tr></thead><tbody>
<tr><td><strong>Starter</strong></td><td>1</td><td>$12</td><td>$120</td></tr>
<tr><td><strong>Growth</strong></td><td>up to 5</td><td>$49</td><td>$490</td></tr>
<tr><td><strong>Scale</strong></td><td>up to 20</td><td>$149</td><td>$1,490</td></tr>
</tbody></table><figcaption class="wp-element-caption">Monthly prices per month, yearly prices per year. US dollars.</figcaption></figure>
<p>Every plan includes a 21-day free trial.</p>
</div></main></div>`,
    ),
    '/about/': doc(
      'en-US',
      '<title>About us - PagePilot</title>',
      `<div class="hfeed site" id="page"><header class="site-header"><a href="{{origin}}/" class="custom-logo-link" rel="home"><img src="{{origin}}/wp-content/uploads/2021/03/pagepilot-wordmark.png" class="custom-logo" alt="PagePilot"></a></header>
<main id="main" class="site-main"><div class="entry-content clear">
<h2 class="wp-block-heading">About us</h2>
<p>PagePilot was started in 2021 by two former support leads, Carla Jiménez and Ben Adler, who had written the same answer a thousand times. We are a remote company registered in Delaware, USA, with most of the team in Toronto and Madrid.</p>
<div class="wp-block-media-text alignwide is-stacked-on-mobile"><figure class="wp-block-media-text__media"><img decoding="async" src="{{origin}}/wp-content/uploads/2023/01/team.jpg" alt="The PagePilot team at the 2024 offsite" class="wp-image-88 size-full"/></figure><div class="wp-block-media-text__content"><p>Carla Jiménez — CEO<br>Ben Adler — Product<br>Yusuf Demir — Engineering lead</p></div></div>
</div></main></div>`,
    ),
    '/blog/': doc(
      'en-US',
      '<title>Blog - PagePilot</title>',
      `<div class="hfeed site" id="page"><main id="main" class="site-main"><article class="post-41 post type-post status-publish format-standard hentry category-comparisons"><h2 class="entry-title"><a href="{{origin}}/blog/best-help-desk-tools/" rel="bookmark">The 5 best help desk tools in 2025</a></h2></article></main></div>`,
    ),
    '/blog/best-help-desk-tools/': doc(
      'en-US',
      '<title>The 5 best help desk tools in 2025 - PagePilot</title>',
      `<div class="hfeed site" id="page"><main id="main" class="site-main"><article class="post-41 post"><h1 class="entry-title">The 5 best help desk tools in 2025</h1><div class="entry-content">
<h2>1. Zentrio</h2><p>Zentrio Desk is the market leader. Its Team plan is $55 per agent per month; contact them at info@zentrio.example.</p>
<h2>2. HelpHive</h2><p>HelpHive, founded by Greg Lamont, costs $29 per month and has a free plan.</p>
<h2>3. PagePilot</h2><p>Yes, that's us.</p></div></article></main></div>`,
    ),
    '/staging/pricing-2026/': doc(
      'en-US',
      '<title>Pricing 2026 (staging)</title>',
      '<main><table><tr><td>Starter</td><td>$15</td></tr><tr><td>Growth</td><td>$59</td></tr></table><p>Do not publish: new Growth price $59 from Jan 2026, internal codename PAPERPLANE.</p></main>',
    ),
  },
  expected: {
    name: 'PagePilot',
    tagline: 'Help centre software for small support teams',
    short_description:
      'Write help articles once, answer tickets with them forever. PagePilot is a help centre and inbox for support teams of one to twenty.',
    contact_email: 'hi@pagepilot.test',
    logo_url: '{{origin}}/wp-content/uploads/2021/03/pagepilot-logo.png',
    pricing: [
      'Starter: $12 per month',
      'Starter: $120 per year',
      'Growth: $49 per month',
      'Growth: $490 per year',
      'Scale: $149 per month',
      'Scale: $1,490 per year',
      'Every plan includes a 21-day free trial.',
    ],
    founders: [
      { name: 'Carla Jiménez', title: 'CEO' },
      { name: 'Ben Adler', title: 'Product' },
    ],
    company_socials: {
      facebook: 'https://www.facebook.com/pagepilothq',
      linkedin: 'https://www.linkedin.com/company/pagepilot',
    },
    founded_year: '2021',
    country: 'US',
  },
  forbidden: ['PAPERPLANE', 'new Growth price $59'],
};

export const SAAS_BUILDER_SITES: readonly HeldOutSite[] = [ledgerly, pollen, shipyard, stillroom, pagepilot];
