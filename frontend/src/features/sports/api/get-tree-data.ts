import { apiData } from '@/lib/api-client';

/** A sidebar tree node (spec §3): sport → tournament → match; matches carry etid, gmid, iscc. */
export type TreeNode = { name: string; children: TreeNode[]; iscc?: number; etid?: number; gmid?: number; oid: number };

/** POST /api/front/treedata: encrypted both ways; t1 real, t2 virtual cricket. */
export async function getTreeData(): Promise<{ t1: TreeNode[]; t2: TreeNode[] }> {
  const data = await apiData<{ t1?: TreeNode[]; t2?: TreeNode[] }>('/front/treedata', { method: 'POST', body: {}, encrypted: true, skipAuth: true });
  return { t1: data?.t1 ?? [], t2: data?.t2 ?? [] };
}
