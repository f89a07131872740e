import type { Decider } from '@listings/platform/decider';
import { ValidationError } from '@listings/platform/errors';
import type { CatalogEventOf } from '../catalog-events.ts';

export interface InterviewQuestion {
  id: string;
  question: string;
}
export type SettingsEvent = CatalogEventOf<'InterviewQuestionsSet' | 'FreeQueueWeeksSet'>;
export type SettingsCommand =
  | { type: 'SetInterviewQuestions'; data: { questions: InterviewQuestion[] } }
  | { type: 'SetFreeQueueWeeks'; data: { weeks: number } };

/** Spec: a free listing is queued for a launch week 6-8 weeks out; the site setting picks the number. */
export const FREE_QUEUE_WEEKS_MIN = 6;
export const FREE_QUEUE_WEEKS_MAX = 8;
export const FREE_QUEUE_WEEKS_DEFAULT = 6;

type SettingsState = { questions: readonly InterviewQuestion[]; freeQueueWeeks: number };

export const siteSettingsDecider: Decider<SettingsCommand, SettingsState, SettingsEvent> = {
  initialState: { questions: [], freeQueueWeeks: FREE_QUEUE_WEEKS_DEFAULT },
  evolve: (state, event) =>
    event.type === 'InterviewQuestionsSet'
      ? { ...state, questions: event.data.questions }
      : { ...state, freeQueueWeeks: event.data.weeks },
  decide: (command, state) => {
    if (command.type === 'SetFreeQueueWeeks') {
      const { weeks } = command.data;
      if (!Number.isInteger(weeks) || weeks < FREE_QUEUE_WEEKS_MIN || weeks > FREE_QUEUE_WEEKS_MAX)
        throw new ValidationError([
          { field: 'weeks', message: `must be ${FREE_QUEUE_WEEKS_MIN} to ${FREE_QUEUE_WEEKS_MAX}` },
        ]);
      return weeks === state.freeQueueWeeks ? [] : [{ type: 'FreeQueueWeeksSet', data: { weeks } }];
    }
    const ids = command.data.questions.map((q) => q.id);
    if (new Set(ids).size !== ids.length)
      throw new ValidationError([{ field: 'questions', message: 'question ids must be unique' }]);
    if (JSON.stringify(state.questions) === JSON.stringify(command.data.questions)) return [];
    return [{ type: 'InterviewQuestionsSet', data: command.data }];
  },
};
export const SITE_SETTINGS_STREAM = 'settings-site';
