/**
 * Words that tell a founding, in the languages the drafter reads (a participle or a past tense, the
 * start or launch of the company as German, French, Spanish, Portuguese, Dutch, the Nordic languages
 * and Finnish say it, and the abbreviations of fact lists: "Est. 2015", "Gegr. 2015"), and "since": shared by the drafter
 * that reads founding years and the evidence check that holds a founding year to a quote about one.
 */
export const FOUNDING_WORDS =
  'founded|founding|foundingdate|established|est\\.|started|launched|began|was born|came to life|gestartet|entstanden|ins leben gerufen|lancée?|lanzad[ao]|lançad[ao]|nacimos|gestart|gelanceerd|startade|startet|lanserades|perustimme|gegründet|gegr\\.|gründeten|gründung|fondée?|fondation|créée?|fundad[ao]|fundación|fundamos|creada|fondat[ao]|fondazione|nata|criad[ao]|fundação|opgericht|oprichting|grundade?s?|grundat|grundad|grundlagt|grunnlagt|stiftet|etablert|perustettu|perustettiin|perustamis\\p{L}*|za[lł]o[zż]on[aey]|za[lł]o[zż]yli[sś]my|za[lł]o[zż]enia|zalo[zž]en[aáy]?|založili|založení|kuruldu|kurulan|kuruluş|設立|創業|創立|成立|创立|설립|창업';
export const SINCE_WORDS = 'since|seit|depuis|desde|dal|sinds|sedan|siden|alkaen|od|beri';

/** Whether a quote speaks of a founding (or says "since"), in any of those languages. */
export const speaksOfFounding = (quote: string): boolean =>
  new RegExp(
    `(?<![\\p{L}])(?:${FOUNDING_WORDS}|${SINCE_WORDS})(?![\\p{L}])|設立|創業|創立|成立|创立|설립|창업`,
    'iu',
  ).test(quote);
