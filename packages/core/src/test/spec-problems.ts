import type { ErrorObject } from "ajv";

/**
 * Ajv's errors → one readable line per problem, `"<JSON pointer>: <what is wrong>"`, pointing at
 * the offending property itself (an undeclared or missing property is named in the path).
 *
 * A failed union (`anyOf` / `oneOf` without a usable discriminator) makes Ajv report every
 * alternative's errors. Only the alternatives that got furthest into the value are kept: for
 * `{anyOf: [Usage, null]}` given a usage with a bad field, the bad field is the problem, not
 * "must be null". When no alternative got past the value itself, their complaints are joined
 * (`must be string, or must be null`).
 */
export function describeSpecProblems(errors: readonly ErrorObject[]): string[] {
  const kept: Problem[] = [];
  for (const error of errors) {
    // A failed `if` / `then` / `else` is reported through the failure inside it.
    if (error.keyword === "if") continue;
    if ((error.keyword === "anyOf" || error.keyword === "oneOf") && !error.params.passingSchemas) {
      collapseUnion(kept, error.instancePath);
    } else {
      kept.push(describe(error));
    }
  }
  return [...new Set(kept.map((problem) => `${problem.path || "/"}: ${problem.message}`))];
}

interface Problem {
  /** JSON pointer of the offending value. */
  path: string;
  message: string;
}

/**
 * The alternatives' problems are the trailing ones inside `unionPath` (Ajv reports a union's
 * alternatives just before the union itself); replaces them by the most relevant ones.
 */
function collapseUnion(kept: Problem[], unionPath: string): void {
  let start = kept.length;
  while (start > 0 && isWithin(kept[start - 1]!.path, unionPath)) start--;
  const alternatives = kept.splice(start);
  const deepest = Math.max(...alternatives.map((problem) => depth(problem.path)));
  if (alternatives.length === 0 || deepest <= depth(unionPath)) {
    const messages = [...new Set(alternatives.map((problem) => problem.message))];
    kept.push({ path: unionPath, message: messages.join(", or ") || "matches none of the alternatives" });
    return;
  }
  kept.push(...alternatives.filter((problem) => depth(problem.path) === deepest));
}

function describe(error: ErrorObject): Problem {
  const path = error.instancePath;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "additionalProperties":
      return {
        path: child(path, String(params.additionalProperty)),
        message: "property not declared by the spec",
      };
    case "unevaluatedProperties":
      return {
        path: child(path, String(params.unevaluatedProperty)),
        message: "property not declared by the spec",
      };
    case "required":
      return { path: child(path, String(params.missingProperty)), message: "required property is missing" };
    case "enum":
      return { path, message: `must be one of ${JSON.stringify(params.allowedValues)}` };
    case "const":
      return { path, message: `must be ${JSON.stringify(params.allowedValue)}` };
    case "discriminator":
      return params.error === "mapping"
        ? {
            path: child(path, String(params.tag)),
            message: `unknown variant ${JSON.stringify(params.tagValue)}`,
          }
        : { path: child(path, String(params.tag)), message: "must be a string naming the variant" };
    default:
      return { path, message: error.message ?? `fails ${error.keyword}` };
  }
}

function child(path: string, property: string): string {
  return `${path}/${property.replaceAll("~", "~0").replaceAll("/", "~1")}`;
}

function isWithin(path: string, ancestor: string): boolean {
  return path === ancestor || path.startsWith(`${ancestor}/`);
}

function depth(path: string): number {
  return path === "" ? 0 : path.split("/").length - 1;
}
