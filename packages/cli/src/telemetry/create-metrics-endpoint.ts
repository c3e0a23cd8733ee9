import { createHash, timingSafeEqual } from "node:crypto";

const prometheusContentType = "text/plain; version=0.0.4; charset=utf-8";
const digest = (text: string) => createHash("sha256").update(text).digest();

function refusal(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error: { message } }, { status, headers });
}

/**
 * The `/metrics` endpoint: `GET /metrics` answers the Prometheus text. With `adminKey`, only a
 * caller presenting `Authorization: Bearer <adminKey>` is answered (compared in constant time);
 * caller keys of the gateway open nothing here.
 */
export function createMetricsEndpoint(
  prometheusText: () => Promise<string>,
  adminKey?: string,
): (request: Request) => Promise<Response> {
  const expected = adminKey === undefined ? undefined : digest(adminKey);
  return async (request) => {
    if (new URL(request.url).pathname !== "/metrics") return refusal(404, "Only /metrics is served here.");
    if (request.method !== "GET") return refusal(405, "Use GET.", { allow: "GET" });
    if (expected) {
      const presented = /^Bearer (.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
      if (!timingSafeEqual(digest(presented), expected))
        return refusal(401, "The metrics need the admin key.", { "www-authenticate": "Bearer" });
    }
    return new Response(await prometheusText(), { headers: { "content-type": prometheusContentType } });
  };
}
