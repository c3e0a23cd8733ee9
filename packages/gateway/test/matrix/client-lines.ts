import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import Anthropic from "@anthropic-ai/sdk";
import { type Content, GoogleGenAI } from "@google/genai";
import { generateText, jsonSchema, type ModelMessage, Output, streamText, tool } from "ai";
import OpenAI from "openai";

/** Where and how a client reaches the gateway. */
export interface ClientTarget {
  /** Gateway root URL. */
  url: string;
  /** In-process transport; undefined over a real server. */
  fetch?: typeof fetch;
  apiKey: string;
  model: string;
}

/** What a client saw of a failed call. */
export interface ClientFailure {
  status?: number;
  message: string;
  /** Text that arrived before a stream failed. */
  text?: string;
}

/** One official client, driving each scenario and reporting what it saw. */
export interface ClientLine {
  name: string;
  /** The front format it speaks. */
  front: string;
  plain(target: ClientTarget): Promise<string>;
  streamed(target: ClientTarget): Promise<{ deltas: string[] }>;
  /** Two turns: the client gets two parallel calls, answers both, and gets the final text. */
  toolTurns(target: ClientTarget): Promise<{ calls: { name: string; city: unknown }[]; text: string }>;
  /** Two turns with reasoning: the first turn's reasoning goes back as the client's SDK sends it. */
  reasoningTurns(target: ClientTarget): Promise<{ text: string }>;
  image(target: ClientTarget, pngBase64: string): Promise<string>;
  structured(target: ClientTarget, schema: Record<string, unknown>): Promise<unknown>;
  /** A streaming call the upstream refuses before streaming. */
  refusedStream(target: ClientTarget): Promise<ClientFailure>;
  /** A streaming call that fails mid-way. */
  failingStream(target: ClientTarget): Promise<ClientFailure>;
}

const weatherSchema: { type: "object"; properties: Record<string, { type: string }>; required: string[] } = {
  type: "object",
  properties: { city: { type: "string" } },
  required: ["city"],
};

function failure(thrown: unknown, text?: string): ClientFailure {
  const error = thrown as { status?: number; statusCode?: number; message?: string };
  const status = error.status ?? error.statusCode;
  const result: ClientFailure = { message: String(error.message ?? thrown) };
  if (typeof status === "number") result.status = status;
  if (text !== undefined) result.text = text;
  return result;
}

// The messages client ---------------------------------------------------------------------------

function anthropicClient(target: ClientTarget) {
  return new Anthropic({ baseURL: target.url, apiKey: target.apiKey, maxRetries: 0, fetch: target.fetch });
}

const anthropicSdk: ClientLine = {
  name: "@anthropic-ai/sdk",
  front: "messages",
  async plain(target) {
    const message = await anthropicClient(target).messages.create({
      model: target.model,
      max_tokens: 100,
      messages: [{ role: "user", content: "Say hello." }],
    });
    return message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
  },
  async streamed(target) {
    const deltas: string[] = [];
    const stream = anthropicClient(target).messages.stream({
      model: target.model,
      max_tokens: 100,
      messages: [{ role: "user", content: "Say hello." }],
    });
    stream.on("text", (text) => deltas.push(text));
    await stream.finalMessage();
    return { deltas };
  },
  async toolTurns(target) {
    const client = anthropicClient(target);
    const tools = [{ name: "get_weather", description: "Weather in a city", input_schema: weatherSchema }];
    const question = { role: "user" as const, content: "Weather in Paris and Tokyo?" };
    const first = await client.messages.create({
      model: target.model,
      max_tokens: 100,
      tools,
      messages: [question],
    });
    const uses = first.content.filter((block) => block.type === "tool_use");
    const second = await client.messages.create({
      model: target.model,
      max_tokens: 100,
      tools,
      messages: [
        question,
        { role: "assistant", content: first.content },
        {
          role: "user",
          content: uses.map((use) => ({
            type: "tool_result" as const,
            tool_use_id: use.id,
            content: "Sunny",
          })),
        },
      ],
    });
    return {
      calls: uses.map((use) => ({ name: use.name, city: (use.input as { city?: unknown }).city })),
      text: second.content.map((block) => (block.type === "text" ? block.text : "")).join(""),
    };
  },
  async reasoningTurns(target) {
    const client = anthropicClient(target);
    const thinking = { type: "enabled" as const, budget_tokens: 1024 };
    const question = { role: "user" as const, content: "Think, then answer." };
    const first = await client.messages.create({
      model: target.model,
      max_tokens: 2000,
      thinking,
      messages: [question],
    });
    const second = await client.messages.create({
      model: target.model,
      max_tokens: 2000,
      thinking,
      messages: [question, { role: "assistant", content: first.content }, { role: "user", content: "And?" }],
    });
    return { text: second.content.map((block) => (block.type === "text" ? block.text : "")).join("") };
  },
  async image(target, pngBase64) {
    const message = await anthropicClient(target).messages.create({
      model: target.model,
      max_tokens: 100,
      messages: [
        {
          role: "user",
          content: [
            { type: "image", source: { type: "base64", media_type: "image/png", data: pngBase64 } },
            { type: "text", text: "What is this?" },
          ],
        },
      ],
    });
    return message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
  },
  async structured(target, schema) {
    const message = await anthropicClient(target).messages.create({
      model: target.model,
      max_tokens: 100,
      output_config: { format: { type: "json_schema", schema } },
      messages: [{ role: "user", content: "Where?" }],
    });
    return JSON.parse(message.content.map((block) => (block.type === "text" ? block.text : "")).join(""));
  },
  async refusedStream(target) {
    try {
      await anthropicClient(target)
        .messages.stream({ model: target.model, max_tokens: 100, messages: [{ role: "user", content: "x" }] })
        .finalMessage();
      return { message: "no error" };
    } catch (thrown) {
      return failure(thrown);
    }
  },
  async failingStream(target) {
    let text = "";
    try {
      const stream = anthropicClient(target).messages.stream({
        model: target.model,
        max_tokens: 100,
        messages: [{ role: "user", content: "x" }],
      });
      stream.on("text", (delta) => {
        text += delta;
      });
      await stream.finalMessage();
      return { message: "no error", text };
    } catch (thrown) {
      return failure(thrown, text);
    }
  },
};

// The responses client ---------------------------------------------------------------------------

function openaiClient(target: ClientTarget) {
  return new OpenAI({
    baseURL: `${target.url}/v1`,
    apiKey: target.apiKey,
    maxRetries: 0,
    fetch: target.fetch,
  });
}

const openaiSdk: ClientLine = {
  name: "openai",
  front: "responses",
  async plain(target) {
    const response = await openaiClient(target).responses.create({
      model: target.model,
      input: "Say hello.",
    });
    return response.output_text;
  },
  async streamed(target) {
    const deltas: string[] = [];
    const stream = await openaiClient(target).responses.create({
      model: target.model,
      input: "Say hello.",
      stream: true,
    });
    for await (const event of stream)
      if (event.type === "response.output_text.delta") deltas.push(event.delta);
    return { deltas };
  },
  async toolTurns(target) {
    const client = openaiClient(target);
    const tools = [
      {
        type: "function" as const,
        name: "get_weather",
        description: "Weather",
        parameters: weatherSchema,
        strict: false,
      },
    ];
    const question = { role: "user" as const, content: "Weather in Paris and Tokyo?" };
    const first = await client.responses.create({ model: target.model, tools, input: [question] });
    const calls = first.output.filter((item) => item.type === "function_call");
    const second = await client.responses.create({
      model: target.model,
      tools,
      input: [
        question,
        ...(first.output as OpenAI.Responses.ResponseInputItem[]),
        ...calls.map((call) => ({
          type: "function_call_output" as const,
          call_id: call.call_id,
          output: "Sunny",
        })),
      ],
    });
    return {
      calls: calls.map((call) => ({
        name: call.name,
        city: (JSON.parse(call.arguments) as { city?: unknown }).city,
      })),
      text: second.output_text,
    };
  },
  async reasoningTurns(target) {
    const client = openaiClient(target);
    const question = { role: "user" as const, content: "Think, then answer." };
    const settings = {
      model: target.model,
      reasoning: { effort: "medium" as const },
      include: ["reasoning.encrypted_content" as const],
      store: false,
    };
    const first = await client.responses.create({ ...settings, input: [question] });
    const second = await client.responses.create({
      ...settings,
      input: [
        question,
        ...(first.output as OpenAI.Responses.ResponseInputItem[]),
        { role: "user", content: "And?" },
      ],
    });
    return { text: second.output_text };
  },
  async image(target, pngBase64) {
    const response = await openaiClient(target).responses.create({
      model: target.model,
      input: [
        {
          role: "user",
          content: [
            { type: "input_image", image_url: `data:image/png;base64,${pngBase64}`, detail: "auto" },
            { type: "input_text", text: "What is this?" },
          ],
        },
      ],
    });
    return response.output_text;
  },
  async structured(target, schema) {
    const response = await openaiClient(target).responses.create({
      model: target.model,
      input: "Where?",
      text: { format: { type: "json_schema", name: "place", schema, strict: false } },
    });
    return JSON.parse(response.output_text);
  },
  async refusedStream(target) {
    try {
      const stream = await openaiClient(target).responses.create({
        model: target.model,
        input: "x",
        stream: true,
      });
      for await (const _event of stream) {
        // drain
      }
      return { message: "no error" };
    } catch (thrown) {
      return failure(thrown);
    }
  },
  async failingStream(target) {
    let text = "";
    try {
      const stream = await openaiClient(target).responses.create({
        model: target.model,
        input: "x",
        stream: true,
      });
      for await (const event of stream) {
        if (event.type === "response.output_text.delta") text += event.delta;
        if (event.type === "error") return { message: event.message, text };
        if (event.type === "response.failed")
          return { message: event.response.error?.message ?? "failed", text };
      }
      return { message: "no error", text };
    } catch (thrown) {
      return failure(thrown, text);
    }
  },
};

// The chat-completions client -------------------------------------------------------------------

const chatQuestion = { role: "user" as const, content: "Weather in Paris and Tokyo?" };
const chatTools = [
  {
    type: "function" as const,
    function: { name: "get_weather", description: "Weather in a city", parameters: weatherSchema },
  },
];

const openaiChatSdk: ClientLine = {
  name: "openai (chat.completions)",
  front: "chat-completions",
  async plain(target) {
    const completion = await openaiClient(target).chat.completions.create({
      model: target.model,
      messages: [{ role: "user", content: "Say hello." }],
    });
    return completion.choices[0]?.message.content ?? "";
  },
  async streamed(target) {
    const deltas: string[] = [];
    const stream = await openaiClient(target).chat.completions.create({
      model: target.model,
      messages: [{ role: "user", content: "Say hello." }],
      stream: true,
      stream_options: { include_usage: true },
    });
    for await (const chunk of stream) {
      const content = chunk.choices[0]?.delta.content;
      if (content) deltas.push(content);
    }
    return { deltas };
  },
  async toolTurns(target) {
    const client = openaiClient(target);
    const first = await client.chat.completions.create({
      model: target.model,
      tools: chatTools,
      messages: [chatQuestion],
    });
    const message = first.choices[0]!.message;
    const calls = (message.tool_calls ?? []).flatMap((call) => (call.type === "function" ? [call] : []));
    const second = await client.chat.completions.create({
      model: target.model,
      tools: chatTools,
      messages: [
        chatQuestion,
        message,
        ...calls.map((call) => ({ role: "tool" as const, tool_call_id: call.id, content: "Sunny" })),
      ],
    });
    return {
      calls: calls.map((call) => ({
        name: call.function.name,
        city: (JSON.parse(call.function.arguments) as { city?: unknown }).city,
      })),
      text: second.choices[0]?.message.content ?? "",
    };
  },
  async reasoningTurns(target) {
    const client = openaiClient(target);
    const question = { role: "user" as const, content: "Think, then answer." };
    const settings = { model: target.model, reasoning_effort: "medium" as const };
    const first = await client.chat.completions.create({ ...settings, messages: [question] });
    // The assistant message goes back as it came, reasoning_details included.
    const second = await client.chat.completions.create({
      ...settings,
      messages: [question, first.choices[0]!.message, { role: "user", content: "And?" }],
    });
    return { text: second.choices[0]?.message.content ?? "" };
  },
  async image(target, pngBase64) {
    const completion = await openaiClient(target).chat.completions.create({
      model: target.model,
      messages: [
        {
          role: "user",
          content: [
            { type: "image_url", image_url: { url: `data:image/png;base64,${pngBase64}` } },
            { type: "text", text: "What is this?" },
          ],
        },
      ],
    });
    return completion.choices[0]?.message.content ?? "";
  },
  async structured(target, schema) {
    const completion = await openaiClient(target).chat.completions.create({
      model: target.model,
      messages: [{ role: "user", content: "Where?" }],
      response_format: { type: "json_schema", json_schema: { name: "place", schema, strict: false } },
    });
    return JSON.parse(completion.choices[0]?.message.content ?? "");
  },
  async refusedStream(target) {
    try {
      const stream = await openaiClient(target).chat.completions.create({
        model: target.model,
        messages: [{ role: "user", content: "x" }],
        stream: true,
      });
      for await (const _chunk of stream) {
        // drain
      }
      return { message: "no error" };
    } catch (thrown) {
      return failure(thrown);
    }
  },
  async failingStream(target) {
    let text = "";
    try {
      const stream = await openaiClient(target).chat.completions.create({
        model: target.model,
        messages: [{ role: "user", content: "x" }],
        stream: true,
      });
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
      return { message: "no error", text };
    } catch (thrown) {
      return failure(thrown, text);
    }
  },
};

// The generate-content client ----------------------------------------------------------------------

function genaiClient(target: ClientTarget) {
  return new GoogleGenAI({
    apiKey: target.apiKey,
    httpOptions: { baseUrl: target.url, fetch: target.fetch, retryOptions: { attempts: 1 } },
  });
}

const genaiSdk: ClientLine = {
  name: "@google/genai",
  front: "generate-content",
  async plain(target) {
    const response = await genaiClient(target).models.generateContent({
      model: target.model,
      contents: "Say hello.",
    });
    return response.text ?? "";
  },
  async streamed(target) {
    const deltas: string[] = [];
    const stream = await genaiClient(target).models.generateContentStream({
      model: target.model,
      contents: "Say hello.",
    });
    for await (const chunk of stream) if (chunk.text) deltas.push(chunk.text);
    return { deltas };
  },
  async toolTurns(target) {
    const client = genaiClient(target);
    const config = {
      tools: [
        {
          functionDeclarations: [
            { name: "get_weather", description: "Weather", parametersJsonSchema: weatherSchema },
          ],
        },
      ],
    };
    const question: Content = { role: "user", parts: [{ text: "Weather in Paris and Tokyo?" }] };
    const first = await client.models.generateContent({ model: target.model, contents: [question], config });
    const calls = first.functionCalls ?? [];
    const second = await client.models.generateContent({
      model: target.model,
      config,
      contents: [
        question,
        first.candidates![0]!.content!,
        {
          role: "user",
          parts: calls.map((call) => ({
            functionResponse: { id: call.id, name: call.name, response: { output: "Sunny" } },
          })),
        },
      ],
    });
    return {
      calls: calls.map((call) => ({ name: call.name ?? "", city: call.args?.city })),
      text: second.text ?? "",
    };
  },
  async reasoningTurns(target) {
    const client = genaiClient(target);
    const config = { thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 } };
    const question: Content = { role: "user", parts: [{ text: "Think, then answer." }] };
    const first = await client.models.generateContent({ model: target.model, contents: [question], config });
    const second = await client.models.generateContent({
      model: target.model,
      config,
      contents: [question, first.candidates![0]!.content!, { role: "user", parts: [{ text: "And?" }] }],
    });
    return { text: second.text ?? "" };
  },
  async image(target, pngBase64) {
    const response = await genaiClient(target).models.generateContent({
      model: target.model,
      contents: [
        {
          role: "user",
          parts: [{ inlineData: { mimeType: "image/png", data: pngBase64 } }, { text: "What is this?" }],
        },
      ],
    });
    return response.text ?? "";
  },
  async structured(target, schema) {
    const response = await genaiClient(target).models.generateContent({
      model: target.model,
      contents: "Where?",
      config: { responseMimeType: "application/json", responseJsonSchema: schema },
    });
    return JSON.parse(response.text ?? "null");
  },
  async refusedStream(target) {
    try {
      const stream = await genaiClient(target).models.generateContentStream({
        model: target.model,
        contents: "x",
      });
      for await (const _chunk of stream) {
        // drain
      }
      return { message: "no error" };
    } catch (thrown) {
      return failure(thrown);
    }
  },
  async failingStream(target) {
    let text = "";
    try {
      const stream = await genaiClient(target).models.generateContentStream({
        model: target.model,
        contents: "x",
      });
      for await (const chunk of stream) text += chunk.text ?? "";
      return { message: "no error", text };
    } catch (thrown) {
      return failure(thrown, text);
    }
  },
};

// The @google/genai client's interactions ---------------------------------------------------------

/** No retries: a failure is the answer under test. */
const noRetries = { retries: { strategy: "none" as const } };

type InteractionStep = { type: string; content?: unknown };

/** The text of an interaction's model output steps. */
function interactionText(steps: readonly InteractionStep[] | undefined): string {
  return (steps ?? [])
    .filter((step) => step.type === "model_output")
    .flatMap((step) => (step.content as { type: string; text?: string }[] | undefined) ?? [])
    .map((content) => content.text ?? "")
    .join("");
}

/** The steps of an answer to send back as history: all but the echoed input. */
const answerSteps = (steps: readonly InteractionStep[] | undefined) =>
  (steps ?? []).filter((step) => step.type !== "user_input") as never[];

const genaiInteractions: ClientLine = {
  name: "@google/genai interactions",
  front: "interactions",
  async plain(target) {
    const interaction = await genaiClient(target).interactions.create(
      { model: target.model, input: "Say hello." },
      noRetries,
    );
    return interactionText(interaction.steps);
  },
  async streamed(target) {
    const deltas: string[] = [];
    const stream = await genaiClient(target).interactions.create(
      { model: target.model, input: "Say hello.", stream: true },
      noRetries,
    );
    for await (const event of stream)
      if (event.event_type === "step.delta" && event.delta.type === "text") deltas.push(event.delta.text);
    return { deltas };
  },
  async toolTurns(target) {
    const client = genaiClient(target).interactions;
    const tools = [
      { type: "function" as const, name: "get_weather", description: "Weather", parameters: weatherSchema },
    ];
    const question = {
      type: "user_input" as const,
      content: [{ type: "text" as const, text: "Weather in Paris and Tokyo?" }],
    };
    const first = await client.create(
      { model: target.model, input: [question], tools, store: false },
      noRetries,
    );
    const calls = (first.steps ?? []).flatMap((step) => (step.type === "function_call" ? [step] : []));
    const second = await client.create(
      {
        model: target.model,
        tools,
        store: false,
        input: [
          question,
          ...answerSteps(first.steps),
          ...calls.map((call) => ({
            type: "function_result" as const,
            call_id: call.id,
            name: call.name,
            result: "Sunny",
          })),
        ],
      },
      noRetries,
    );
    return {
      calls: calls.map((call) => ({ name: call.name, city: call.arguments.city })),
      text: interactionText(second.steps),
    };
  },
  async reasoningTurns(target) {
    const client = genaiClient(target).interactions;
    const generation_config = { thinking_level: "low", thinking_summaries: "auto" };
    const question = {
      type: "user_input" as const,
      content: [{ type: "text" as const, text: "Think, then answer." }],
    };
    const first = await client.create(
      { model: target.model, input: [question], generation_config, store: false },
      noRetries,
    );
    const second = await client.create(
      {
        model: target.model,
        generation_config,
        store: false,
        input: [
          question,
          ...answerSteps(first.steps),
          { type: "user_input" as const, content: [{ type: "text" as const, text: "And?" }] },
        ],
      },
      noRetries,
    );
    return { text: interactionText(second.steps) };
  },
  async image(target, pngBase64) {
    const interaction = await genaiClient(target).interactions.create(
      {
        model: target.model,
        input: [
          { type: "image", data: pngBase64, mime_type: "image/png" },
          { type: "text", text: "What is this?" },
        ],
      },
      noRetries,
    );
    return interactionText(interaction.steps);
  },
  async structured(target, schema) {
    const interaction = await genaiClient(target).interactions.create(
      {
        model: target.model,
        input: "Where?",
        response_format: { type: "text", mime_type: "application/json", schema },
      },
      noRetries,
    );
    return JSON.parse(interactionText(interaction.steps) || "null");
  },
  async refusedStream(target) {
    try {
      const stream = await genaiClient(target).interactions.create(
        { model: target.model, input: "x", stream: true },
        noRetries,
      );
      for await (const _event of stream) {
        // drain
      }
      return { message: "no error" };
    } catch (thrown) {
      return failure(thrown);
    }
  },
  async failingStream(target) {
    let text = "";
    try {
      const stream = await genaiClient(target).interactions.create(
        { model: target.model, input: "x", stream: true },
        noRetries,
      );
      for await (const event of stream) {
        if (event.event_type === "step.delta" && event.delta.type === "text") text += event.delta.text;
        if (event.event_type === "error") return { message: event.error?.message ?? "error event", text };
      }
      return { message: "no error", text };
    } catch (thrown) {
      return failure(thrown, text);
    }
  },
};

// The `ai` SDK over any provider -------------------------------------------------------------------

/** Errors are read from the stream's parts; the SDK's default logging of them is noise here. */
const ignore = () => undefined;

type LanguageModel = Parameters<typeof generateText>[0]["model"];

function aiLine(
  name: string,
  front: string,
  model: (target: ClientTarget) => LanguageModel,
  options: {
    reasoning: Record<string, Record<string, unknown>>;
    structured?: Record<string, Record<string, unknown>>;
    /** The output limit the provider would otherwise guess, and warn about, for an unknown model. */
    maxOutputTokens?: number;
  },
): ClientLine {
  // No retries: a failure is the answer under test.
  const callSettings = {
    maxRetries: 0,
    ...(options.maxOutputTokens === undefined ? {} : { maxOutputTokens: options.maxOutputTokens }),
  };
  const weather = {
    get_weather: tool({ description: "Weather in a city", inputSchema: jsonSchema(weatherSchema) }),
  };
  return {
    name,
    front,
    async plain(target) {
      const result = await generateText({ model: model(target), prompt: "Say hello.", ...callSettings });
      return result.text;
    },
    async streamed(target) {
      const result = streamText({
        model: model(target),
        prompt: "Say hello.",
        ...callSettings,
        onError: ignore,
      });
      const deltas: string[] = [];
      for await (const delta of result.textStream) deltas.push(delta);
      return { deltas };
    },
    async toolTurns(target) {
      const question: ModelMessage = { role: "user", content: "Weather in Paris and Tokyo?" };
      const first = await generateText({
        model: model(target),
        tools: weather,
        messages: [question],
        ...callSettings,
      });
      const second = await generateText({
        model: model(target),
        tools: weather,
        ...callSettings,
        messages: [
          question,
          ...first.response.messages,
          {
            role: "tool",
            content: first.toolCalls.map((call) => ({
              type: "tool-result" as const,
              toolCallId: call.toolCallId,
              toolName: call.toolName,
              output: { type: "text" as const, value: "Sunny" },
            })),
          },
        ],
      });
      return {
        calls: first.toolCalls.map((call) => ({
          name: call.toolName,
          city: (call.input as { city?: unknown }).city,
        })),
        text: second.text,
      };
    },
    async reasoningTurns(target) {
      const question: ModelMessage = { role: "user", content: "Think, then answer." };
      const first = await generateText({
        model: model(target),
        messages: [question],
        providerOptions: options.reasoning as never,
        ...callSettings,
      });
      const second = await generateText({
        model: model(target),
        messages: [question, ...first.response.messages, { role: "user", content: "And?" }],
        providerOptions: options.reasoning as never,
        ...callSettings,
      });
      return { text: second.text };
    },
    async image(target, pngBase64) {
      const result = await generateText({
        model: model(target),
        ...callSettings,
        messages: [
          {
            role: "user",
            content: [
              { type: "file", data: pngBase64, mediaType: "image/png" },
              { type: "text", text: "What is this?" },
            ],
          },
        ],
      });
      return result.text;
    },
    async structured(target, schema) {
      const result = await generateText({
        model: model(target),
        output: Output.object({ schema: jsonSchema(schema) }),
        prompt: "Where?",
        ...callSettings,
        providerOptions: options.structured as never,
      });
      return result.output;
    },
    async refusedStream(target) {
      const result = streamText({ model: model(target), prompt: "x", ...callSettings, onError: ignore });
      for await (const part of result.fullStream) if (part.type === "error") return failure(part.error);
      return { message: "no error" };
    },
    async failingStream(target) {
      const result = streamText({ model: model(target), prompt: "x", ...callSettings, onError: ignore });
      let text = "";
      for await (const part of result.fullStream) {
        if (part.type === "text-delta") text += part.text;
        if (part.type === "error") return failure(part.error, text);
      }
      return { message: "no error", text };
    },
  };
}

const aiAnthropic = aiLine(
  "ai + @ai-sdk/anthropic",
  "messages",
  (target) =>
    createAnthropic({ baseURL: `${target.url}/v1`, apiKey: target.apiKey, fetch: target.fetch })(
      target.model,
    ),
  {
    reasoning: { anthropic: { thinking: { type: "enabled", budgetTokens: 1024 } } },
    structured: { anthropic: { structuredOutputMode: "outputFormat" } },
    // What @ai-sdk/anthropic sends for a model it does not know, said explicitly so it does not warn.
    maxOutputTokens: 4096,
  },
);

const aiOpenAI = aiLine(
  "ai + @ai-sdk/openai",
  "responses",
  (target) =>
    createOpenAI({ baseURL: `${target.url}/v1`, apiKey: target.apiKey, fetch: target.fetch })(target.model),
  {
    reasoning: {
      openai: { store: false, include: ["reasoning.encrypted_content"], reasoningEffort: "medium" },
    },
  },
);

const aiGoogle = aiLine(
  "ai + @ai-sdk/google",
  "generate-content",
  (target) =>
    createGoogleGenerativeAI({ baseURL: `${target.url}/v1beta`, apiKey: target.apiKey, fetch: target.fetch })(
      target.model,
    ),
  { reasoning: { google: { thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 } } } },
);

/** Every client line the matrix drives: two per front, one (the official client) for interactions. */
export const clientLines: ClientLine[] = [
  anthropicSdk,
  aiAnthropic,
  genaiSdk,
  aiGoogle,
  openaiSdk,
  aiOpenAI,
  openaiChatSdk,
  genaiInteractions,
];
