import { createSpecValidator } from "@interlingua/core/test";
import type { SpecCheck } from "./strict-upstream";

/**
 * Betas under which the API takes `system` messages after the first turn. The spec does not know
 * them yet; Claude Code, the vendor's own client, sends such messages with these betas against the
 * real API (mid-conversation-system-2026-04-07 in 2.1.1xx, mid-conversation-tool-changes-2026-07-01
 * in 2.1.332).
 */
const midConversationSystemBetas = ["mid-conversation-system-", "mid-conversation-tool-changes-"];

/** The beta under which a message may carry its own `output_config` (Claude Code 2.1.332 sends it). */
const perTurnControlBeta = "per-turn-control-";

/**
 * The `system` messages of a body sent with the mid-conversation-system beta, checked as the API
 * checks them (not first, not right after another, text only), then left out so that the rest is
 * checked against the spec, which does not know the beta yet; so is a message's `output_config`
 * under the per-turn-control beta.
 */
function withoutMidConversationSystem(
  wire: unknown,
  perTurnControl: boolean,
): { body: unknown; problems: string[] } {
  const body = wire as { messages?: { role?: string; content?: unknown }[] };
  if (!Array.isArray(body?.messages)) return { body: wire, problems: [] };
  const problems: string[] = [];
  body.messages.forEach((message, index) => {
    if (message.role !== "system") return;
    if (index === 0) problems.push(`/messages/0/role: a system message cannot be first`);
    if (body.messages?.[index - 1]?.role === "system")
      problems.push(`/messages/${index}/role: a system message cannot follow another`);
    const content = message.content;
    const textOnly =
      typeof content === "string" ||
      (Array.isArray(content) && content.every((block) => (block as { type?: string }).type === "text"));
    if (!textOnly) problems.push(`/messages/${index}/content: a system message holds text only`);
  });
  const messages = body.messages
    .filter((message) => message.role !== "system")
    .map((message) => {
      if (!perTurnControl || !("output_config" in message)) return message;
      const { output_config: _, ...rest } = message as Record<string, unknown>;
      return rest;
    });
  return { body: { ...body, messages }, problems };
}

/**
 * The messages API: `CreateMessageParams`, or `BetaCreateMessageParams` of the full spec when the
 * request names betas (`anthropic-beta` header or `?beta=true`), with the mid-conversation-system
 * beta's own rules when that beta is named.
 */
export const messagesSpecCheck: SpecCheck = (wire, { url, headers }) => {
  const betas = headers.get("anthropic-beta") ?? "";
  if (!betas && url.searchParams.get("beta") !== "true")
    return createSpecValidator("messages").validate("CreateMessageParams", wire);
  const { body, problems } = midConversationSystemBetas.some((beta) => betas.includes(beta))
    ? withoutMidConversationSystem(wire, betas.includes(perTurnControlBeta))
    : { body: wire, problems: [] };
  return [
    ...problems,
    ...createSpecValidator("messages", { beta: true }).validate("BetaCreateMessageParams", body),
  ];
};

/** The responses API: `CreateResponse`. */
export const responsesSpecCheck: SpecCheck = (wire) =>
  createSpecValidator("responses").validate("CreateResponse", wire);

/** The generate-content API: `GenerateContentRequest`. */
export const generateContentSpecCheck: SpecCheck = (wire) =>
  createSpecValidator("generate-content").validate("GenerateContentRequest", wire);
