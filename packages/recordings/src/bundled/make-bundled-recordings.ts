import { createConversionContext } from "@interlingua/core";
import { encodeExchange } from "../canonical/encode-exchange";
import type { RecordedExchange } from "../format/recorded-exchange";
import type { RecordingFormats } from "../format/recording-format";
import { bundledConversations } from "./bundled-conversations";

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
      exchanges.push(await encodeExchange({ ...conversation, id }, format.codec.id, formats, context));
      for (const loss of context.losses) losses.push(`${id}: ${loss.path} ${loss.message}`);
    }
  }
  return { exchanges, losses };
}
