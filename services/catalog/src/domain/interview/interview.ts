import type { CatalogEventOf } from '../catalog-events.ts';

/** One person's founder interview: their answers, replaced as a whole by answer_interview. */
export interface InterviewAnswer {
  question_id: string;
  answer: string;
}
export type InterviewEvent = CatalogEventOf<'InterviewAnswered'>;
export type Interview = { answers: readonly InterviewAnswer[]; updatedAt: string | null };

export const initialInterview: Interview = { answers: [], updatedAt: null };
export const evolveInterview = (_state: Interview, event: InterviewEvent): Interview => ({
  answers: event.data.answers,
  updatedAt: event.data.at,
});

export const interviewStream = (accountId: string) => `interview-${accountId}`;
