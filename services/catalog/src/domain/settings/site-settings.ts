import type { Decider } from '@listings/platform/decider';
import { ValidationError } from '@listings/platform/errors';

export interface InterviewQuestion {
  id: string;
  question: string;
}
export type SettingsEvent = { type: 'InterviewQuestionsSet'; data: { questions: InterviewQuestion[] } };
export type SettingsCommand = { type: 'SetInterviewQuestions'; data: { questions: InterviewQuestion[] } };

export const siteSettingsDecider: Decider<SettingsCommand, { questions: InterviewQuestion[] }, SettingsEvent> = {
  initialState: { questions: [] },
  evolve: (_state, event) => ({ questions: event.data.questions }),
  decide: (command, state) => {
    const ids = command.data.questions.map((q) => q.id);
    if (new Set(ids).size !== ids.length)
      throw new ValidationError([{ field: 'questions', message: 'question ids must be unique' }]);
    if (JSON.stringify(state.questions) === JSON.stringify(command.data.questions)) return [];
    return [{ type: 'InterviewQuestionsSet', data: command.data }];
  },
};
export const SITE_SETTINGS_STREAM = 'settings-site';
