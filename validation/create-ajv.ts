/**
 * The one ajv set-up used by the server (and, from the schema-driven forms on, by the browser):
 * strict mode, all errors, no coercion, no stripping; our formats and keywords registered.
 */
import Ajv, { type Options } from 'ajv';
import { formats } from './formats';
import { vocabulary } from './vocabulary';

export function createAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({
    strict: true,
    allErrors: true,
    coerceTypes: false,
    removeAdditional: false,
    useDefaults: false,
    // 0.29 is 28.999999999999996 steps of 0.01 in binary floating point: a step of money is checked to 8 digits.
    multipleOfPrecision: 8,
    ...options,
  });
  for (const [name, check] of Object.entries(formats)) ajv.addFormat(name, { type: 'string', validate: check });
  for (const keyword of vocabulary) ajv.addKeyword(keyword);
  return ajv;
}
