/**
 * What a page is about, by the words of its path or link text, in the languages the drafter reads
 * (English, German, French, Spanish, Italian, Portuguese, Dutch, the Nordic languages, Finnish,
 * Polish, Czech, Turkish, Japanese, Chinese, Korean). One list for the crawler (which pages to read
 * first) and the drafter (which page says what).
 */
export const PRICING_WORDS =
  /pric|plans|preise|tarif|precios|prix|prezzi|pre[cç]os|planos|planes|piani|prijzen|priser|hinnat|hinnasto|cennik|ceny|cen[ií]k|fiyat|料金|价格|價格|요금|가격|abonnement|abbonament|suscripci/i;
export const ABOUT_WORDS =
  /about|company|story|who[-\s_]we[-\s_]are|mission|ueber[-\s_]uns|uber[-\s_]uns|über[-\s_]uns|unternehmen|firma|geschichte|a[-\s_]propos|à[-\s_]propos|qui[-\s_]sommes|qui[-\s_]nous[-\s_]sommes|entreprise|soci[eé]t[eé]|histoire|qui[eé]nes[-\s_]somos|nosotros|empresa|historia|sobre|chi[-\s_]siamo|azienda|storia|over[-\s_]ons|bedrijf|om[-\s_]oss|om[-\s_]os|selskap|meista|meist[aä]|tietoa|yritys|o[-\s_]nas|o[-\s_]firmie|kim[-\s_]jeste[sś]my|o[-\s_]spole[cč]nosti|hakk[iı]m[iı]zda|会社|关于|關於|회사|소개/i;
export const TEAM_WORDS =
  /team|people|founder|leadership|management|crew|menschen|gruender|equipe|équipe|equipo|squadra|ons-team|teamet|tiimi|zesp[oó][lł]|t[yý]m|ekip|gr[uü]nder|fondateur|fundador|fondator|oprichter|grundare|perustaj|za[lł]o[zż]yciel|zakladatel|kurucu|チーム|团队|團隊|팀/i;
export const CONTACT_WORDS =
  /contact|kontakt|contatt|contacto|contato|yhteys|ileti[sş]im|impressum|imprint|legal|mentions|お問い合わせ|联系|聯絡|문의/i;
