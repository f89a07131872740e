import { doc, ld } from './chrome.ts';
import type { HeldOutSite } from './types.ts';

/** Sites in Japanese, Korean, Traditional Chinese, Czech and Turkish. */

const kakeibo: HeldOutSite = {
  id: 'nextjs/ja/kakeibo',
  variant: 'nextjs',
  robots: 'User-agent: *\nDisallow: /internal/\n',
  pages: {
    '/': doc(
      'ja',
      `<title>カケイボ | 家族で使える家計簿アプリ</title>
<meta name="description" content="カケイボは、レシートを撮るだけで家族みんなの支出をまとめる家計簿アプリです。銀行やカードとも自動で連携します。"/>
<meta property="og:title" content="カケイボ | 家族で使える家計簿アプリ"/>
<meta property="og:site_name" content="カケイボ"/>
<meta property="og:description" content="カケイボは、レシートを撮るだけで家族みんなの支出をまとめる家計簿アプリです。銀行やカードとも自動で連携します。"/>
${ld({
  '@context': 'https://schema.org',
  '@graph': [
    {
      '@type': 'Organization',
      name: '株式会社カケイボ',
      legalName: '株式会社カケイボ',
      logo: '{{origin}}/images/kakeibo-logo.png',
      foundingDate: '2020-04-01',
      address: { '@type': 'PostalAddress', addressRegion: '東京都', addressLocality: '渋谷区', addressCountry: 'JP' },
    },
    {
      '@type': 'MobileApplication',
      name: 'カケイボ',
      operatingSystem: 'iOS, Android',
      applicationCategory: 'FinanceApplication',
    },
  ],
})}`,
      `<div id="__next"><header class="Header_root__k2J9a"><a href="/"><img src="/images/kakeibo-logo.png" alt="カケイボ" width="120" height="32"/></a><nav><a href="/pricing">料金プラン</a><a href="/company">会社概要</a></nav></header>
<main><section class="Hero_root__pQ1r2"><h1 class="Hero_title__b7Yc0">家族で使える<br/>家計簿アプリ</h1><p class="Hero_lead__X3f9s">レシートを撮るだけ。家族みんなの支出が、ひとつの家計簿にまとまります。</p></section>
<section class="Voice_root__8sT1d"><p>「夫婦で使い始めてから、月末のケンカがなくなりました。」（30代・会社員）</p></section></main>
<footer class="Footer_root__Lm2n4"><p>株式会社カケイボ　東京都渋谷区神南1-2-3</p><p>お問い合わせ：<a href="mailto:support@kakeibo.test">support@kakeibo.test</a></p><div class="Footer_sns__z9Q1w"><a href="https://x.com/kakeibo_app" aria-label="X"><svg aria-hidden="true"></svg></a><a href="https://www.instagram.com/kakeibo_app/" aria-label="Instagram"><svg aria-hidden="true"></svg></a></div></footer></div>`,
    ),
    '/pricing': doc(
      'ja',
      '<title>料金プラン | カケイボ</title>',
      `<div id="__next"><main><h1>料金プラン</h1><table class="Pricing_table__d8Q2x"><thead><tr><th>プラン</th><th>月額</th><th>年額</th></tr></thead><tbody><tr><td>フリー</td><td>0円</td><td>0円</td></tr><tr><td>プレミアム</td><td>480円</td><td>4,800円</td></tr></tbody></table><p>プレミアムは1か月間無料でお試しいただけます。</p><a href="/">トップへ</a></main></div>`,
    ),
    '/company': doc(
      'ja',
      '<title>会社概要 | カケイボ</title>',
      `<div id="__next"><main><h1>会社概要</h1><dl class="Company_list__r5T0p"><dt>会社名</dt><dd>株式会社カケイボ</dd><dt>設立</dt><dd>2020年4月</dd><dt>代表取締役・共同創業者</dt><dd>山田 花子</dd><dt>共同創業者・CTO</dt><dd>佐藤 健</dd><dt>所在地</dt><dd>東京都渋谷区神南1-2-3</dd></dl><a href="/">トップへ</a></main></div>`,
    ),
    '/internal/kpi': doc(
      'ja',
      '<title>KPI</title>',
      '<p>有料会員数 12,400人。資金調達（コードネーム：サクラ二号）。</p>',
    ),
  },
  expected: {
    name: 'カケイボ',
    tagline: '家族で使える家計簿アプリ',
    short_description:
      'カケイボは、レシートを撮るだけで家族みんなの支出をまとめる家計簿アプリです。銀行やカードとも自動で連携します。',
    contact_email: 'support@kakeibo.test',
    logo_url: '{{origin}}/images/kakeibo-logo.png',
    pricing: [
      'フリー: 0円 per month',
      'プレミアム: 480円 per month',
      'プレミアム: 4,800円 per year',
      'プレミアムは1か月間無料でお試しいただけます。',
    ],
    founders: [
      { name: '山田 花子', title: '代表取締役・共同創業者' },
      { name: '佐藤 健', title: '共同創業者・CTO' },
    ],
    company_socials: { x: 'https://x.com/kakeibo_app', instagram: 'https://www.instagram.com/kakeibo_app/' },
    founded_year: '2020',
    country: 'JP',
    city: '東京',
  },
  forbidden: ['サクラ二号', '有料会員数'],
};

const hanamiNotes: HeldOutSite = {
  id: 'wordpress/ja/hanami-notes',
  variant: 'wordpress',
  robots: 'User-agent: *\nDisallow: /wp-admin/\n',
  pages: {
    '/': doc(
      'ja',
      `<title>Hanami Notes &#8211; 小さなお店のための予約ノート</title>
<meta name="description" content="Hanami Notesは、美容室やカフェなど小さなお店のための予約・顧客ノートです。LINEから予約を受け付けられます。" />
<meta property="og:site_name" content="Hanami Notes" />
<meta property="og:title" content="Hanami Notes &#8211; 小さなお店のための予約ノート" />
<link rel="icon" href="{{origin}}/wp-content/uploads/2023/02/cropped-hanami-icon-192x192.png" sizes="192x192" />`,
      `<div id="page" class="site"><header id="masthead" class="site-header"><div class="site-branding"><a href="{{origin}}/" class="custom-logo-link" rel="home"><img src="{{origin}}/wp-content/uploads/2023/02/hanami-notes-logo.png" class="custom-logo" alt="Hanami Notes"></a></div><nav class="main-navigation"><ul class="menu"><li class="menu-item"><a href="{{origin}}/price/">料金</a></li><li class="menu-item"><a href="{{origin}}/about/">運営会社</a></li></ul></nav></header>
<main id="primary"><div class="entry-content"><h1 class="wp-block-heading">小さなお店のための予約ノート</h1><p>美容室、カフェ、教室。予約も、お客さまのメモも、ひとつのノートに。LINEから予約を受け付けられます。</p></div></main>
<footer class="site-footer"><p>運営：合同会社はなみ（大阪市北区）</p><p>メール：hello＠hanami-notes.test（＠を半角に変えてください）</p></footer></div>`,
    ),
    '/price/': doc(
      'ja',
      '<title>料金 &#8211; Hanami Notes</title>',
      `<main id="primary"><div class="entry-content"><h2 class="wp-block-heading">料金</h2><div class="wp-block-columns"><div class="wp-block-column"><h3>ライト</h3><p>月額980円（税込）</p></div><div class="wp-block-column"><h3>スタンダード</h3><p>月額2,480円（税込）</p></div></div><p>どちらのプランも30日間無料でお試しいただけます。</p><a href="{{origin}}/">ホーム</a></div></main>`,
    ),
    '/about/': doc(
      'ja',
      '<title>運営会社 &#8211; Hanami Notes</title>',
      `<main id="primary"><div class="entry-content"><h2 class="wp-block-heading">運営会社</h2><p>合同会社はなみは、2023年に大阪で、元美容師の中村 さくらが創業しました。</p><p>代表：中村 さくら<br>所在地：日本 大阪府大阪市北区</p><a href="{{origin}}/">ホーム</a></div></main>`,
    ),
  },
  expected: {
    name: 'Hanami Notes',
    tagline: '小さなお店のための予約ノート',
    short_description:
      'Hanami Notesは、美容室やカフェなど小さなお店のための予約・顧客ノートです。LINEから予約を受け付けられます。',
    contact_email: 'hello@hanami-notes.test',
    logo_url: '{{origin}}/wp-content/uploads/2023/02/hanami-notes-logo.png',
    pricing: [
      'ライト: 980円 per month',
      'スタンダード: 2,480円 per month',
      'どちらのプランも30日間無料でお試しいただけます。',
    ],
    founders: [{ name: '中村 さくら', title: '代表' }],
    founded_year: '2023',
    country: 'JP',
    city: '大阪',
  },
  forbidden: [],
};

const dalbit: HeldOutSite = {
  id: 'handwritten/ko/dalbit',
  variant: 'handwritten',
  robots: 'User-agent: *\nDisallow: /admin/\n',
  pages: {
    '/': doc(
      'ko',
      `<title>달빛 - 야간 근무자를 위한 수면 코치</title>
<meta name="description" content="달빛은 교대 근무 일정에 맞춰 언제 자고 언제 빛을 피할지 알려 주는 수면 코칭 앱입니다.">
<meta property="og:title" content="달빛 - 야간 근무자를 위한 수면 코치">
<meta property="og:description" content="달빛은 교대 근무 일정에 맞춰 언제 자고 언제 빛을 피할지 알려 주는 수면 코칭 앱입니다.">
<link rel="apple-touch-icon" href="/static/dalbit-180.png">`,
      `<div class="wrap"><header><a href="/" class="logo"><img src="/static/dalbit-180.png" alt="달빛 로고" width="36"></a><a href="/pricing.html">요금제</a> <a href="/about.html">회사 소개</a></header>
<section class="hero"><h1>야간 근무자를 위한 수면 코치</h1><p>교대 근무 일정을 넣으면, 언제 자고 언제 빛을 피할지 알려 드려요.</p></section>
<footer><p>(주)달빛헬스 · 서울특별시 성동구 · 대한민국</p><p>문의: <a href="mailto:help@dalbit.test">help@dalbit.test</a></p><p><a href="https://www.instagram.com/dalbit.sleep" title="인스타그램">IG</a> · <a href="https://www.youtube.com/@dalbitsleep" title="유튜브">YT</a></p></footer></div>`,
    ),
    '/pricing.html': doc(
      'ko',
      '<title>요금제 - 달빛</title>',
      `<div class="wrap"><h1>요금제</h1><div class="plans"><div class="plan"><h2>기본</h2><p class="price">무료</p></div><div class="plan"><h2>프리미엄</h2><p class="price">월 ₩6,900</p></div><div class="plan"><h2>병원 단체</h2><p class="price">1인당 월 ₩4,500</p></div></div><p>프리미엄은 7일 무료 체험을 제공합니다.</p><a href="/">홈</a></div>`,
    ),
    '/about.html': doc(
      'ko',
      '<title>회사 소개 - 달빛</title>',
      `<div class="wrap"><h1>회사 소개</h1><p>달빛은 2021년 간호사 출신 김지은 대표와 개발자 박준호가 공동 창업했습니다.</p><ul><li>김지은 — 공동창업자 · 대표</li><li>박준호 — 공동창업자 · CTO</li><li>이서연 — 수면의학 자문</li></ul><a href="/">홈</a></div>`,
    ),
    '/admin/': doc('ko', '<title>관리자</title>', '<p>관리자 비밀번호 재설정 토큰: DB-7781-MOON</p>'),
  },
  expected: {
    name: '달빛',
    tagline: '야간 근무자를 위한 수면 코치',
    short_description: '달빛은 교대 근무 일정에 맞춰 언제 자고 언제 빛을 피할지 알려 주는 수면 코칭 앱입니다.',
    contact_email: 'help@dalbit.test',
    logo_url: '{{origin}}/static/dalbit-180.png',
    pricing: [
      '기본: 무료',
      '프리미엄: ₩6,900 per month',
      '병원 단체: ₩4,500 per user per month',
      '프리미엄은 7일 무료 체험을 제공합니다.',
    ],
    founders: [
      { name: '김지은', title: '공동창업자 · 대표' },
      { name: '박준호', title: '공동창업자 · CTO' },
    ],
    company_socials: {
      instagram: 'https://www.instagram.com/dalbit.sleep',
      youtube: 'https://www.youtube.com/@dalbitsleep',
    },
    founded_year: '2021',
    country: 'KR',
    city: '서울',
  },
  forbidden: ['DB-7781-MOON'],
};

const chaban: HeldOutSite = {
  id: 'handwritten/zh-tw/chaban',
  variant: 'handwritten',
  robots: 'User-agent: *\nAllow: /\n',
  pages: {
    '/': doc(
      'zh-Hant-TW',
      `<title>茶伴 Chaban｜手搖飲店的排班與叫貨系統</title>
<meta name="description" content="茶伴幫手搖飲店排班、算工時，並依照銷量自動建議叫貨量。">
<meta property="og:title" content="茶伴 Chaban｜手搖飲店的排班與叫貨系統">
<meta property="og:description" content="茶伴幫手搖飲店排班、算工時，並依照銷量自動建議叫貨量。">
${ld({ '@context': 'https://schema.org', '@type': 'Organization', name: '茶伴科技股份有限公司', logo: '{{origin}}/img/chaban-logo.png', address: { '@type': 'PostalAddress', addressLocality: '台中市', addressCountry: 'TW' } })}`,
      `<div class="container"><nav><a href="/"><img src="/img/chaban-logo.png" alt="茶伴 Chaban" height="32"></a> <a href="/plans">方案價格</a> <a href="/team">團隊</a></nav>
<section class="hero"><h1>手搖飲店的排班與叫貨系統</h1><p>排班、工時、叫貨，一支手機就搞定。</p></section>
<footer>茶伴科技股份有限公司｜台中市西屯區｜客服信箱 service@chaban.test｜<a href="https://www.facebook.com/chaban.tw">Facebook 粉絲專頁</a></footer></div>`,
    ),
    '/plans': doc(
      'zh-Hant-TW',
      '<title>方案價格｜茶伴 Chaban</title>',
      `<div class="container"><h1>方案價格</h1><table><tr><th>方案</th><th>價格</th></tr><tr><td>單店方案</td><td>NT$990／月</td></tr><tr><td>連鎖方案</td><td>NT$2,490／月</td></tr></table><p>新店家享 14 天免費試用。</p><a href="/">首頁</a></div>`,
    ),
    '/team': doc(
      'zh-Hant-TW',
      '<title>團隊｜茶伴 Chaban</title>',
      `<div class="container"><h1>團隊</h1><p>茶伴由陳怡君與林志明於 2022 年在台中創立。</p><div class="member"><h3>陳怡君</h3><p>共同創辦人暨執行長</p></div><div class="member"><h3>林志明</h3><p>共同創辦人暨技術長</p></div><div class="member"><h3>王小美</h3><p>客戶成功經理</p></div><a href="/">首頁</a></div>`,
    ),
  },
  expected: {
    name: '茶伴 Chaban',
    tagline: '手搖飲店的排班與叫貨系統',
    short_description: '茶伴幫手搖飲店排班、算工時，並依照銷量自動建議叫貨量。',
    contact_email: 'service@chaban.test',
    logo_url: '{{origin}}/img/chaban-logo.png',
    pricing: ['單店方案: NT$990 per month', '連鎖方案: NT$2,490 per month', '新店家享 14 天免費試用。'],
    founders: [
      { name: '陳怡君', title: '共同創辦人暨執行長' },
      { name: '林志明', title: '共同創辦人暨技術長' },
    ],
    company_socials: { facebook: 'https://www.facebook.com/chaban.tw' },
    founded_year: '2022',
    country: 'TW',
    city: '台中',
  },
  forbidden: [],
};

const skladnik: HeldOutSite = {
  id: 'webflow/cs/rozvrhnu',
  variant: 'webflow',
  robots: 'User-agent: *\nDisallow: /interni/\n',
  pages: {
    '/': doc(
      'cs',
      `<title>Rozvrhnu | Rozvrh hodin pro autoškoly</title>
<meta content="Rozvrhnu plánuje jízdy autoškoly, posílá žákům připomínky a hlídá, kolik hodin jim ještě chybí." name="description">
<meta content="Rozvrhnu | Rozvrh hodin pro autoškoly" property="og:title">
<meta content="Rozvrhnu plánuje jízdy autoškoly, posílá žákům připomínky a hlídá, kolik hodin jim ještě chybí." property="og:description">
<link href="{{origin}}/images/rozvrhnu-webclip.png" rel="apple-touch-icon">`,
      `<div class="navbar w-nav"><a href="/" class="brand w-nav-brand"><img src="images/rozvrhnu-logo.svg" alt="Rozvrhnu logo"></a><nav class="w-nav-menu"><a href="/cenik" class="w-nav-link">Ceník</a><a href="/o-nas" class="w-nav-link">O nás</a></nav></div>
<div class="hero-section"><h1 class="hero-h1">Rozvrh hodin pro autoškoly</h1><p class="hero-p">Jízdy naplánované, žáci připomenutí, hodiny spočítané.</p></div>
<div class="footer"><p>Rozvrhnu s.r.o., Brno, Česká republika · <a href="mailto:ahoj@rozvrhnu.test">ahoj@rozvrhnu.test</a></p><a href="https://www.facebook.com/rozvrhnu" class="social w-inline-block"><img src="images/facebook-icon.svg" alt="Facebook"></a></div>`,
    ),
    '/cenik': doc(
      'cs',
      '<title>Ceník | Rozvrhnu</title>',
      `<div class="section"><a href="/" class="brand"><img src="images/rozvrhnu-logo.svg" alt="Rozvrhnu logo"></a><h2>Ceník</h2><div class="pricing-grid"><div class="pricing-card"><h3>Malá autoškola</h3><div class="price">390 Kč</div><div>měsíčně, do 3 instruktorů</div></div><div class="pricing-card"><h3>Velká autoškola</h3><div class="price">990 Kč</div><div>měsíčně, neomezeně instruktorů</div></div></div><p>Ceny jsou bez DPH.</p></div>`,
    ),
    '/o-nas': doc(
      'cs',
      '<title>O nás | Rozvrhnu</title>',
      `<div class="section"><h2>O nás</h2><p>Rozvrhnu založili v roce 2021 Jakub Dvořák a Lenka Procházková. Jakub učil deset let v autoškole svého otce v Brně.</p><div class="team"><div><b>Jakub Dvořák</b><br>spoluzakladatel a jednatel</div><div><b>Lenka Procházková</b><br>spoluzakladatelka, vývoj</div></div></div>`,
    ),
    '/interni/plan': doc(
      'cs',
      '<title>Interní</title>',
      '<p>Plán: zdražení na 450 Kč od ledna (interní kód MORAVA-450).</p>',
    ),
  },
  expected: {
    name: 'Rozvrhnu',
    tagline: 'Rozvrh hodin pro autoškoly',
    short_description:
      'Rozvrhnu plánuje jízdy autoškoly, posílá žákům připomínky a hlídá, kolik hodin jim ještě chybí.',
    contact_email: 'ahoj@rozvrhnu.test',
    logo_url: '{{origin}}/images/rozvrhnu-logo.svg',
    pricing: ['Malá autoškola: 390 Kč per month', 'Velká autoškola: 990 Kč per month'],
    founders: [
      { name: 'Jakub Dvořák', title: 'spoluzakladatel a jednatel' },
      { name: 'Lenka Procházková', title: 'spoluzakladatelka, vývoj' },
    ],
    company_socials: { facebook: 'https://www.facebook.com/rozvrhnu' },
    founded_year: '2021',
    country: 'CZ',
    city: 'Brno',
  },
  forbidden: ['MORAVA-450', 'zdražení na 450 Kč'],
};

const pazar: HeldOutSite = {
  id: 'wix/tr/pazarci',
  variant: 'wix',
  robots: 'User-agent: *\nAllow: /\n',
  pages: {
    '/': doc(
      'tr',
      `<meta name="generator" content="Wix.com Website Builder"/>
<title>Ana Sayfa | Pazarcı</title>
<meta name="description" content="Pazarcı, semt pazarındaki tezgâhlar için stok ve satış takibini tek bir telefondan yapmanızı sağlar."/>
<meta property="og:title" content="Ana Sayfa | Pazarcı"/>
<meta property="og:site_name" content="Pazarcı"/>
<meta property="og:description" content="Pazarcı, semt pazarındaki tezgâhlar için stok ve satış takibini tek bir telefondan yapmanızı sağlar."/>`,
      `<div id="SITE_CONTAINER"><header id="SITE_HEADER" class="wixui-header"><div id="comp-ab12" class="wixui-image"><a data-testid="linkElement" href="{{origin}}"><img src="{{origin}}/media/pazarci-logo.png" alt="Pazarcı logo"/></a></div><nav class="wixui-dropdown-menu"><a href="{{origin}}/fiyatlar" class="wixui-dropdown-menu__item">Fiyatlar</a><a href="{{origin}}/hakkimizda" class="wixui-dropdown-menu__item">Hakkımızda</a></nav></header>
<main id="PAGES_CONTAINER"><div class="wixui-rich-text" data-testid="richTextElement"><h1 class="font_0 wixui-rich-text__text"><span class="wixui-rich-text__text">Tezgâhınız cebinizde</span></h1></div><div class="wixui-rich-text"><p class="font_8 wixui-rich-text__text"><span class="wixui-rich-text__text">Stok, satış ve veresiye defteri tek uygulamada.</span></p></div></main>
<footer id="SITE_FOOTER" class="wixui-footer"><div class="wixui-rich-text"><p class="font_9"><span>İzmir, Türkiye · </span><span><a href="mailto:merhaba@pazarci.test">merhaba@pazarci.test</a></span></p></div><ul class="wixui-social-links-bar" aria-label="Social Bar"><li><a href="https://www.instagram.com/pazarci.app" target="_blank" aria-label="Instagram"><img alt="Instagram" src="https://static.wixstatic.example/media/ig.png"/></a></li></ul></footer></div>`,
    ),
    '/fiyatlar': doc(
      'tr',
      '<title>Fiyatlar | Pazarcı</title>',
      `<div id="SITE_CONTAINER"><main><div class="wixui-rich-text"><h2>Fiyatlar</h2><p>Tek tezgâh: <span>aylık 149 TL</span></p><p>Çok tezgâh: <span>aylık 349 TL</span></p><p>İlk ay ücretsiz.</p></div><a href="{{origin}}">Ana Sayfa</a></main></div>`,
    ),
    '/hakkimizda': doc(
      'tr',
      '<title>Hakkımızda | Pazarcı</title>',
      `<div id="SITE_CONTAINER"><main><div class="wixui-rich-text"><h2>Hakkımızda</h2><p>Pazarcı'yı 2023 yılında İzmir'de Elif Şahin ve Mert Yılmaz kurdu. Elif'in annesi otuz yıldır Bornova pazarında zeytin satıyor.</p></div></main></div>`,
    ),
  },
  expected: {
    name: 'Pazarcı',
    tagline: 'Tezgâhınız cebinizde',
    short_description:
      'Pazarcı, semt pazarındaki tezgâhlar için stok ve satış takibini tek bir telefondan yapmanızı sağlar.',
    contact_email: 'merhaba@pazarci.test',
    logo_url: '{{origin}}/media/pazarci-logo.png',
    pricing: ['Tek tezgâh: 149 TL per month', 'Çok tezgâh: 349 TL per month', 'İlk ay ücretsiz.'],
    founders: [{ name: 'Elif Şahin' }, { name: 'Mert Yılmaz' }],
    company_socials: { instagram: 'https://www.instagram.com/pazarci.app' },
    founded_year: '2023',
    country: 'TR',
    city: 'İzmir',
  },
  forbidden: [],
};

export const ASIA_AND_MORE_SITES: readonly HeldOutSite[] = [kakeibo, hanamiNotes, dalbit, chaban, skladnik, pazar];
