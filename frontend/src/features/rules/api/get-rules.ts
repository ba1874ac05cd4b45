import type { RuleSet } from '@/types';
import { apiData } from '@/lib/api-client';
import { DATA_BASE } from '@/lib/config';

/** POST /data/front/rules: the site's rule sets. */
export async function getRules(): Promise<RuleSet[]> {
  const data = await apiData<RuleSet[]>('/front/rules', { method: 'POST', body: {}, base: DATA_BASE, skipAuth: true });
  return data ?? [];
}
