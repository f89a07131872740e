/** the longest visitor key a page view names (`account:<id>`, `cookie:<id>`) */
export const VISITOR_MAX_LENGTH = 128;
/** the longest user agent the web edge passes on (longer ones are cut) */
export const USER_AGENT_MAX_LENGTH = 512;
