import type * as z from "zod/mini";
import { CanonicalError } from "./canonical-error";

interface IssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  errors?: IssueLike[][];
}

/**
 * How far a branch got: the depth of its issue, a little less when the issue is about the `type`
 * tag (the branch was for another kind of item) or when the branch failed on several fields at once.
 */
function branchScore(branch: IssueLike[], inner: { path: PropertyKey[] }): number {
  const aboutType = inner.path[inner.path.length - 1] === "type";
  return inner.path.length - (aboutType ? 0.5 : 0) - (branch.length > 1 ? 0.25 : 0);
}

/** The most specific issue under a union issue: the branch that got furthest into the value. */
function deepestIssue(issue: IssueLike): { path: PropertyKey[]; message: string } {
  if (issue.code !== "invalid_union" || !issue.errors?.length) return issue;
  let best: { path: PropertyKey[]; message: string } | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const branch of issue.errors) {
    const first = branch[0];
    if (!first) continue;
    const inner = deepestIssue(first);
    const score = branchScore(branch, inner);
    if (score > bestScore) {
      best = inner;
      bestScore = score;
    }
  }
  return best ? { path: [...issue.path, ...best.path], message: best.message } : issue;
}

/**
 * Parses `value` with `schema` and returns nothing, or throws an `invalid_request` error naming the
 * offending field as a dotted path (`input.0.content.1.text`), seeing through unions to the branch
 * that matched best, in the words OpenAI's APIs use (`Invalid 'param': …`): shared by the two
 * OpenAI formats, responses and chat-completions.
 */
export function assertOpenAiStyleWire(schema: z.ZodMiniType, value: unknown, root = ""): void {
  const result = schema.safeParse(value);
  if (result.success) return;
  const issue = result.error.issues[0] as unknown as IssueLike;
  const { path, message } = deepestIssue(issue);
  const param = [root, ...path.map(String)].filter((segment) => segment !== "").join(".");
  throw new CanonicalError("invalid_request", param ? `Invalid '${param}': ${message}` : message, {
    param: param || undefined,
    code: "invalid_value",
    cause: result.error,
  });
}
