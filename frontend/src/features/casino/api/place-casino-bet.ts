import type { PlaceBetResponse, PlaceCasinoBetRequest } from '@/types';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/bet/place/casino`: encrypted both ways; the envelope's message is the toast. */
export function placeCasinoBet(request: PlaceCasinoBetRequest) {
  return apiRequest<PlaceBetResponse>('/bet/place/casino', { method: 'POST', body: request, encrypted: true });
}
