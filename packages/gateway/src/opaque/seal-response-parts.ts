import type { OpaqueState, Part } from "@interlingua/core";
import type { OpaqueSealer } from "./create-opaque-sealer";

/** A part that can carry opaque state (text, tool call and reasoning parts). */
type SignedPart = Part & { signature?: OpaqueState };

/**
 * The part with opaque state from another format sealed into the front format's own field:
 * `{ format: front, data: envelope }`. Parts without foreign state come back unchanged.
 */
export async function sealPart(part: Part, frontFormat: string, sealer: OpaqueSealer): Promise<Part> {
  const signature = (part as SignedPart).signature;
  if (!signature || signature.format === frontFormat) return part;
  return { ...part, signature: { format: frontFormat, data: await sealer.seal(signature) } } as Part;
}

/** {@link sealPart} over every part of a response's output. */
export async function sealResponseParts(
  parts: readonly Part[],
  frontFormat: string,
  sealer: OpaqueSealer,
): Promise<Part[]> {
  return Promise.all(parts.map((part) => sealPart(part, frontFormat, sealer)));
}
