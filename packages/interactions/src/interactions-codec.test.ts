import { testCodec } from "@interlingua/core/test";
import { readFixtures } from "../test/support/fixtures";
import { interactionsCodec } from "./interactions-codec";

testCodec(interactionsCodec, {
  requests: readFixtures("requests").map(({ name, value }) => ({ name, wire: value })),
  responses: readFixtures("responses").map(({ name, value }) => ({ name, wire: value })),
  streams: readFixtures("streams").map(({ name, value }) => ({ name, events: value as unknown[] })),
  errors: [
    {
      name: "invalid-argument.400",
      status: 400,
      body: { error: { code: 400, message: "Invalid value at 'input'.", status: "INVALID_ARGUMENT" } },
    },
    {
      name: "not-found.404",
      status: 404,
      body: { error: { code: 404, message: "Interaction v1_x was not found.", status: "NOT_FOUND" } },
    },
  ],
});
