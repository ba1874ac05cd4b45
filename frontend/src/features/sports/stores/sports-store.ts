// The sports feature's state: the home table rows per sport and the sidebar tree.
import { create } from 'zustand';
import type { Fixture, HomeDelta } from '@/types';
import { getTreeData, type TreeNode } from '../api/get-tree-data';
import { getLatestEvents, type LatestEvent } from '../api/get-latest-events';

/** The `tree` topic's value: the sidebar tree (t1, t2) and the ticker. */
export type Navigation = { tree: { t1: TreeNode[]; t2: TreeNode[] }; latest: LatestEvent[] };

type SportsState = {
  fixtures: Record<number, Fixture[]>;
  tree: TreeNode[] | null;
  treeLoading: boolean;
  latest: LatestEvent[] | null;
  setFixtures: (etid: number, rows: Fixture[]) => void;
  /** A `home:{etid}` delta: the rows that changed or arrived, and the ids that left. */
  applyHomeDelta: (etid: number, delta: HomeDelta) => void;
  loadTree: () => Promise<void>;
  loadLatest: () => Promise<void>;
  /** The pushed tree and ticker (the `tree` topic): replaces both. */
  applyNavigation: (navigation: Navigation) => void;
};

/** The home table after a delta: changed rows replaced, new ones added, gone ones dropped, in the
 * server's order (start time, then id). */
export function withHomeDelta(rows: Fixture[], delta: HomeDelta): Fixture[] {
  const changed = new Map(delta.rows.map((row) => [row.gmid, row]));
  const gone = new Set(delta.removed);
  const kept = rows.filter((row) => !gone.has(row.gmid) && !changed.has(row.gmid));
  return [...kept, ...changed.values()].sort((a, b) => (a.stime < b.stime ? -1 : a.stime > b.stime ? 1 : a.gmid - b.gmid));
}

/** t1 and t2 merged and sorted by oid (spec §3). */
export function mergeTree(t1: TreeNode[], t2: TreeNode[]): TreeNode[] {
  return [...t1, ...t2].sort((a, b) => a.oid - b.oid);
}

export const useSportsStore = create<SportsState>((set, get) => ({
  fixtures: {},
  tree: null,
  treeLoading: false,
  latest: null,
  setFixtures: (etid, rows) => set((state) => ({ fixtures: { ...state.fixtures, [etid]: rows } })),
  applyHomeDelta: (etid, delta) =>
    set((state) => {
      const rows = state.fixtures[etid];
      // Without a table yet there is nothing to patch: the REST answer or the snapshot brings it.
      return rows ? { fixtures: { ...state.fixtures, [etid]: withHomeDelta(rows, delta) } } : {};
    }),
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
  async loadLatest() {
    if (get().latest) return;
    try {
      const latest = await getLatestEvents();
      // The socket's snapshot may have come first: it is the newer.
      if (!get().latest) set({ latest });
    } catch (error) {
      console.error('Error fetching latest events:', error);
    }
  },
  applyNavigation: ({ tree, latest }) => set({ tree: mergeTree(tree.t1, tree.t2), latest }),
}));


export const selectFixtures =
  (etid: number) =>
  (state: SportsState): Fixture[] | undefined =>
    state.fixtures[etid];
export const selectTree = (state: SportsState): TreeNode[] | null => state.tree;
export const selectLatest = (state: SportsState): LatestEvent[] | null => state.latest;

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

