import type Ajv from "ajv";
import addFormats from "ajv-formats";

const int32Range = 2 ** 31;

/**
 * Registers the `format`s the stored vendor specs use: the standard ones (ajv-formats), plus
 * OpenAPI's and Google's own. `byte` accepts standard and URL-safe base64 (SPEC-NOTES.md:
 * generate-content); `int64` checks the decimal string form (number form is allowed by the type).
 */
export function addSpecFormats(ajv: Ajv): void {
  addFormats(ajv);
  ajv.addFormat("byte", /^[A-Za-z0-9+/_-]*={0,2}$/);
  ajv.addFormat("int64", /^-?\d+$/);
  ajv.addFormat("int32", {
    type: "number",
    validate: (value) => Number.isInteger(value) && value >= -int32Range && value < int32Range,
  });
  ajv.addFormat("float", { type: "number", validate: () => true });
  ajv.addFormat("double", { type: "number", validate: () => true });
  ajv.addFormat("unixtime", { type: "number", validate: (value) => value >= 0 });
  ajv.addFormat("google-duration", /^-?\d+(\.\d+)?s$/);
  ajv.addFormat("google-fieldmask", /^[A-Za-z0-9_.,]*$/);
  ajv.addFormat("google-datetime", { type: "string", validate: () => true });
}
