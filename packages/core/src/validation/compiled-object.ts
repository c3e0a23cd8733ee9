import * as z from "zod/mini";
import * as core from "zod/v4/core";

// annotated, because TypeScript calls an assertion signature (`init`) only through declared types
const JitObject: core.$constructor<core.$ZodObject> = core.$ZodObjectJIT;
const MiniType: core.$constructor<z.ZodMiniType> = z.ZodMiniType;

/**
 * zod/mini's object, built on core's compiled `$ZodObjectJIT` (what classic zod's objects use)
 * instead of the interpreted `$ZodObject`: on its first synchronous parse it compiles a parser for
 * its shape with `new Function`, where the runtime allows it (zod's own `allowsEval`, false on
 * Workers, where the interpreted parser runs as before). Same trait name, members and `.shape` as
 * `z.ZodMiniObject`, so `instanceof`, `z.extend` and the types are unchanged (decision 0054).
 */
const CompiledMiniObject: core.$constructor<z.ZodMiniObject> = core.$constructor(
  "ZodMiniObject",
  (inst, def) => {
    JitObject.init(inst, def);
    MiniType.init(inst, def);
    core.util.installLazyProp(inst, "shape", (self) => self._zod.def.shape, false);
  },
);

/** `z.object` (unknown keys stripped) on the compiled object parser (decision 0054). */
export function compiledObject<T extends core.$ZodLooseShape>(
  shape: T,
  params?: string | core.$ZodObjectParams,
): z.ZodMiniObject<core.util.Writeable<T>, core.$strip> {
  return new CompiledMiniObject({
    type: "object",
    shape,
    ...core.util.normalizeParams(params),
  }) as never;
}

/** `z.looseObject` (unknown keys kept) on the compiled object parser (decision 0054). */
export function compiledLooseObject<T extends core.$ZodLooseShape>(
  shape: T,
  params?: string | core.$ZodObjectParams,
): z.ZodMiniObject<core.util.Writeable<T>, core.$loose> {
  return new CompiledMiniObject({
    type: "object",
    shape,
    catchall: z.unknown(),
    ...core.util.normalizeParams(params),
  }) as never;
}

/** `z.strictObject` (unknown keys refused) on the compiled object parser (decision 0054). */
export function compiledStrictObject<T extends core.$ZodLooseShape>(
  shape: T,
  params?: string | core.$ZodObjectParams,
): z.ZodMiniObject<core.util.Writeable<T>, core.$strict> {
  return new CompiledMiniObject({
    type: "object",
    shape,
    catchall: z.never(),
    ...core.util.normalizeParams(params),
  }) as never;
}
