import * as z from "zod/mini";

/**
 * Vendor fields with no canonical meaning, keyed by the id of the format that produced them
 * (`extensions.messages.container`, ...). The codec that decoded a field puts it back on encode,
 * which is what keeps same-format round trips lossless; other codecs ignore foreign keys. A key
 * named `__proto__` is not kept (zod's record parsing drops it), so a payload cannot reach an
 * object's prototype through the model.
 */
export const Extensions = z.record(z.string(), z.record(z.string(), z.unknown()));
/** Vendor fields keyed by format id; see {@link Extensions}. */
export type Extensions = z.infer<typeof Extensions>;
