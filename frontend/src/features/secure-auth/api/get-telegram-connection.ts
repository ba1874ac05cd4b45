import type { TelegramConnection } from '@/types';
import { apiData } from '@/lib/api-client';

/** POST /api/secure-auth/telegram {password}: a Telegram connection id ("Connection ID generated!"). */
export function getTelegramConnection(password: string): Promise<TelegramConnection | undefined> {
  return apiData<TelegramConnection>('/secure-auth/telegram', { method: 'POST', body: { password } });
}
