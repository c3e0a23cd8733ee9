import * as z from "zod/mini";

/** Voice settings for audio output. */
export const SpeechConfig = z.object({
  /** Prebuilt voice name for a single speaker. */
  voice: z.optional(z.string()),
  /**
   * The audio encoding asked for, where a format names one (chat-completions `audio.format`: `wav`,
   * `mp3`, `pcm16`, …); absent, the backend's own.
   */
  format: z.optional(z.string()),
  /** BCP-47 language code (`en-US`). */
  languageCode: z.optional(z.string()),
  /** One voice per named speaker, for multi-speaker audio. */
  speakers: z.optional(z.array(z.object({ speaker: z.string(), voice: z.string() }))),
});
/** Voice settings; see {@link SpeechConfig}. */
export type SpeechConfig = z.infer<typeof SpeechConfig>;
