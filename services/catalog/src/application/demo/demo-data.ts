/** The demo catalog's data: its categories, the words its names and texts are made of, its options. */
/** mulberry32: a small seeded PRNG, so the same seed always gives the same catalog. */
export const prng = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export const DEMO_TREE: { name: string; children: string[]; attributes: string[] }[] = [
  {
    name: 'Productivity',
    children: ['Note Taking', 'Task Management', 'Calendars'],
    attributes: ['pricing_model', 'pricing_summary', 'features', 'stage', 'country'],
  },
  {
    name: 'Design Tools',
    children: ['Prototyping', 'Illustration', 'Design Systems'],
    attributes: ['pricing_model', 'pricing_summary', 'features', 'usps', 'founded_year'],
  },
  {
    name: 'Developer Tools',
    children: ['APIs', 'Testing', 'Databases', 'Hosting'],
    attributes: ['pricing_model', 'features', 'stage', 'founded_year', 'domain_rating'],
  },
  {
    name: 'Marketing',
    children: ['SEO', 'Email Marketing', 'Social Media'],
    attributes: ['pricing_model', 'pricing_summary', 'features', 'domain_rating'],
  },
  {
    name: 'Artificial Intelligence',
    children: ['Writing Assistants', 'Image Generation', 'AI Agents'],
    attributes: ['pricing_model', 'features', 'usps', 'stage'],
  },
  {
    name: 'Finance',
    children: ['Invoicing', 'Accounting', 'Payments'],
    attributes: ['pricing_model', 'pricing_summary', 'country', 'features'],
  },
];

export const PREFIXES = [
  'Nova',
  'Pixel',
  'Cloud',
  'Quill',
  'Bright',
  'Flow',
  'Orbit',
  'Lumen',
  'Stack',
  'Echo',
  'Zenith',
  'Spark',
  'Atlas',
  'Cobalt',
  'Delta',
  'Ember',
  'Fable',
  'Grove',
  'Harbor',
  'Iris',
  'Juniper',
  'Kite',
  'Loom',
  'Maple',
  'Nimbus',
  'Onyx',
  'Pulse',
  'Quartz',
  'Ripple',
  'Sable',
  'Tidal',
  'Umber',
  'Vivid',
  'Willow',
  'Xeno',
  'Yonder',
  'Zephyr',
];
export const SUFFIXES = [
  'ly',
  'base',
  'desk',
  'hub',
  'kit',
  'forge',
  'pad',
  'sync',
  'flow',
  'mint',
  'wave',
  'scope',
  'nest',
  'works',
  'stack',
  'loop',
];
export const FIRST = [
  'Ada',
  'Ben',
  'Chloe',
  'Diego',
  'Elif',
  'Farah',
  'Goran',
  'Hana',
  'Ivan',
  'Jonas',
  'Keiko',
  'Lena',
  'Mateo',
  'Nora',
  'Omar',
  'Priya',
  'Quentin',
  'Rosa',
  'Sven',
  'Tara',
  'Uma',
  'Viktor',
  'Wen',
  'Yusuf',
  'Zoe',
];
export const LAST = [
  'Adeyemi',
  'Berg',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ito',
  'Jensen',
  'Kowalski',
  'Larsen',
  'Moreau',
  'Novak',
  'Okafor',
  'Petrov',
  'Rossi',
  'Silva',
  'Tanaka',
  'Vogel',
  'Weber',
  'Young',
];
export const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'NL', 'SE', 'ES', 'IN', 'BR', 'CA', 'JP', 'AU'];
export const CITIES: Record<string, string> = {
  US: 'Austin',
  GB: 'London',
  DE: 'Berlin',
  FR: 'Paris',
  NL: 'Amsterdam',
  SE: 'Stockholm',
  ES: 'Madrid',
  IN: 'Bengaluru',
  BR: 'São Paulo',
  CA: 'Toronto',
  JP: 'Tokyo',
  AU: 'Sydney',
};
export const STAGES = ['Idea', 'Beta', 'Launched', 'Growing', 'Mature'];
export const PRICING = ['Free', 'Freemium', 'Subscription', 'One-time', 'Usage-based'];
export const VERBS = ['Plan', 'Ship', 'Write', 'Design', 'Track', 'Automate', 'Share', 'Organise', 'Measure', 'Launch'];
export const OBJECTS = [
  'projects',
  'ideas',
  'invoices',
  'prototypes',
  'campaigns',
  'APIs',
  'notes',
  'reports',
  'teams',
  'releases',
];

export interface DemoOptions {
  readonly seed: number;
  readonly listings: number;
  readonly people: number;
  readonly blogPosts: number;
}
export const DEFAULT_DEMO: DemoOptions = { seed: 20261122, listings: 320, people: 400, blogPosts: 12 };

export const INTERVIEW_QUESTIONS = [
  { id: 'origin', question: 'What made you start this product?' },
  { id: 'first-customer', question: 'How did you find your first paying customer?' },
  { id: 'hardest-moment', question: 'What was the hardest moment so far, and how did you get through it?' },
  { id: 'stack', question: 'What is your tech stack, and why?' },
  { id: 'advice', question: 'What advice would you give a founder launching next week?' },
];
