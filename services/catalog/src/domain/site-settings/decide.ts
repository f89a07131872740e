import type { Decider } from '@listings/platform/decider';
import { ValidationError } from '@listings/platform/errors';
import {
  evolveSiteSettings,
  FREE_QUEUE_WEEKS_MAX,
  FREE_QUEUE_WEEKS_MIN,
  type InterviewQuestion,
  initialSiteSettings,
  type SettingsEvent,
  type SettingsState,
} from './site-settings.ts';

export type SettingsCommand =
  | { type: 'SetInterviewQuestions'; data: { questions: InterviewQuestion[] } }
  | { type: 'SetFreeQueueWeeks'; data: { weeks: number } };

export const decideSiteSettings = (command: SettingsCommand, state: SettingsState): SettingsEvent[] => {
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
};

export const siteSettingsDecider: Decider<SettingsCommand, SettingsState, SettingsEvent> = {
  initialState: initialSiteSettings,
  evolve: evolveSiteSettings,
  decide: decideSiteSettings,
};
