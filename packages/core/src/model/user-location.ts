import * as z from "zod/mini";

/**
 * Where the user is, roughly, for a web search tool (`settings.userLocation` of a hosted
 * `web_search` tool): the one shape every codec reads its format's location into and writes it
 * from. It is the flat object the responses and messages formats send (chat-completions nests the
 * place under `approximate`); a field a format sends as `null` (unknown) is left out.
 */
export const UserLocation = z.object({
  /** Always `approximate`, the only kind any format has (and its default where it may be left out). */
  type: z.literal("approximate"),
  /** Free text city, `San Francisco`. */
  city: z.optional(z.string()),
  /** Free text region, `California`. */
  region: z.optional(z.string()),
  /** Two-letter ISO 3166-1 country code, `US`. */
  country: z.optional(z.string()),
  /** IANA time zone, `America/Los_Angeles`. */
  timezone: z.optional(z.string()),
});
/** A web search user location; see {@link UserLocation}. */
export type UserLocation = z.infer<typeof UserLocation>;

const placeFields = ["city", "region", "country", "timezone"] as const;

/**
 * A format's flat location object (`{ type?, city?, region?, country?, timezone? }`, any field
 * possibly `null`) as the canonical {@link UserLocation}, and the keys of `wire` it did not read
 * (a field no format defines, which the caller's codec keeps or reports).
 */
export function readUserLocation(wire: Record<string, unknown>): {
  location: UserLocation;
  unread: string[];
} {
  const location: UserLocation = { type: "approximate" };
  const unread: string[] = [];
  for (const [key, value] of Object.entries(wire)) {
    if (key === "type" && (value === "approximate" || value === null)) continue;
    const field = placeFields.find((name) => name === key);
    if (field !== undefined && (typeof value === "string" || value === null)) {
      if (value !== null) location[field] = value;
    } else unread.push(key);
  }
  return { location, unread };
}
