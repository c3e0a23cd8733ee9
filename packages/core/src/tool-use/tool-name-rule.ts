import type { ChatRequest } from "../model/chat-request";

/** How a wire format spells function names: the names it takes, and how another is made one. */
export interface ToolNameRule {
  /** The names the format takes. */
  legal: RegExp;
  /** A character the format takes in a name; every other becomes `_`. */
  character: RegExp;
  /** The longest name the format takes. */
  maxLength: number;
  /** Whether a name must start with a letter or `_` (others get a leading `_`). */
  letterFirst?: boolean;
}

/** The function names of one request as a format sends them: canonical to wire and back. */
export interface ToolNames {
  /** Canonical name → the name sent, for the names that had to change. */
  readonly sent: ReadonlyMap<string, string>;
  /** Name sent → canonical name, the other way. */
  readonly received: ReadonlyMap<string, string>;
}

/**
 * Every function name of a request, in order: tools, then calls and results of the conversation.
 * The tool choice's names follow the tools they name (a name of no tool says nothing to rename).
 */
function functionNames(request: ChatRequest): string[] {
  const names: string[] = [];
  for (const tool of request.tools ?? []) if (tool.type === "function") names.push(tool.name);
  for (const message of request.messages)
    for (const part of message.parts) {
      if (part.type === "tool-call") names.push(part.name);
      else if (part.type === "tool-result" && part.name !== undefined) names.push(part.name);
    }
  return names;
}

function sanitize(name: string, rule: ToolNameRule): string {
  let spelled = Array.from(name, (character) => (rule.character.test(character) ? character : "_")).join("");
  if (rule.letterFirst && !/^[A-Za-z_]/.test(spelled)) spelled = `_${spelled}`;
  return spelled.slice(0, rule.maxLength);
}

/**
 * The names `rule`'s format is sent for the function names of `request`: a name the format takes
 * stays as it is; another has each character the format lacks replaced by `_` (with a leading `_`
 * where a letter must come first), is cut to the longest length, and gets a `_2`, `_3`, … suffix
 * when that collides with another name of the request. The same request always gets the same
 * names, so a decoder rebuilds the map from the request it answers.
 */
export function toolNamesFor(request: ChatRequest, rule: ToolNameRule): ToolNames {
  const names = functionNames(request);
  const taken = new Set(names.filter((name) => rule.legal.test(name)));
  const sent = new Map<string, string>();
  const received = new Map<string, string>();
  for (const name of names) {
    if (taken.has(name) || sent.has(name)) continue;
    const base = sanitize(name, rule) || "_";
    let candidate = base;
    for (let suffix = 2; taken.has(candidate); suffix++)
      candidate = `${base.slice(0, rule.maxLength - String(suffix).length - 1)}_${suffix}`;
    taken.add(candidate);
    sent.set(name, candidate);
    received.set(candidate, name);
  }
  return { sent, received };
}
