import { describe, expect, it } from "vitest";
import type { ChatProvider } from "../contracts/chat-provider";
import { CanonicalError } from "../errors/canonical-error";
import type { ChatEvent } from "../model/chat-event";
import type { ChatRequest } from "../model/chat-request";
import { ChatResponse } from "../model/chat-response";
import { accumulate } from "../stream/accumulate";
import { findEventSequenceProblems } from "../stream/check-event-sequence";
import { collect } from "../stream/collect";

/** Options of {@link testChatProvider}. */
export interface ChatProviderSuiteOptions {
  /** Requests the provider answers successfully; defaults to one plain text question. */
  requests?: ChatRequest[];
  /** A request the provider fails, to check failures come back as `CanonicalError`s. */
  failingRequest?: ChatRequest;
}

const question: ChatRequest = {
  model: "conformance-model",
  messages: [{ role: "user", parts: [{ type: "text", text: "Say something." }] }],
};

/**
 * The conformance suite every {@link ChatProvider} runs (ours or a custom backend): whole answers
 * are valid canonical responses, streams keep the event rules (parts start before their deltas and
 * end before the one terminal event), a stream accumulates to a valid response, an aborted signal
 * stops the call, and failures are `CanonicalError`s, rejected before a stream starts.
 */
export function testChatProvider(
  name: string,
  createProvider: () => ChatProvider | Promise<ChatProvider>,
  options: ChatProviderSuiteOptions = {},
): void {
  const requests = options.requests ?? [question];

  describe(`chat provider ${name}`, () => {
    it("declares an id and its capabilities", async () => {
      const provider = await createProvider();
      expect(typeof provider.id).toBe("string");
      expect(provider.id).not.toBe("");
      expect(typeof provider.capabilities.streaming).toBe("boolean");
    });

    it("answers each request with a valid canonical response", async () => {
      const provider = await createProvider();
      for (const request of requests) {
        const response = await provider.generate(request);
        expect(() => ChatResponse.parse(response)).not.toThrow();
        expect(response.status).not.toBe("in_progress");
      }
    });

    it("streams events that keep the stream rules and accumulate to a valid response", async () => {
      const provider = await createProvider();
      for (const request of requests) {
        const events: ChatEvent[] = await collect(await provider.stream({ ...request, stream: true }));
        expect(findEventSequenceProblems(events)).toEqual([]);
        const accumulated = await accumulate(events);
        expect(() => ChatResponse.parse(accumulated)).not.toThrow();
      }
    });

    it("stops when its signal is already aborted", async () => {
      const provider = await createProvider();
      const signal = AbortSignal.abort(new Error("caller went away"));
      await expect(provider.generate(requests[0]!, { signal })).rejects.toBeDefined();
    });

    if (options.failingRequest) {
      const failing = options.failingRequest;
      it("fails with CanonicalErrors, before a stream starts", async () => {
        const provider = await createProvider();
        await expect(provider.generate(failing)).rejects.toSatisfy(CanonicalError.isInstance);
        await expect(provider.stream({ ...failing, stream: true })).rejects.toSatisfy(
          CanonicalError.isInstance,
        );
      });
    }
  });
}
