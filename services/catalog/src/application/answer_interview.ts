import type { CatalogHandler } from './operation-context.ts';
import { accountOf } from './owned-listings.ts';

/** answer_interview: the caller's founder interview answers, replaced as a whole. */
export const answerInterview: CatalogHandler<'answer_interview'> = async (call, { commands }) => {
  const account = accountOf(call);
  const { answers } = call.body as { answers: { question_id: string; answer: string }[] };
  const result = await commands.answerInterview(account, answers);
  return { answers: result.state.answers, updated_at: result.state.updatedAt };
};
