import { en } from "zod/locales";
import * as z from "zod/mini";

/**
 * zod/mini ships no locale, so without one every issue reads "Invalid input". Loading any
 * interlingua package sets English messages ("expected string, received number") unless the
 * application has chosen a locale itself; zod's classic API does the same on its first schema.
 * Listed in core's `sideEffects`, so bundlers keep it (decision 0010).
 */
if (!z.config().localeError) z.config(en());
