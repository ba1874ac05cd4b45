import type { PlaceBetRequest, PlaceBetResponse } from '@/types';
import { apiRequest } from '@/lib/api-client';

/** POST /api/bet/place: encrypted both ways; resolves to the envelope (its message is the toast). */
export async function placeBet(request: PlaceBetRequest) {
  return apiRequest<PlaceBetResponse>('/bet/place', { method: 'POST', body: request, encrypted: true });
}
