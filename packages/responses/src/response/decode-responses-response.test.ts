import { createConversionContext, reportForeignAnswerFields } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { decodeResponsesResponse } from "./decode-responses-response";
import { encodeResponsesResponse } from "./encode-responses-response";

const answer = {
  id: "resp_1",
  object: "response",
  created_at: 1_760_000_000,
  model: "gpt-5",
  status: "completed",
  error: null,
  incomplete_details: { reason: "max_output_tokens" },
  output: [
    {
      type: "message",
      id: "msg_1",
      status: "completed",
      role: "assistant",
      content: [{ type: "output_text", text: "Done.", annotations: [] }],
    },
  ],
  usage: null,
};

describe("decodeResponsesResponse", () => {
  it("keeps incomplete details its status does not say, reported where another format gets the answer", () => {
    const context = createConversionContext();
    const canonical = decodeResponsesResponse(structuredClone(answer), context);
    expect(canonical.finishReason.reason).toBe("stop");
    reportForeignAnswerFields(canonical, "messages", context);
    expect(context.losses.map((loss) => `${loss.code} ${loss.path}`)).toContain(
      "dropped /incomplete_details",
    );
    const again = encodeResponsesResponse(canonical, createConversionContext());
    expect(again.incomplete_details).toEqual(answer.incomplete_details);
    expect(again.status).toBe("completed");
  });

  it("reads an incomplete answer's details as its finish reason, not as a field of their own", () => {
    const incomplete = { ...answer, status: "incomplete" };
    const canonical = decodeResponsesResponse(structuredClone(incomplete), createConversionContext());
    expect(canonical.finishReason).toEqual({ reason: "length", raw: "max_output_tokens" });
    expect(canonical.extensions?.responses?.incomplete_details).toBeUndefined();
  });

  it("marks where a message item after another begins, reported at that item where another format gets one message", () => {
    const message = (id: string, content: unknown[]) => ({
      type: "message",
      id,
      status: "completed",
      role: "assistant",
      content,
    });
    const twoItems = {
      ...answer,
      incomplete_details: null,
      output: [
        message("msg_1", [{ type: "output_text", text: "One.", annotations: [] }]),
        message("msg_2", [{ type: "output_text", text: "Two.", annotations: [] }]),
        message("msg_3", []),
      ],
    };
    const context = createConversionContext();
    const canonical = decodeResponsesResponse(structuredClone(twoItems), context);
    expect(canonical.parts.map((part) => part.extensions?.responses?.newItem)).toEqual([
      undefined,
      true,
      true,
    ]);
    reportForeignAnswerFields(canonical, "messages", context);
    const losses = context.losses.map((loss) => `${loss.code} ${loss.path}`);
    expect(losses).toContain("dropped /output/1");
    expect(losses).toContain("dropped /output/2");
    expect(losses).not.toContain("dropped /output/0");
    // The same format keeps each item as it came.
    expect(encodeResponsesResponse(canonical, createConversionContext()).output).toHaveLength(3);
  });
});
