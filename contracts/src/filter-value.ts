/**
 * A value as a Meilisearch filter string literal: in double quotes, with backslash and quote
 * escaped. The one way the server and the browser write a value into a filter.
 */
export const quoteFilterValue = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
