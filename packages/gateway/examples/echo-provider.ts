import { CanonicalError, type ChatProvider, type ChatResponse, replay } from "@interlingua/core";

/**
 * A custom backend: answers with whatever `answer` makes of the last user text. Anything that can
 * produce text (a local model, a rules engine, another API) fits the same shape.
 */
export function createFunctionProvider(answer: (text: string) => string | Promise<string>): ChatProvider {
  return {
    id: "function",
    capabilities: { streaming: false },
    async generate(request, options) {
      options?.signal?.throwIfAborted();
      const last = request.messages.filter((message) => message.role === "user").at(-1);
      if (!last)
        throw new CanonicalError("invalid_request", "No user message to answer.", { param: "messages" });
      const question = last.parts.map((part) => (part.type === "text" ? part.text : "")).join("");
      const text = await answer(question);
      const response: ChatResponse = {
        id: `fn_${crypto.randomUUID()}`,
        model: request.model,
        parts: [{ type: "text", text }],
        finishReason: { reason: "stop" },
        usage: { inputTokens: question.length, outputTokens: text.length },
        status: "completed",
      };
      return response;
    },
    async stream(request, options) {
      // Not streaming by nature: replay the whole answer as events.
      return replay(await this.generate(request, options));
    },
  };
}
