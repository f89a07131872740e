import type { CatalogEventOf } from '../catalog-events.ts';

export interface InterviewQuestion {
  id: string;
  question: string;
}
export type SettingsEvent = CatalogEventOf<'InterviewQuestionsSet' | 'FreeQueueWeeksSet'>;
/** Spec: a free listing is queued for a launch week 6-8 weeks out; the site setting picks the number. */
export const FREE_QUEUE_WEEKS_MIN = 6;
export const FREE_QUEUE_WEEKS_MAX = 8;
export const FREE_QUEUE_WEEKS_DEFAULT = 6;

export type SettingsState = { questions: readonly InterviewQuestion[]; freeQueueWeeks: number };

export const initialSiteSettings: SettingsState = { questions: [], freeQueueWeeks: FREE_QUEUE_WEEKS_DEFAULT };
export const evolveSiteSettings = (state: SettingsState, event: SettingsEvent): SettingsState =>
  event.type === 'InterviewQuestionsSet'
    ? { ...state, questions: event.data.questions }
    : { ...state, freeQueueWeeks: event.data.weeks };

export const SITE_SETTINGS_STREAM = 'settings-site';
