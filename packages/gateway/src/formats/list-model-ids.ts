import type { GatewayProviderOptions } from "./gateway-format";

/** How one format's upstream model listing is asked for and read, page by page. */
export interface ModelListingPages {
  /** The listing path after the base URL (`/v1/models`). */
  path: string;
  /** The authentication (and version) headers of the format. */
  headers: Record<string, string>;
  /** Query parameters of the first page (a page size). */
  first?: Record<string, string>;
  /** The ids on one parsed page, and the query parameters of the next page when there is one. */
  read(page: unknown): { ids?: unknown[]; next?: Record<string, string> };
}

/** Most pages read from one upstream listing: a bound on what a misbehaving upstream can cost. */
export const maxListingPages = 20;
/** Most ids kept from one upstream listing. */
export const maxListedIds = 10_000;

/**
 * The model ids an upstream lists, every page up to {@link maxListingPages} and {@link maxListedIds}: `GET {baseURL}{path}`
 * with the format's headers then the provider's own. Throws on a network failure, a status other
 * than 2xx, or a body that is not JSON; ids that are not strings are skipped.
 */
export async function listModelIds(
  options: GatewayProviderOptions,
  signal: AbortSignal,
  pages: ModelListingPages,
): Promise<string[]> {
  const ids: string[] = [];
  const fetcher = options.fetch ?? globalThis.fetch;
  let query: Record<string, string> | undefined = pages.first ?? {};
  for (let page = 0; page < maxListingPages && query !== undefined && ids.length < maxListedIds; page++) {
    const url = new URL(`${options.baseURL.replace(/\/+$/, "")}${pages.path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const response = await fetcher(url, {
      headers: { accept: "application/json", ...pages.headers, ...options.headers },
      signal,
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`The upstream's model listing answered HTTP ${response.status}.`);
    }
    const { ids: found, next } = pages.read(await response.json());
    for (const id of found ?? []) if (typeof id === "string") ids.push(id);
    query = next;
  }
  return ids.slice(0, maxListedIds);
}
