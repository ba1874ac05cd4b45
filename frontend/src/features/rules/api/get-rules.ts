import type { RuleSet } from '@/types';
import { apiData } from '@/lib/api-client';
import { DATA_BASE } from '@/lib/config';

/**
 * POST /data/front/rules: the site's rule sets; with `type`, POST /data/front/casinorules {type}:
 * only the sets that name it (a page's own rules, e.g. `cricketv`).
 */
export async function getRules(type?: string): Promise<RuleSet[]> {
  const data = type
    ? await apiData<RuleSet[]>('/front/casinorules', { method: 'POST', body: { type }, base: DATA_BASE, skipAuth: true })
    : await apiData<RuleSet[]>('/front/rules', { method: 'POST', body: {}, base: DATA_BASE, skipAuth: true });
  return data ?? [];
}
