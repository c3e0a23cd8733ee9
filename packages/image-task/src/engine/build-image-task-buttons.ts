import type { ImageProviderCapabilities } from "@interlingua/core";
import type { ImageTaskButton } from "../wire/image-task-button";
import { customIdPrefixByDialect, type ImageTaskDialect } from "../wire/image-task-names";

/** What the buttons are built for. */
export interface ImageTaskButtonContext {
  /** `grid`: four candidates; `single`: one image. */
  layout: "grid" | "single";
  /** What the backend that made it can do. */
  capabilities: ImageProviderCapabilities;
  /** Whether the task can be run again (its operation is one the backend still offers). */
  rerollable: boolean;
  /** A per-task hash that makes the customIds unique. */
  hash: string;
  /** Prefix spelling. */
  dialect: ImageTaskDialect;
}

/**
 * The buttons of a finished task in the seed's grammar, limited to what the backend can do:
 * U1-U4, reroll and V1-V4 on a grid; vary strong / subtle, vary region, zoom out 2x / 1.5x, custom
 * zoom and the four pans on a single image.
 */
export function buildImageTaskButtons(context: ImageTaskButtonContext): ImageTaskButton[] {
  const operations = new Set(context.capabilities.operations);
  const prefix = customIdPrefixByDialect[context.dialect];
  const { hash } = context;
  const buttons: ImageTaskButton[] = [];
  const add = (customId: string, label: string, emoji = "") =>
    buttons.push({ customId: `${prefix}::${customId}`, emoji, label, style: 2, type: 2 });
  if (context.layout === "grid") {
    if (operations.has("upscale")) for (let i = 1; i <= 4; i++) add(`JOB::upsample::${i}::${hash}`, `U${i}`);
    if (context.rerollable) add(`JOB::reroll::0::${hash}::SOLO`, "", "🔄");
    if (operations.has("vary")) for (let i = 1; i <= 4; i++) add(`JOB::variation::${i}::${hash}`, `V${i}`);
    return buttons;
  }
  if (operations.has("vary")) {
    add(`JOB::high_variation::1::${hash}::SOLO`, "Vary (Strong)", "🪄");
    add(`JOB::low_variation::1::${hash}::SOLO`, "Vary (Subtle)", "🪄");
  }
  if (operations.has("edit")) add(`Inpaint::1::${hash}::SOLO`, "Vary (Region)", "🖌️");
  if (operations.has("zoom")) {
    add(`Outpaint::50::1::${hash}::SOLO`, "Zoom Out 2x", "🔍");
    add(`Outpaint::75::1::${hash}::SOLO`, "Zoom Out 1.5x", "🔍");
    if (context.capabilities.customZoom) add(`CustomZoom::${hash}`, "Custom Zoom", "🔍");
  }
  if (operations.has("pan")) {
    add(`JOB::pan_left::1::${hash}::SOLO`, "", "⬅️");
    add(`JOB::pan_right::1::${hash}::SOLO`, "", "➡️");
    add(`JOB::pan_up::1::${hash}::SOLO`, "", "⬆️");
    add(`JOB::pan_down::1::${hash}::SOLO`, "", "⬇️");
  }
  return buttons;
}
