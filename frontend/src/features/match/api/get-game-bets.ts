import type { GameBets } from '@/types';
import { apiData } from '@/lib/api-client';

/** GET /api/bet?gameId=: the user's open bets on a match and the books (spotsData). */
export async function getGameBets(gameId: number): Promise<GameBets | undefined> {
  return apiData<GameBets>('/bet', { query: { gameId } });
}
