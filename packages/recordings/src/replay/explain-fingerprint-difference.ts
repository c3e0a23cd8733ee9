/** The parts of a fingerprint made by `createReplayFingerprint`, as its JSON text carries them. */
interface FingerprintFields {
  model?: string;
  instructions?: string[];
  tools?: string[];
  conversation?: [string, unknown][];
}

/**
 * Says which parts of a request kept it from matching a recording, comparing their fingerprints as
 * `createReplayFingerprint` makes them: the model, the instructions, the offered tools and each part
 * of the conversation, text down to the first character that differs (`the user text of part 1:
 * this request has "Hello", the recording "Hello!"; they differ from character 6: the end here,
 * "!" in the recording`). Undefined when the fingerprints are not of that shape (a custom
 * fingerprint) or do not differ in any part it knows.
 */
export function explainFingerprintDifference(asked: string, recorded: string): string | undefined {
  const request = parseFields(asked);
  const recording = parseFields(recorded);
  if (!request || !recording) return undefined;
  const differences: string[] = [];
  if (request.model !== recording.model)
    differences.push(
      `the model: this request asks for ${quote(request.model)}, the recording ${quote(recording.model)}`,
    );
  const instructions = compareList(request.instructions, recording.instructions, quote, "has");
  if (instructions) differences.push(`the instructions: ${instructions}`);
  const tools = compareList(request.tools, recording.tools, (name) => name, "offers");
  if (tools) differences.push(`the tools: ${tools}`);
  const conversation = compareConversation(request.conversation ?? [], recording.conversation ?? []);
  if (conversation) differences.push(conversation);
  return differences.length === 0 ? undefined : differences.join("; ");
}

function parseFields(fingerprint: string): FingerprintFields | undefined {
  try {
    const parsed: unknown = JSON.parse(fingerprint);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
    if (!("conversation" in parsed) || !Array.isArray(parsed.conversation)) return undefined;
    return parsed as FingerprintFields;
  } catch {
    return undefined;
  }
}

/** `this request has A, B, the recording has none`, or undefined when both lists are the same. */
function compareList(
  asked: string[] | undefined,
  recorded: string[] | undefined,
  show: (item: string) => string,
  verb: string,
): string | undefined {
  const list = (items: string[] | undefined) =>
    items === undefined || items.length === 0 ? "none" : items.map(show).join(", ");
  if (list(asked) === list(recorded)) return undefined;
  return `this request ${verb} ${list(asked)}, the recording ${verb} ${list(recorded)}`;
}

function compareConversation(asked: [string, unknown][], recorded: [string, unknown][]): string | undefined {
  const common = Math.min(asked.length, recorded.length);
  for (let index = 0; index < common; index++) {
    const [askedRole, askedContent] = asked[index] as [string, unknown];
    const [recordedRole, recordedContent] = recorded[index] as [string, unknown];
    const place = `part ${index + 1} of the conversation`;
    if (askedRole !== recordedRole)
      return `${place}: it comes from the ${askedRole} here, from the ${recordedRole} in the recording`;
    if (JSON.stringify(askedContent) === JSON.stringify(recordedContent)) continue;
    if (typeof askedContent === "string" && typeof recordedContent === "string")
      return `the ${askedRole} text of ${place}: ${compareText(askedContent, recordedContent)}`;
    return `${place} (${askedRole}): this request has ${describe(askedContent)}, the recording ${describe(recordedContent)}`;
  }
  if (asked.length === recorded.length) return undefined;
  const extra = (asked.length > recorded.length ? asked : recorded)[common] as [string, unknown];
  return (
    `the conversation: this request has ${asked.length} part${asked.length === 1 ? "" : "s"}, ` +
    `the recording ${recorded.length} (the first ${asked.length > recorded.length ? "extra one here" : "one missing here"} ` +
    `is ${describe(extra[1])} from the ${extra[0]})`
  );
}

function compareText(asked: string, recorded: string): string {
  let at = 0;
  while (at < asked.length && at < recorded.length && asked[at] === recorded[at]) at++;
  const from = (text: string) => (at >= text.length ? "the end" : quote(text.slice(at, at + 20)));
  return (
    `this request has ${quote(asked)}, the recording ${quote(recorded)}; ` +
    `they differ from character ${at + 1}: ${from(asked)} here, ${from(recorded)} in the recording`
  );
}

function describe(content: unknown): string {
  if (typeof content === "string") return `the text ${quote(content)}`;
  const fields = (content ?? {}) as Record<string, unknown>;
  if (typeof fields.call === "string")
    return `a call of ${fields.call} with ${truncate(JSON.stringify(fields.arguments ?? {}))}`;
  if (typeof fields.media === "string") return `an ${fields.media} part`;
  if ("result" in fields) return `the tool result ${truncate(JSON.stringify(fields.result))}`;
  if (typeof fields.type === "string") return `a ${fields.type} part`;
  return truncate(JSON.stringify(content));
}

function quote(text: string | undefined): string {
  return text === undefined ? "any" : JSON.stringify(truncate(text));
}

function truncate(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
