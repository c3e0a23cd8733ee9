import type { ExchangeHook } from "@interlingua/gateway";
import pino from "pino";
import { prettyFactory } from "pino-pretty";
import type { CliStream } from "../terminal/cli-io";

/**
 * An `observe` hook logging one line per exchange with pino: the exchange event's fields as JSON
 * (`msg` "exchange"), or, in `pretty` mode (a terminal), pino-pretty's readable line. The event holds
 * no secret (the tenant is a key digest, error messages are redacted), so nothing is filtered here.
 */
export function createExchangeLogger(mode: "json" | "pretty", output: CliStream): ExchangeHook {
  const prettify = mode === "pretty" ? prettyFactory({ colorize: output.isTTY === true }) : undefined;
  const destination = {
    write: (line: string) => output.write(prettify ? prettify(line) : line),
  };
  const logger = pino({ base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, destination);
  return (event) => {
    const level = event.error && event.error.type !== "client_error" ? "warn" : "info";
    logger[level](event, "exchange");
  };
}
