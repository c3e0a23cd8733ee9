/** What pressing a button does, parsed from its customId (the part after the `GEN::` / `MJ::` prefix). */
export type ImageTaskButtonAction =
  | { kind: "upscale"; index: number }
  | { kind: "vary"; index: number; strength: "subtle" | "strong" }
  | { kind: "reroll" }
  | { kind: "pan"; index: number; direction: "left" | "right" | "up" | "down" }
  | { kind: "zoom"; index: number; factor: number }
  | { kind: "custom-zoom"; index: number }
  | { kind: "vary-region"; index: number };

const prefixPattern = /^(?:GEN|MJ)::/;

/** The customId without its dialect prefix (`GEN::JOB::upsample::1::h` becomes `JOB::upsample::1::h`). */
export function customIdBody(customId: string): string {
  return customId.replace(prefixPattern, "");
}

/** Parses a customId of the seed's grammar (either prefix); undefined when it is not one. */
export function parseButtonCustomId(customId: string): ImageTaskButtonAction | undefined {
  if (!prefixPattern.test(customId)) return undefined;
  const fields = customIdBody(customId).split("::");
  const [head, operation, third] = fields;
  if (head === "CustomZoom") return { kind: "custom-zoom", index: 1 };
  if (head === "Inpaint") return { kind: "vary-region", index: toIndex(operation) ?? 1 };
  if (head === "Outpaint") {
    if (operation === "50") return { kind: "zoom", index: 1, factor: 2 };
    if (operation === "75") return { kind: "zoom", index: 1, factor: 1.5 };
    return undefined;
  }
  if (head !== "JOB") return undefined;
  const index = toIndex(third);
  switch (operation) {
    case "upsample":
      return index === undefined ? undefined : { kind: "upscale", index };
    case "variation":
      return index === undefined ? undefined : { kind: "vary", index, strength: "strong" };
    case "high_variation":
      return { kind: "vary", index: 1, strength: "strong" };
    case "low_variation":
      return { kind: "vary", index: 1, strength: "subtle" };
    case "reroll":
      return { kind: "reroll" };
    case "pan_left":
      return { kind: "pan", index: 1, direction: "left" };
    case "pan_right":
      return { kind: "pan", index: 1, direction: "right" };
    case "pan_up":
      return { kind: "pan", index: 1, direction: "up" };
    case "pan_down":
      return { kind: "pan", index: 1, direction: "down" };
    default:
      return undefined;
  }
}

function toIndex(value: string | undefined): number | undefined {
  if (value === undefined || !/^[1-4]$/.test(value)) return undefined;
  return Number(value);
}
