import { PAGE_ANSWER_PATHS } from '@jobbportalen/contracts';
import type { PrivacyFacts } from '@jobbportalen/contracts/api/privacy';
import { publicGetAll } from '../../lib/api-client';

/** /integritet's figures from the server's settings (rendered into the page by the server). */
export const fetchPrivacyFacts = publicGetAll<PrivacyFacts>(PAGE_ANSWER_PATHS.privacy);
