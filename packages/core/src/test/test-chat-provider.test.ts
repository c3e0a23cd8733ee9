import type { ChatProvider } from "../contracts/chat-provider";
import { CanonicalError } from "../errors/canonical-error";
import type { ChatResponse } from "../model/chat-response";
import { replay } from "../stream/replay";
import { testChatProvider } from "./test-chat-provider";

function answer(text: string): ChatResponse {
  return {
    id: "resp_1",
    model: "echo",
    parts: [{ type: "text", text }],
    finishReason: { reason: "stop" },
    usage: { inputTokens: 1, outputTokens: 1 },
    status: "completed",
  };
}

/** The smallest provider that keeps the contract: it answers, replays for streams, honours the signal. */
const replayingProvider: ChatProvider = {
  id: "replaying",
  capabilities: { streaming: false },
  async generate(request, options) {
    options?.signal?.throwIfAborted();
    if (request.model === "missing")
      throw new CanonicalError("not_found", "no such model", { param: "model" });
    return answer("hello");
  },
  async stream(request, options) {
    return replay(await this.generate(request, options));
  },
};

testChatProvider("that replays whole answers", () => replayingProvider, {
  failingRequest: { model: "missing", messages: [] },
});
