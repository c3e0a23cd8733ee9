import type { ConversionContext } from "@interlingua/core";
import {
  defaultMessagesModelFamilies,
  findMessagesModelFamily,
  type MessagesModelFamily,
} from "./messages-model-families";

type WireRequest = Record<string, unknown>;
type Thinking = { type: string; budget_tokens?: number } & Record<string, unknown>;

/** The smallest thinking budget the API takes. */
export const minimumThinkingBudget = 1024;

/** The efforts `output_config.effort` takes (spec `EffortLevel`), least to most. */
export const messagesEfforts: readonly string[] = ["low", "medium", "high", "xhigh", "max"];

/** The service tiers a messages request may ask for. */
const serviceTiers = new Set(["auto", "standard_only"]);

/**
 * Makes an encoded messages request one the API accepts, each change a reported loss. The rules,
 * from the API reference (platform.claude.com/docs/en/api/messages) and the extended-thinking guide
 * (platform.claude.com/docs/en/build-with-claude/extended-thinking):
 * - `temperature` is within 0 and 1: higher values become 1.
 * - `thinking.budget_tokens` is at least 1024 and below `max_tokens`: a smaller budget is raised; a
 *   budget at or above `max_tokens` raises `max_tokens` when the caller did not set it
 *   (`maxTokensDefaulted`), else the budget is lowered to half of `max_tokens`, and thinking is
 *   turned off when `max_tokens` leaves no room for the minimum budget.
 * - With thinking on, `temperature` (other than 1) and `top_k` are not allowed, `top_p` is within
 *   0.95 and 1, and tool use cannot be forced (`tool_choice` `any` / `tool`).
 * - With thinking on, the assistant turn of the latest tool calls starts with its thinking: a history
 *   whose thinking did not come back (another format's, or a client that drops it) turns thinking
 *   off for the request.
 * - `service_tier` is `auto` or `standard_only` (`default` means the latter; others are dropped).
 * - `tool_choice` needs tools.
 * - Models of a family that takes one sampling setting (see {@link defaultMessagesModelFamilies})
 *   get `temperature` without `top_p`.
 * - `output_config.effort` is one of {@link messagesEfforts}: `minimal` becomes `low`; `none` and
 *   unknown efforts are dropped.
 * - The thinking forms and the effort a model's family takes (see {@link defaultMessagesModelFamilies}):
 *   adaptive thinking to a family of budgets only becomes a budget of its effort
 *   ({@link thinkingBudgetOfEffort}), a budget to a family of adaptive thinking only becomes
 *   adaptive thinking, thinking turned off there is left to the model (no `thinking`), and an effort
 *   to a family without one is dropped.
 */
export function legalizeMessagesRequest(
  wire: WireRequest,
  maxTokensDefaulted: boolean,
  context: ConversionContext,
  families: readonly MessagesModelFamily[] = defaultMessagesModelFamilies,
): void {
  if (typeof wire.temperature === "number" && wire.temperature > 1) {
    context.lose(
      "approximated",
      "/temperature",
      `temperature ${wire.temperature} sent as 1, the messages maximum`,
    );
    wire.temperature = 1;
  }
  const family = findMessagesModelFamily(wire.model, families);
  legalizeEffort(wire, context);
  legalizeThinkingForm(wire, family, context);
  legalizeThinkingBudget(wire, maxTokensDefaulted, context);
  legalizeThinkingHistory(wire, context);
  legalizeThinkingOff(wire, family, context);
  legalizeEffortSupport(wire, family, context);
  const thinking = wire.thinking as Thinking | undefined;
  if (thinking !== undefined && thinking.type !== "disabled") legalizeThinkingCompanions(wire, context);
  if (typeof wire.service_tier === "string" && !serviceTiers.has(wire.service_tier)) {
    if (wire.service_tier === "default") {
      context.lose("approximated", "/serviceTier", "service tier default sent as standard_only");
      wire.service_tier = "standard_only";
    } else {
      context.lose("dropped", "/serviceTier", `the messages format has no ${wire.service_tier} service tier`);
      delete wire.service_tier;
    }
  }
  if (family?.oneSamplingSetting && wire.temperature !== undefined && wire.top_p !== undefined) {
    context.lose("dropped", "/topP", `top_p cannot be sent beside temperature to ${family.name} models`);
    delete wire.top_p;
  }
  const tools = wire.tools as unknown[] | undefined;
  if (wire.tool_choice !== undefined && (tools === undefined || tools.length === 0)) {
    context.lose(
      "dropped",
      "/toolChoice",
      "a tool choice without tools cannot be sent to a messages backend",
    );
    // The parallel-calls flag rides in the tool choice, so it goes too.
    if ((wire.tool_choice as Record<string, unknown>).disable_parallel_tool_use !== undefined)
      context.lose(
        "dropped",
        "/parallelToolCalls",
        "parallel tool use cannot be set without tools on a messages backend",
      );
    delete wire.tool_choice;
  }
}

function legalizeThinkingBudget(wire: WireRequest, maxTokensDefaulted: boolean, context: ConversionContext) {
  const thinking = wire.thinking as Thinking | undefined;
  if (thinking?.type !== "enabled" || typeof thinking.budget_tokens !== "number") return;
  if (thinking.budget_tokens < minimumThinkingBudget) {
    context.lose(
      "approximated",
      "/reasoning/budgetTokens",
      `a thinking budget of ${thinking.budget_tokens} raised to the minimum, ${minimumThinkingBudget}`,
    );
    thinking.budget_tokens = minimumThinkingBudget;
  }
  const maxTokens = wire.max_tokens as number;
  if (thinking.budget_tokens < maxTokens) return;
  if (maxTokensDefaulted) {
    wire.max_tokens = thinking.budget_tokens + maxTokens;
    context.lose(
      "approximated",
      "/maxOutputTokens",
      `max_tokens raised to ${wire.max_tokens}, above the thinking budget`,
    );
  } else if (maxTokens > minimumThinkingBudget) {
    const budget = Math.max(minimumThinkingBudget, Math.floor(maxTokens / 2));
    context.lose(
      "approximated",
      "/reasoning/budgetTokens",
      `a thinking budget of ${thinking.budget_tokens} lowered to ${budget}, below max_tokens`,
    );
    thinking.budget_tokens = budget;
  } else {
    context.lose(
      "dropped",
      "/reasoning",
      `max_tokens ${maxTokens} leaves no room for the minimum thinking budget; thinking is off`,
    );
    wire.thinking = { type: "disabled" };
  }
}

type WireBlock = { type?: unknown };
type WireTurn = { role?: unknown; content?: unknown };

function legalizeThinkingHistory(wire: WireRequest, context: ConversionContext) {
  const thinking = wire.thinking as Thinking | undefined;
  if (thinking === undefined || thinking.type === "disabled") return;
  const turns = (wire.messages as WireTurn[] | undefined) ?? [];
  const blocksOf = (turn: WireTurn) => (Array.isArray(turn.content) ? (turn.content as WireBlock[]) : []);
  const lastCalling = turns.findLast(
    (turn) => turn.role === "assistant" && blocksOf(turn).some((block) => block.type === "tool_use"),
  );
  if (lastCalling === undefined) return;
  const first = blocksOf(lastCalling)[0]?.type;
  if (first === "thinking" || first === "redacted_thinking") return;
  const index = turns.indexOf(lastCalling);
  context.lose(
    "dropped",
    "/reasoning",
    `the tool calls of messages.${index} come without their thinking, which a messages backend requires while thinking is on; thinking is off for this request`,
  );
  wire.thinking = { type: "disabled" };
}

/**
 * The thinking budget an effort stands for on a model of budgets only (approximate by nature; no
 * effort is the API's default, `high`).
 */
export function thinkingBudgetOfEffort(effort: unknown): number {
  const budgets: Record<string, number> = {
    low: 1024,
    medium: 8192,
    high: 24_576,
    xhigh: 32_000,
    max: 32_000,
  };
  return typeof effort === "string" && Object.hasOwn(budgets, effort) ? budgets[effort]! : budgets.high!;
}

function legalizeThinkingForm(
  wire: WireRequest,
  family: MessagesModelFamily | undefined,
  context: ConversionContext,
) {
  const thinking = wire.thinking as Thinking | undefined;
  if (thinking === undefined || family === undefined) return;
  if (family.thinkingForms === "budget" && thinking.type === "adaptive") {
    const effort = (wire.output_config as Record<string, unknown> | undefined)?.effort;
    const budget = thinkingBudgetOfEffort(effort);
    context.lose(
      "approximated",
      "/reasoning",
      `adaptive thinking sent as a thinking budget of ${budget} tokens to ${family.name} models, which take no adaptive thinking`,
    );
    wire.thinking = { ...thinking, type: "enabled", budget_tokens: budget };
  } else if (family.thinkingForms === "adaptive" && thinking.type === "enabled") {
    context.lose(
      "approximated",
      "/reasoning/budgetTokens",
      `a thinking budget cannot be set on ${family.name} models; sent as adaptive thinking`,
    );
    const { budget_tokens: _budget, ...rest } = thinking;
    wire.thinking = { ...rest, type: "adaptive" };
  }
}

function legalizeThinkingOff(
  wire: WireRequest,
  family: MessagesModelFamily | undefined,
  context: ConversionContext,
) {
  const thinking = wire.thinking as Thinking | undefined;
  if (family?.thinkingForms !== "adaptive" || thinking?.type !== "disabled") return;
  context.lose(
    "approximated",
    "/reasoning/enabled",
    `thinking cannot be turned off on ${family.name} models; sent without a thinking setting, which leaves it to the model`,
  );
  delete wire.thinking;
}

function legalizeEffortSupport(
  wire: WireRequest,
  family: MessagesModelFamily | undefined,
  context: ConversionContext,
) {
  const config = wire.output_config as Record<string, unknown> | undefined;
  if (family?.effort !== false || config?.effort === undefined) return;
  context.lose("dropped", "/reasoning/effort", `${family.name} models take no effort`);
  delete config.effort;
  if (Object.keys(config).length === 0) delete wire.output_config;
}

function legalizeThinkingCompanions(wire: WireRequest, context: ConversionContext) {
  if (wire.temperature !== undefined && wire.temperature !== 1) {
    context.lose("dropped", "/temperature", "temperature cannot be set while thinking is on");
    delete wire.temperature;
  }
  if (wire.top_k !== undefined) {
    context.lose("dropped", "/topK", "top_k cannot be set while thinking is on");
    delete wire.top_k;
  }
  if (typeof wire.top_p === "number" && wire.top_p < 0.95) {
    context.lose(
      "approximated",
      "/topP",
      `top_p ${wire.top_p} raised to 0.95, the minimum while thinking is on`,
    );
    wire.top_p = 0.95;
  }
  const choice = wire.tool_choice as { type?: string } | undefined;
  if (choice?.type === "any" || choice?.type === "tool") {
    context.lose(
      "approximated",
      "/toolChoice",
      "tool use cannot be forced while thinking is on; sent as auto",
    );
    wire.tool_choice = { ...choice, type: "auto" };
    delete (wire.tool_choice as Record<string, unknown>).name;
  }
}

function legalizeEffort(wire: WireRequest, context: ConversionContext) {
  const config = wire.output_config as Record<string, unknown> | undefined;
  const effort = config?.effort;
  if (config === undefined || typeof effort !== "string" || messagesEfforts.includes(effort)) return;
  if (effort === "minimal") {
    context.lose("approximated", "/reasoning/effort", "effort minimal sent as low, the least messages takes");
    config.effort = "low";
    return;
  }
  context.lose("dropped", "/reasoning/effort", `the messages format has no effort ${effort}`);
  delete config.effort;
  if (Object.keys(config).length === 0) delete wire.output_config;
}
