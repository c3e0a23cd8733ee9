import * as z from "zod/mini";
import {
  $constructor,
  type $loose,
  type $strict,
  type $strip,
  type $ZodLooseShape,
  type $ZodObject,
  $ZodObjectJIT,
  type util,
} from "zod/v4/core";

// annotated, because TypeScript calls an assertion signature (`init`) only through declared types
const JitObject: $constructor<$ZodObject> = $ZodObjectJIT;
const MiniObject: $constructor<z.ZodMiniObject> = z.ZodMiniObject;

/**
 * zod/mini's object, built on core's compiled `$ZodObjectJIT` (what classic zod's objects use)
 * instead of the interpreted `$ZodObject`: on its first synchronous parse it compiles a parser for
 * its shape with `new Function`, where the runtime allows it (zod's own `allowsEval`, false on
 * Workers, where the interpreted parser runs as before). The compiled object initializes first, so
 * `ZodMiniObject`'s own initializer skips the interpreted object (already a trait) and adds the
 * rest: its trait (`instanceof`), zod/mini's members and `.shape`; `z.extend` clones keep the
 * constructor, so they compile too (decision 0054).
 */
const CompiledMiniObject: $constructor<z.ZodMiniObject> = $constructor(
  "ZodMiniCompiledObject",
  (inst, def) => {
    JitObject.init(inst, def);
    MiniObject.init(inst, def);
  },
);

/** `z.object` (unknown keys stripped) on the compiled object parser (decision 0054). */
export function compiledObject<T extends $ZodLooseShape>(
  shape: T,
): z.ZodMiniObject<util.Writeable<T>, $strip> {
  return new CompiledMiniObject({ type: "object", shape }) as never;
}

/** `z.looseObject` (unknown keys kept) on the compiled object parser (decision 0054). */
export function compiledLooseObject<T extends $ZodLooseShape>(
  shape: T,
): z.ZodMiniObject<util.Writeable<T>, $loose> {
  return new CompiledMiniObject({ type: "object", shape, catchall: z.unknown() }) as never;
}

/** `z.strictObject` (unknown keys refused) on the compiled object parser (decision 0054). */
export function compiledStrictObject<T extends $ZodLooseShape>(
  shape: T,
): z.ZodMiniObject<util.Writeable<T>, $strict> {
  return new CompiledMiniObject({ type: "object", shape, catchall: z.never() }) as never;
}
