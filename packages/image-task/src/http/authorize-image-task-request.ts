import { createHash } from "node:crypto";

/**
 * What a key may do: `submit` (every POST) and `read` (fetch, list, seed), which a key without
 * `scopes` has, and `admin` (account management), which only a key that lists it has.
 */
export type ImageTaskScope = "submit" | "read" | "admin";

/** The scopes of a key that lists none. */
const defaultScopes: readonly ImageTaskScope[] = ["submit", "read"];

/**
 * An API key the service accepts: the key alone (every scope, its own tenant), or with its scopes
 * and the tenant it acts as (keys naming the same tenant see each other's tasks: a rotated key, a team).
 */
export type ImageTaskApiKey = string | { key: string; scopes?: ImageTaskScope[]; tenant?: string };

/** How callers authenticate. */
export interface ImageTaskAuthOptions {
  /** Accepted keys; none at all means the interface is open, as in the gateway's config. */
  keys: ImageTaskApiKey[];
}

/**
 * The outcome of checking a request's key. `tenant` owns what the request creates and is the only
 * one that sees it: the key's configured tenant, else `key-sha256:<hex>` of the key (the gateway's
 * spelling, never the key itself), `""` for an open interface.
 */
export type ImageTaskAuthorization =
  | { ok: true; tenant: string }
  | { ok: false; status: 401 | 403; description: string };

/**
 * Checks `Authorization: Bearer <key>` (or the proxies' `mj-api-secret: <key>`) against the
 * configured keys and the scope the endpoint needs; with no keys configured every request passes.
 */
export function authorizeImageTaskRequest(
  request: Request,
  auth: ImageTaskAuthOptions | undefined,
  scope: ImageTaskScope,
): ImageTaskAuthorization {
  if (auth === undefined || auth.keys.length === 0) {
    // An open interface still keeps its accounts closed: managing them needs an admin key.
    if (scope === "admin")
      return { ok: false, status: 403, description: "Account management needs a key with the admin scope" };
    return { ok: true, tenant: "" };
  }
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1]?.trim();
  const given = bearer ?? request.headers.get("mj-api-secret")?.trim();
  if (given === undefined || given === "") {
    return { ok: false, status: 401, description: "Missing API key: send Authorization: Bearer <API_KEY>" };
  }
  const entry = auth.keys.find((key) => constantTimeEquals(typeof key === "string" ? key : key.key, given));
  if (entry === undefined) return { ok: false, status: 401, description: "Invalid API key" };
  const scopes = (typeof entry === "string" ? undefined : entry.scopes) ?? defaultScopes;
  if (!scopes.includes(scope)) {
    return { ok: false, status: 403, description: `This API key lacks the ${scope} permission` };
  }
  const tenant = typeof entry === "string" ? undefined : entry.tenant;
  return { ok: true, tenant: tenant ?? `key-sha256:${createHash("sha256").update(given).digest("hex")}` };
}

function constantTimeEquals(expected: string, given: string): boolean {
  let difference = expected.length ^ given.length;
  for (let i = 0; i < expected.length; i++)
    difference |= expected.charCodeAt(i) ^ given.charCodeAt(i % given.length);
  return difference === 0;
}
