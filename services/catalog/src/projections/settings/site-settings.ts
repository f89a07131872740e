import type { InterviewQuestion } from '../../domain/site-settings/site-settings.ts';
import type { CatalogEvent } from '../catalog/catalog-event.ts';
import { documentMapProjection } from '../catalog/document-map.ts';

/** The site's settings (one document, `site`): the interview questions and the free queue's length. */
export interface SettingsDoc {
  readonly interview_questions: readonly InterviewQuestion[];
  /** weeks from now to a free listing's launch week (6-8; default FREE_QUEUE_WEEKS_DEFAULT) */
  readonly free_queue_weeks?: number;
}

export const SETTINGS_ID = 'site';

export const evolveSettingsDoc = (doc: SettingsDoc | undefined, event: CatalogEvent): SettingsDoc | undefined => {
  if (event.type === 'InterviewQuestionsSet') return { ...doc, interview_questions: event.data.questions };
  if (event.type === 'FreeQueueWeeksSet')
    return { interview_questions: [], ...doc, free_queue_weeks: event.data.weeks };
  return doc;
};

export const settingsProjection = documentMapProjection<SettingsDoc>({
  collection: 'settings',
  documentOf: (event) =>
    event.type === 'InterviewQuestionsSet' || event.type === 'FreeQueueWeeksSet' ? SETTINGS_ID : undefined,
  evolve: evolveSettingsDoc,
});
