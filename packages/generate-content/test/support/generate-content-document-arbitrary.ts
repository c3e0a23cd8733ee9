import { type SpecDocumentKind, specDocumentArbitrary } from "@interlingua/core/test";
import type fc from "fast-check";

type GeneratedContent = { role?: unknown; parts?: unknown[] } & Record<string, unknown>;

const roles = new Set(["user", "model", "function", "tool"]);

/** A generated turn the API would read: a role it knows (else none, meaning user) and at least one part. */
function readableContent(content: GeneratedContent): GeneratedContent {
  const { role, parts, ...rest } = content;
  return {
    ...rest,
    ...(typeof role === "string" && roles.has(role) && { role }),
    parts: Array.isArray(parts) && parts.length > 0 ? parts : [{ text: "hello" }],
  };
}

/**
 * Generate-content documents generated from the vendor spec, for the loss detector. Requests nest
 * two levels deeper than the default (so turns have parts, and parts their fields), name their model
 * in the body (the detector gives no URL), and hold at least one turn of at least one part with a
 * role the API knows: the API refuses anything else (`contents is not specified`, `contents.parts
 * must not be empty`), so such documents would only be skipped.
 */
export function generateContentDocumentArbitrary(kind: SpecDocumentKind): fc.Arbitrary<unknown> {
  if (kind === "response") return specDocumentArbitrary("generate-content", kind);
  return specDocumentArbitrary("generate-content", kind, { maxDepth: 5 }).map((generated) => {
    const wire = generated as { contents?: GeneratedContent[] } & Record<string, unknown>;
    const contents = Array.isArray(wire.contents) && wire.contents.length > 0 ? wire.contents : [{}];
    return { ...wire, model: "models/gemini-2.5-flash", contents: contents.map(readableContent) };
  });
}
