import type { SpecSchemas } from "./spec-schemas";

/**
 * What a spec validator checks: `"emitted"` is our own output (what a translator sends to a
 * client), `"received"` is upstream traffic, which may also use older forms we accept on decode
 * but never emit (SPEC-NOTES.md: "accept its absence", "accept them on decode").
 */
export type SpecValidationMode = "emitted" | "received";

/**
 * One documented gap between a stored vendor spec and real traffic (specs/SPEC-NOTES.md),
 * applied to the spec's component schemas before they are compiled.
 */
export interface SpecAllowance {
  /** Short kebab-case name, used in reports and tests. */
  readonly name: string;
  /** The SPEC-NOTES.md finding it implements, in a sentence. */
  readonly description: string;
  /** `"received"` for an older or foreign form we decode but never emit; `"both"` otherwise. */
  readonly modes: "both" | "received";
  /** Edits the component schemas in place. Throws when the spec no longer has what it edits. */
  apply(schemas: SpecSchemas): void;
}
