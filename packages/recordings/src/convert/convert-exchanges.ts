import type { RecordedExchange } from "../format/recorded-exchange";
import { type ConvertExchangeOptions, convertExchange, type ExchangeConversion } from "./convert-exchange";

/**
 * Converts a stream of exchanges one at a time, as they arrive, so an input of any size converts
 * in memory bounded by its largest exchange.
 */
export async function* convertExchanges(
  exchanges: AsyncIterable<RecordedExchange> | Iterable<RecordedExchange>,
  options: ConvertExchangeOptions,
): AsyncGenerator<ExchangeConversion> {
  for await (const exchange of exchanges) yield await convertExchange(exchange, options);
}
