import { CLIENT_MODEL_MAX_TOKENS, type ClientModelRequest } from '@listings/contracts';
import type { Drafter, DraftRequest } from './drafter.ts';
import { draftPrompt, JSON_ANSWER_INSTRUCTIONS, parseDraftAnswer } from './openai-drafter.ts';

/**
 * The model of the client that started a draft (MCP sampling, docs/mcp.md): asked with the OpenAI
 * drafter's prompt (the candidates' values shown as found, only the slots they miss asked for),
 * plus the answer's JSON shape in words (a client's model has no structured-output switch). The
 * answer comes back later, through the draft's events; the service checks its quotes like any
 * drafter's.
 */
export const clientModelRequestFor = async (
  candidates: Drafter,
  request: DraftRequest,
): Promise<{ keys: string[]; request: ClientModelRequest } | null> => {
  const prompt = draftPrompt(request, await candidates.draft(request));
  if (!prompt) return null;
  return {
    keys: [...prompt.missing],
    request: {
      messages: [{ role: 'user', content: { type: 'text', text: prompt.user } }],
      system_prompt: `${prompt.system}\n\n${JSON_ANSWER_INSTRUCTIONS}`,
      max_tokens: CLIENT_MODEL_MAX_TOKENS,
      // careful reading matters more than speed or cost: a wrong quote is dropped anyway
      model_preferences: { intelligence_priority: 0.8, speed_priority: 0.3, cost_priority: 0.3 },
    },
  };
};

/**
 * A drafter whose model answer is already in hand (the client's, as recorded on the draft): the
 * candidates' values as they are, plus the answer's for the asked slots they still miss.
 */
export const createAnsweredDrafter = (
  candidates: Drafter,
  answer: { keys: readonly string[]; text: string },
): Drafter => ({
  name: 'client-model',
  async draft(request) {
    const found = await candidates.draft(request);
    const keys = answer.keys.filter((key) => request.keys.includes(key) && !(key in found));
    return { ...parseDraftAnswer(answer.text, keys), ...found };
  },
});
