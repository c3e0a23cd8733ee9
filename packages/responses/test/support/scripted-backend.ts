import {
  CanonicalError,
  type ChatEvent,
  type ChatProvider,
  type ChatRequest,
  type ChatResponse,
  readableFrom,
  replay,
} from "@interlingua/core";

/** What a messages-format backend answers (through its codec) when the prompt overflows the window. */
const contextOverflow = () =>
  new CanonicalError("invalid_request", "prompt is too long: 210000 tokens > 200000 maximum", {
    status: 400,
    code: "invalid_request_error",
  });

const lastUserText = (request: ChatRequest) =>
  [...request.messages]
    .reverse()
    .find((message) => message.role === "user")
    ?.parts.map((part) => (part.type === "text" ? part.text : ""))
    .join("") ?? "";

/**
 * A canonical backend for end-to-end tests that answers from the conversation it is given: a tool
 * result gets a weather sentence, an offered `get_weather` tool gets a call, anything else gets the
 * last user text back with the number of messages it saw. A user text containing `[overflow]` is
 * refused as too long for the context window, before any event; `[fail mid-stream]` streams a
 * little text, then fails upstream. `requests` records what it was asked.
 */
export function createScriptedBackend(): ChatProvider & { requests: ChatRequest[] } {
  const requests: ChatRequest[] = [];
  let counter = 0;
  const answer = (request: ChatRequest): ChatResponse => {
    requests.push(request);
    const id = `resp_scripted_${++counter}`;
    const base = {
      id,
      model: request.model,
      created: 1_700_000_000,
      usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 },
      status: "completed" as const,
    };
    const last = request.messages[request.messages.length - 1];
    const result = last?.parts.find((part) => part.type === "tool-result");
    if (result?.type === "tool-result") {
      const text = result.content.map((content) => (content.type === "text" ? content.text : "")).join("");
      return {
        ...base,
        parts: [{ type: "text", text: `The weather is ${text}.` }],
        finishReason: { reason: "stop" },
      };
    }
    if (request.tools?.some((tool) => tool.type === "function" && tool.name === "get_weather")) {
      return {
        ...base,
        parts: [
          { type: "tool-call", id: `call_${counter}`, name: "get_weather", arguments: { city: "Paris" } },
        ],
        finishReason: { reason: "tool_calls" },
      };
    }
    const said = last?.parts.map((part) => (part.type === "text" ? part.text : "")).join("") ?? "";
    return {
      ...base,
      parts: [{ type: "text", text: `You said: ${said} (${request.messages.length} messages)` }],
      finishReason: { reason: "stop" },
    };
  };
  return {
    id: "scripted",
    capabilities: { streaming: false },
    requests,
    async generate(request) {
      if (lastUserText(request).includes("[overflow]")) throw contextOverflow();
      return answer(request);
    },
    async stream(request) {
      const text = lastUserText(request);
      if (text.includes("[overflow]")) throw contextOverflow();
      if (!text.includes("[fail mid-stream]")) return replay(answer(request));
      requests.push(request);
      const events: ChatEvent[] = [
        { type: "response-start", id: `resp_scripted_${++counter}`, model: request.model },
        { type: "part-start", index: 0, kind: "text" },
        { type: "text-delta", index: 0, text: "Partial" },
        {
          type: "error",
          error: { kind: "overloaded", status: 529, message: "Overloaded", code: "overloaded_error" },
        },
      ];
      return readableFrom(events);
    },
  };
}
