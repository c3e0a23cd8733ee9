import { type ChatRequest, createConversionContext, type Part } from "@interlingua/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createOpaqueSealer } from "./create-opaque-sealer";
import { sealResponseParts } from "./seal-response-parts";
import { unsealRequest } from "./unseal-request";

const sealer = createOpaqueSealer("carried-reasoning-secret-0123");
/** A generate-content front: its tool calls have a field for state, its clients drop thought parts. */
const front = { format: "generate-content", toolCallsCarryState: true };

/** A messages backend's answer: text, signed thinking and tool calls in any order, all distinct. */
const answerArbitrary = fc
  .array(fc.constantFrom("text", "reasoning", "tool-call"), { maxLength: 8 })
  .map((kinds) =>
    kinds.map((kind, index): Part => {
      if (kind === "text") return { type: "text", text: `text ${index}` };
      if (kind === "reasoning")
        return {
          type: "reasoning",
          text: `thought ${index}`,
          signature: { format: "messages", data: `sig-${index}` },
        };
      return { type: "tool-call", id: `toolu_${index}`, name: "read_file", arguments: { index } };
    }),
  );

async function backAtTheBackend(kept: Part[]): Promise<Part[]> {
  const request: ChatRequest = { model: "m", messages: [{ role: "assistant", parts: kept }] };
  const opened = await unsealRequest(request, "messages", sealer, createConversionContext());
  return opened.messages[0]!.parts;
}

/** The answer without the reasoning after its last tool call, which no call could carry. */
function withoutTrailingReasoning(parts: Part[]): Part[] {
  const lastCall = parts.findLastIndex((part) => part.type === "tool-call");
  return parts.filter((part, index) => part.type !== "reasoning" || index < lastCall);
}

describe("reasoning carried on tool calls", () => {
  it("comes back in the backend's order from a client that keeps only the tool calls' state", async () => {
    await fc.assert(
      fc.asyncProperty(answerArbitrary, async (answer) => {
        const sealed = await sealResponseParts(answer, front, sealer);
        const kept = sealed.filter((part) => part.type !== "reasoning");
        expect(await backAtTheBackend(kept)).toEqual(withoutTrailingReasoning(answer));
      }),
    );
  });

  it("is not doubled for a client that keeps everything", async () => {
    await fc.assert(
      fc.asyncProperty(answerArbitrary, async (answer) => {
        const sealed = await sealResponseParts(answer, front, sealer);
        expect(await backAtTheBackend(sealed)).toEqual(answer);
      }),
    );
  });

  it("is not carried to a front whose tool calls have no field for state", async () => {
    const answer: Part[] = [
      { type: "reasoning", text: "t", signature: { format: "messages", data: "sig" } },
      { type: "tool-call", id: "toolu_1", name: "f", arguments: {} },
    ];
    const sealed = await sealResponseParts(
      answer,
      { format: "responses", toolCallsCarryState: false },
      sealer,
    );
    expect(sealed[1]).toEqual(answer[1]);
  });
});
