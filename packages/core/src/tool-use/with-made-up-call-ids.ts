import { type ConversionContext, pointer } from "../conversion/conversion-context";
import type { ChatRequest } from "../model/chat-request";
import type { Part } from "../model/part";

/**
 * The call ids of formats that take any id but an empty one (the responses API's `call_id` in
 * `input`, `minLength: 1`; chat-completions, whose API pairs each tool message with its call's id).
 */
export const nonEmptyCallId = /^[\s\S]+$/;

/**
 * `request` with an id its format takes (`legal`) for every tool call and tool result of the
 * conversation whose id is empty or one the format refuses (the messages API takes
 * `^[a-zA-Z0-9_-]+$`, the responses API no empty `call_id` in `input`), so the backend is never sent
 * a request it refuses. The ids are made from the request alone, so the same conversation gets the
 * same ids turn after turn, and a call and the result that answers it keep one id:
 * - a call with an empty id is `call_m<message>_p<part>`, where it stands; a result with an empty
 *   id answers the next call with an empty id of the latest assistant turn before it (as a
 *   chat-completions tool message with an empty id does), else it gets an id where it stands;
 * - another id has each character `legal` refuses replaced by `_` (the same for the call and its
 *   result);
 * - a made-up id that another id of the request already has gets a `_2`, `_3`, … suffix.
 * Each changed id is an `approximated` loss at the call's `id` or the result's `callId`. The request
 * itself when every id is one the format takes.
 */
export function withMadeUpCallIds(
  request: ChatRequest,
  legal: RegExp,
  context: ConversionContext,
): ChatRequest {
  const isTaken = (id: string) => id !== "" && legal.test(id);
  const ids = request.messages.flatMap((message) => message.parts.flatMap(callIdsOf));
  if (ids.every(isTaken)) return request;
  const used = new Set(ids.filter(isTaken));
  const unique = (base: string) => {
    let candidate = base;
    for (let suffix = 2; used.has(candidate); suffix++) candidate = `${base}_${suffix}`;
    used.add(candidate);
    return candidate;
  };
  // Each refused non-empty id and the id it is sent as, for the call and its results alike.
  const respelled = new Map<string, string>();
  const respell = (id: string) => {
    let sent = respelled.get(id);
    if (sent === undefined) {
      sent = unique(Array.from(id, (character) => (legal.test(character) ? character : "_")).join(""));
      respelled.set(id, sent);
    }
    return sent;
  };
  let unanswered: string[] = [];
  const messages = request.messages.map((message, messageIndex) => {
    if (message.role === "assistant" && message.parts.some((part) => part.type === "tool-call"))
      unanswered = [];
    const parts = message.parts.map((part, partIndex): Part => {
      const at = pointer("/messages", messageIndex, "parts", partIndex);
      if (part.type === "tool-call" && !isTaken(part.id)) {
        const id = part.id === "" ? unique(`call_m${messageIndex}_p${partIndex}`) : respell(part.id);
        if (part.id === "") unanswered.push(id);
        loseId(context, pointer(at, "id"), part.id, id);
        return { ...part, id };
      }
      if (part.type === "tool-result" && !isTaken(part.callId)) {
        const id =
          part.callId === ""
            ? (unanswered.shift() ?? unique(`result_m${messageIndex}_p${partIndex}`))
            : respell(part.callId);
        loseId(context, pointer(at, "callId"), part.callId, id);
        return { ...part, callId: id };
      }
      return part;
    });
    return { ...message, parts };
  });
  return { ...request, messages };
}

/** The call ids a part says: a call's own, a result's call's. */
function callIdsOf(part: Part): string[] {
  if (part.type === "tool-call") return [part.id];
  if (part.type === "tool-result") return [part.callId];
  return [];
}

/** The loss of one call id sent as another. */
function loseId(context: ConversionContext, path: string, id: string, sent: string): void {
  context.lose(
    "approximated",
    path,
    `${id === "" ? "an empty call id" : `the call id ${JSON.stringify(id)}`} is sent as ${sent}, an id the backend takes, the call and its result alike`,
  );
}
