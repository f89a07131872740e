import type { CatalogHandler } from './operation-context.ts';

/** list_interview_questions: the founder interview's questions, as the site settings hold them. */
export const listInterviewQuestions: CatalogHandler<'list_interview_questions'> = async (_call, { view }) => ({
  items: view.settings()?.interview_questions ?? [],
});
