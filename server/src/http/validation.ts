import type { FastifySchemaValidationError } from 'fastify';
import { badRequest } from '../errors.js';

/**
 * Swedish messages per field, optionally per failed JSON-schema keyword ('required',
 * 'maxLength', 'format' …); `default` covers every other keyword of that field.
 */
export type FieldMessages = Record<string, { default: string } & Record<string, string>>;

const GENERIC_MESSAGE = 'Ogiltiga uppgifter i förfrågan.';

// Text bound for PostgreSQL may hold no U+0000: the rule is shared with the browser's contracts.
export { NO_NUL } from '@jobbportalen/contracts/api/text-rules';

/**
 * A route-level `schemaErrorFormatter`: the schema stays the one source of the rules (and of
 * the OpenAPI document), while the person filling in the form gets a Swedish sentence that
 * names what is wrong instead of Ajv's English.
 */
export function swedishValidation(fields: FieldMessages, fallback = GENERIC_MESSAGE) {
  return (errors: FastifySchemaValidationError[], context: string) => {
    const first = errors[0];
    const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
    const field = missing ?? first?.instancePath.split('/')[1] ?? '';
    const messages = fields[field];
    const message = messages ? (messages[first?.keyword ?? ''] ?? messages.default) : fallback;
    return badRequest(message, { details: { context, field: field || null, rule: first?.keyword } });
  };
}

/**
 * Trims the named string fields of a JSON body before validation, so ' Anna ' and 'anna@x.se '
 * are judged (and stored) as what the person meant.
 */
export function trimBodyFields(names: string[], lowerCase: string[] = []) {
  return async (request: { body: unknown }) => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    const record = body as Record<string, unknown>;
    for (const name of names) {
      const value = record[name];
      if (typeof value === 'string') {
        const trimmed = value.trim();
        record[name] = lowerCase.includes(name) ? trimmed.toLowerCase() : trimmed;
      }
    }
  };
}
