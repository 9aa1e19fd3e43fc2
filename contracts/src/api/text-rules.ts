/**
 * JSON-schema pattern for text bound for PostgreSQL: a `text` value cannot hold U+0000, and a
 * query with one fails inside the database (a 500). Refused by the schema, it is an ordinary 400.
 */
export const NO_NUL = '^[^\\u0000]*$';
