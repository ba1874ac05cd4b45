// The sports feature's state: the home table rows per sport and the sidebar tree.
import { create } from 'zustand';
import type { Fixture } from '@/types';
import { getTreeData, type TreeNode } from '../api/get-tree-data';

type SportsState = {
  fixtures: Record<number, Fixture[]>;
  tree: TreeNode[] | null;
  treeLoading: boolean;
  setFixtures: (etid: number, rows: Fixture[]) => void;
  loadTree: () => Promise<void>;
};

/** t1 and t2 merged and sorted by oid (spec §3). */
export function mergeTree(t1: TreeNode[], t2: TreeNode[]): TreeNode[] {
  return [...t1, ...t2].sort((a, b) => a.oid - b.oid);
}

export const useSportsStore = create<SportsState>((set, get) => ({
  fixtures: {},
  tree: null,
  treeLoading: false,
  setFixtures: (etid, rows) => set((state) => ({ fixtures: { ...state.fixtures, [etid]: rows } })),
  async loadTree() {
    if (get().tree || get().treeLoading) return;
    set({ treeLoading: true });
    try {
      const { t1, t2 } = await getTreeData();
      set({ tree: mergeTree(t1, t2) });
    } catch (error) {
      console.error('Error fetching sidebar data:', error);
    } finally {
      set({ treeLoading: false });
    }
  },
}));


export const selectFixtures =
  (etid: number) =>
  (state: SportsState): Fixture[] | undefined =>
    state.fixtures[etid];
export const selectTree = (state: SportsState): TreeNode[] | null => state.tree;

/** gmid → iscc of every match in the tree, for the My Market link rule. */
export function isccByGmid(tree: TreeNode[] | null): Map<number, number> {
  const out = new Map<number, number>();
  const walk = (nodes: TreeNode[]) => {
    for (const node of nodes) {
      if (node.gmid !== undefined) out.set(node.gmid, node.iscc ?? 0);
      walk(node.children ?? []);
    }
  };
  walk(tree ?? []);
  return out;
}

