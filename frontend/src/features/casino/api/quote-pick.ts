import type { PickQuote, PickQuoteRequest } from '@/types';
import { apiData } from '@/lib/api-client';
import { DATA_BASE } from '@/lib/config';

/** `POST /data/front/casino/pick` (plain): the name and rate of a pick, as a bet would take them. */
export function quotePick(request: PickQuoteRequest): Promise<PickQuote | undefined> {
  return apiData<PickQuote>('/front/casino/pick', { method: 'POST', base: DATA_BASE, body: request, skipAuth: true });
}
