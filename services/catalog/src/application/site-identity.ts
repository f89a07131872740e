/** Who the site is: its name (badges, get_site_info) and what it is for. */
export const SITE_NAME = 'Listings Directory';
export const SITE_PURPOSE =
  'A directory of software products with a weekly launch calendar: browse listings, categories, launches and leaderboards; founders submit, launch and claim their products.';
