import { maskAddress } from '../mail/mail-message.js';

/** What a secret reads as in the log. */
export const REDACTED = '[REDACTED]';

/**
 * Names whose value is a secret: the mail links' `token` (reset, verification, confirmation,
 * manage and unsubscribe links, in the page's and in the API's address), and any other token,
 * password, secret, API key or Authorization header a URL or a logged object might carry.
 */
const SECRET_NAME = /token|passw|secret|api[-_]?key|authorization/i;

/** One `name=value` of a query string, wherever a text quotes a URL. */
const QUERY_PARAMETER = /([?&])([^=&?#\s"'<>]+)=([^&#\s"'<>]*)/g;

/** A character of an address as the log may quote it: anything but what separates a URL's parts. */
const ADDRESS_CHARACTER = String.raw`[^\s"'<>@&?=/#;,:()[\]\\]`;

/**
 * An e-mail address, also percent-encoded as a URL carries it (`anna%40example.se`). It stops at
 * what separates a URL's parts, so an address in a query string is masked and the rest is kept.
 * It starts only where a run of its characters starts, so a long text is read once, not once per
 * character.
 */
const ADDRESS = new RegExp(
  `(?<!${ADDRESS_CHARACTER})${ADDRESS_CHARACTER}+(?:@|%40)${ADDRESS_CHARACTER}+`,
  'gi',
);

/** Cheap test for a line that may hold something to redact; most log lines do not. */
const WORTH_A_LOOK = /@|%40|token|passw|secret|api[-_]?key|authorization|"type":"Buffer"/i;

/**
 * A Buffer as JSON writes it. Its bytes are never logged, only how many: they may be a raw
 * request (an unreadable request's error carries one) with a URL's token or a session's
 * Authorization header, which no text rule could find in a list of numbers.
 */
function isLoggedBuffer(value: object): value is { type: 'Buffer'; data: unknown[] } {
  const { type, data } = value as { type?: unknown; data?: unknown };
  return type === 'Buffer' && Array.isArray(data);
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%40/gi, () => '@');
  }
}

const isSecretName = (name: string) => SECRET_NAME.test(decoded(name));

/** A text fit for the log: secret query parameters redacted, e-mail addresses masked. */
export function redactLogText(text: string): string {
  return text
    .replace(QUERY_PARAMETER, (parameter: string, separator: string, name: string) =>
      isSecretName(name) ? `${separator}${name}=${REDACTED}` : parameter,
    )
    .replace(ADDRESS, (address) => maskAddress(decoded(address)));
}

/**
 * A value fit for the log, at any depth: a secret-named field's text goes, every text is redacted,
 * bytes become their number.
 */
export function redactLogValue(value: unknown, name?: string): unknown {
  if (typeof value === 'string')
    return name !== undefined && isSecretName(name) ? REDACTED : redactLogText(value);
  if (Array.isArray(value)) return value.map((item) => redactLogValue(item));
  if (value === null || typeof value !== 'object') return value;
  if (isLoggedBuffer(value)) return `[${value.data.length} bytes]`;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [redactLogText(key), redactLogValue(item, key)]),
  );
}

/**
 * A finished log line (pino's JSON, as `hooks.streamWrite` gets it) fit for the log. Redacting the
 * line rather than what goes into it covers every source at once: the request's URL from the req
 * serializer, Fastify's own messages (`Route GET:/… not found`), error messages and stacks, child
 * bindings, and fields anyone logs.
 */
export function redactLogLine(line: string): string {
  if (!WORTH_A_LOOK.test(line)) return line;
  const ending = /\s*$/.exec(line)![0];
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return redactLogText(line);
  }
  return `${JSON.stringify(redactLogValue(parsed))}${ending}`;
}
