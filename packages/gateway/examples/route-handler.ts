import { createGateway, gatewayConfigFromEnvironment } from "@interlingua/gateway";

const gateway = createGateway(gatewayConfigFromEnvironment(process.env));

/** A standard route handler module, such as Next.js's `app/v1/[...path]/route.ts`: each method goes to the gateway. */
export const GET = gateway.fetch;
export const POST = gateway.fetch;
export const DELETE = gateway.fetch;
