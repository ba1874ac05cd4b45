import type { RuleSet } from '@/types';
import { apiData } from '@/lib/api-client';
import { DATA_BASE } from '@/lib/config';

/** `POST /data/front/casinorules {type}`: the rule sets that mention the table's gtype. */
export async function getCasinoRules(gtype: string): Promise<RuleSet[]> {
  return (await apiData<RuleSet[]>('/front/casinorules', { method: 'POST', base: DATA_BASE, body: { type: gtype }, skipAuth: true })) ?? [];
}
