// The answer of GET /api/config is shared with the web app through contracts.
export { PublicConfig } from '@jobbportalen/contracts/api/public-config';
