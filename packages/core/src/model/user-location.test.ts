import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readUserLocation, UserLocation } from "./user-location";

const place = fc.option(fc.string(), { nil: null });

describe("readUserLocation", () => {
  it("reads any flat location of the formats as core's one shape, its nulls left out", () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            type: fc.constantFrom("approximate", null),
            city: place,
            region: place,
            country: place,
            timezone: place,
          },
          { requiredKeys: [] },
        ),
        (wire) => {
          const { location, unread } = readUserLocation(wire);
          expect(unread).toEqual([]);
          expect(UserLocation.safeParse(location).success).toBe(true);
          for (const key of ["city", "region", "country", "timezone"] as const)
            expect(location[key]).toBe(wire[key] ?? undefined);
        },
      ),
    );
  });

  it("names the fields it does not read", () => {
    expect(readUserLocation({ type: "approximate", city: "Paris", street: "Rue de Rivoli" })).toEqual({
      location: { type: "approximate", city: "Paris" },
      unread: ["street"],
    });
    expect(readUserLocation({ type: "exact" }).unread).toEqual(["type"]);
  });
});
