import { chatCompletionsGatewayFormat } from "../formats/chat-completions-gateway-format";
import type { GatewayFormat } from "../formats/gateway-format";
import { generateContentGatewayFormat } from "../formats/generate-content-gateway-format";
import { interactionsGatewayFormat } from "../formats/interactions-gateway-format";
import { messagesGatewayFormat } from "../formats/messages-gateway-format";
import { responsesGatewayFormat } from "../formats/responses-gateway-format";

/**
 * The formats a gateway knows by default. Order matters only where two formats share a path (the
 * model listing `GET /v1/models`): a format whose match needs its clients' own headers comes first.
 */
export const defaultGatewayFormats: readonly GatewayFormat[] = [
  messagesGatewayFormat,
  generateContentGatewayFormat,
  responsesGatewayFormat,
  chatCompletionsGatewayFormat,
  interactionsGatewayFormat,
];
