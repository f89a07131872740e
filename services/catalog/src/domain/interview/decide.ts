import type { Decider } from '@listings/platform/decider';
import { ValidationError } from '@listings/platform/errors';
import {
  evolveInterview,
  type Interview,
  type InterviewAnswer,
  type InterviewEvent,
  initialInterview,
} from './interview.ts';

export type InterviewCommand = {
  type: 'AnswerInterview';
  data: { account_id: string; answers: InterviewAnswer[]; known_question_ids: readonly string[]; now: string };
};
/** Answers to known questions, each once; the same answers again change nothing. */
export const decideInterview = (command: InterviewCommand, state: Interview): InterviewEvent[] => {
  const d = command.data;
  const known = new Set(d.known_question_ids);
  const seen = new Set<string>();
  const errors: { field: string; message: string }[] = [];
  d.answers.forEach((a, i) => {
    if (!known.has(a.question_id))
      errors.push({
        field: `body.answers.${i}.question_id`,
        message: `is not an interview question: ${a.question_id} (see list_interview_questions)`,
      });
    else if (seen.has(a.question_id))
      errors.push({ field: `body.answers.${i}.question_id`, message: `answers ${a.question_id} twice` });
    seen.add(a.question_id);
  });
  if (errors.length > 0) throw new ValidationError(errors);
  if (state.updatedAt !== null && JSON.stringify(state.answers) === JSON.stringify(d.answers)) return [];
  return [{ type: 'InterviewAnswered', data: { account_id: d.account_id, answers: d.answers, at: d.now } }];
};

export const interviewDecider: Decider<InterviewCommand, Interview, InterviewEvent> = {
  initialState: initialInterview,
  evolve: evolveInterview,
  decide: decideInterview,
};
