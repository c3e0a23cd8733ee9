import { createConversionContext, type Part } from "@interlingua/core";
import { encodeExchange } from "../canonical/encode-exchange";
import type { RecordedExchange } from "../format/recorded-exchange";
import type { RecordingFormats } from "../format/recording-format";
import { bundledConversations } from "./bundled-conversations";

/**
 * The answer as a backend of `format` gives it: its reasoning signed by that format (a messages
 * client replays thinking only with the signature its backend gave).
 */
function signedFor<T extends { parts: Part[] } | undefined>(response: T, format: string): T {
  if (!response) return response;
  const parts = response.parts.map((part) =>
    part.type === "reasoning" && !part.signature
      ? { ...part, signature: { format, data: "c2lnbmF0dXJl" } }
      : part,
  );
  return { ...response, parts };
}

/**
 * The bundled recordings: every bundled conversation recorded in every format, named
 * `<format>/<conversation>`, with the losses each recording had (expected: none).
 */
export async function makeBundledRecordings(
  formats: RecordingFormats,
): Promise<{ exchanges: RecordedExchange[]; losses: string[] }> {
  const exchanges: RecordedExchange[] = [];
  const losses: string[] = [];
  for (const format of formats) {
    for (const conversation of bundledConversations) {
      const id = `${format.codec.id}/${conversation.id}`;
      const context = createConversionContext({ generateId: (prefix) => `${prefix}_bundled`, now: () => 0 });
      const recorded = { ...conversation, id, response: signedFor(conversation.response, format.codec.id) };
      exchanges.push(await encodeExchange(recorded, format.codec.id, formats, context));
      for (const loss of context.losses) losses.push(`${id}: ${loss.path} ${loss.message}`);
    }
  }
  return { exchanges, losses };
}
