import type { ChatRequest, Part } from "@interlingua/core";
import type { SecretRedactor } from "../../pipeline/create-secret-redactor";

/** One part in the conventions' message shape (`gen_ai.input.messages` / `gen_ai.output.messages`). */
type ConventionPart = Record<string, unknown>;

function conventionPart(part: Part): ConventionPart {
  switch (part.type) {
    case "text":
      return { type: "text", content: part.text };
    case "tool-call":
      return { type: "tool_call", id: part.id, name: part.name, arguments: part.arguments };
    case "tool-result":
      return {
        type: "tool_call_response",
        id: part.callId,
        response: part.content.map((item) => (item.type === "text" ? item.text : { type: item.type })),
      };
    case "reasoning":
      return { type: "reasoning", content: part.text ?? part.summary?.join("\n") ?? "" };
    default:
      // Media, code and hosted-tool parts are named, not copied (they can be large or binary).
      return { type: part.type };
  }
}

/**
 * The message content attributes of the conventions, as JSON strings with every configured secret
 * redacted: `gen_ai.system_instructions`, `gen_ai.input.messages` and, when the answer is known,
 * `gen_ai.output.messages`. Recorded only when the gateway is configured to capture content.
 */
export function contentAttributes(
  request: ChatRequest | undefined,
  output: unknown,
  finishReason: string | undefined,
  redact: SecretRedactor,
): Record<string, string> {
  const attributes: Record<string, string> = {};
  if (request?.instructions?.length)
    attributes["gen_ai.system_instructions"] = redact(
      JSON.stringify(request.instructions.flatMap((instruction) => instruction.parts.map(conventionPart))),
    );
  if (request)
    attributes["gen_ai.input.messages"] = redact(
      JSON.stringify(
        request.messages.map((message) => ({ role: message.role, parts: message.parts.map(conventionPart) })),
      ),
    );
  if (Array.isArray(output))
    attributes["gen_ai.output.messages"] = redact(
      JSON.stringify([
        {
          role: "assistant",
          parts: (output as Part[]).map(conventionPart),
          ...(finishReason ? { finish_reason: finishReason } : {}),
        },
      ]),
    );
  return attributes;
}
