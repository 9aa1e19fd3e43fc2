/** The slice of pino the feed client uses; a pino logger fits as is. */
export interface FeedLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export const silentLogger: FeedLogger = {
  info() {},
  warn() {},
  error() {},
};
