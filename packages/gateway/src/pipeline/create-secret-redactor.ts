// The redactor lives in core so the image-task service redacts stored fail reasons with the same rules.
export { createSecretRedactor, type SecretRedactor } from "@interlingua/core";
