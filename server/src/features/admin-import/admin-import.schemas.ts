import { Type } from '@fastify/type-provider-typebox';

// The answers the admin pages read are shared with the web app through contracts.
export {
  AdminJobStats,
  CommandAccepted,
  ImportHistory,
  ImportLogEntry,
  StreamStatus,
} from '@jobbportalen/contracts/api/admin-import';

export const ImportLogQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 7 })),
});

export const CommandRefused = Type.Object({
  code: Type.String(),
  message: Type.String(),
  error: Type.String(),
});

export const HistoryQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 30 })),
});
