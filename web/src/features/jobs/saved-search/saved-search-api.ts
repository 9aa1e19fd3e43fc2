import type { CreateSavedSearchBody, SubscribeBody } from '@jobbportalen/contracts/api/saved-searches';
import { request } from '../../../lib/api-client';

/** Saves the shown search to the logged-in seeker's list (the same search twice is one). */
export async function createSavedSearch(body: CreateSavedSearchBody): Promise<void> {
  await request<unknown>('/api/saved-searches', { method: 'POST', json: body, session: true });
}

/**
 * A visitor's alert by e-mail alone. The answer is the same whether or not the address is known
 * (a confirmation mail goes out either way); the panel says where it went, naming the address.
 */
export async function subscribeToAlert(body: SubscribeBody): Promise<void> {
  await request<unknown>('/api/alerts/subscribe', { method: 'POST', json: body });
}
