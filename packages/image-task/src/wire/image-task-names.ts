import * as z from "zod/mini";

/**
 * The two spellings of the interface: the seed's (`/img/`, `GEN::`, `MID_GEN`) and the open-source
 * proxies' (`/mj/`, `MJ::`, `MID_JOURNEY`). Both are accepted; answers follow the caller's.
 */
export const ImageTaskDialect = z.enum(["img", "mj"]);
/** A spelling of the interface; see {@link ImageTaskDialect}. */
export type ImageTaskDialect = z.infer<typeof ImageTaskDialect>;

/** The customId prefix of each dialect. */
export const customIdPrefixByDialect: Record<ImageTaskDialect, string> = { img: "GEN", mj: "MJ" };

/** Bot types in both spellings. */
export const ImageTaskBotType = z.enum(["MID_GEN", "NIJI_GEN", "MID_JOURNEY", "NIJI_JOURNEY"]);
/** A bot type as the caller spelled it; see {@link ImageTaskBotType}. */
export type ImageTaskBotType = z.infer<typeof ImageTaskBotType>;

/** The seed's spelling of a bot type (`MID_JOURNEY` becomes `MID_GEN`). */
export function canonicalBotType(botType: ImageTaskBotType): "MID_GEN" | "NIJI_GEN" {
  switch (botType) {
    case "MID_GEN":
    case "MID_JOURNEY":
      return "MID_GEN";
    case "NIJI_GEN":
    case "NIJI_JOURNEY":
      return "NIJI_GEN";
    default: {
      const unreachable: never = botType;
      throw new Error(`unknown bot type ${String(unreachable)}`);
    }
  }
}

/** A canonical bot type in a dialect's spelling. */
export function botTypeInDialect(
  botType: "MID_GEN" | "NIJI_GEN",
  dialect: ImageTaskDialect,
): ImageTaskBotType {
  if (dialect === "img") return botType;
  return botType === "MID_GEN" ? "MID_JOURNEY" : "NIJI_JOURNEY";
}
