import type { ButtonValues } from '@/types';
import { apiRequest } from '@/lib/api-client';

/** PUT /userPerformance {button}; resolves to the saved groups and the server's message. */
export async function updateButtonValues(
  button: ButtonValues,
): Promise<{ data: ButtonValues; message: string } | undefined> {
  const envelope = await apiRequest<ButtonValues>('/userPerformance', { method: 'PUT', body: { button } });
  return envelope ? { data: envelope.data, message: envelope.message } : undefined;
}
