import type { Me } from '@jobbportalen/contracts/api/auth';
import { request } from './api-client';

/** The logged-in visitor (the profile page and the admin gate both ask). */
export const fetchMe = (signal?: AbortSignal): Promise<Me> =>
  request<Me>('/api/auth/me', { session: true, signal });
