import { CanonicalError } from "@interlingua/core";
import { clientDisconnectCode } from "../observe/classify-exchange-error";

/** The error a stream closes with when its caller cancelled it (no one reads it: it is for the record). */
export function clientWentAway(): CanonicalError {
  return new CanonicalError("unavailable", "The client went away.", { code: clientDisconnectCode });
}
