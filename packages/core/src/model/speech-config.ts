import * as z from "zod";

/** Voice settings for audio output. */
export const SpeechConfig = z.object({
  /** Prebuilt voice name for a single speaker. */
  voice: z.string().optional(),
  /** BCP-47 language code (`en-US`). */
  languageCode: z.string().optional(),
  /** One voice per named speaker, for multi-speaker audio. */
  speakers: z.array(z.object({ speaker: z.string(), voice: z.string() })).optional(),
});
/** Voice settings; see {@link SpeechConfig}. */
export type SpeechConfig = z.infer<typeof SpeechConfig>;
