// The sidebar's All Sports tree (spec §2): sport → tournament → match, each level collapsible and
// expanded at first; matches link by the iscc rule, and each real sport's heading to its
// /all-sports page.
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Collapse, Link, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { eventLink } from '@/utils/event-link';
import type { TreeNode } from '../api/get-tree-data';
import { selectTree, useSportsStore } from '../stores/sports-store';

/** The tree's virtual-cricket sports are ordered from here (`oid`, spec §3); real sports before. */
const VIRTUAL_OID_MIN = 10;

function Branch({ node, depth }: { node: TreeNode; depth: number }) {
  const [open, setOpen] = useState(true);
  if (node.gmid !== undefined && node.etid !== undefined) {
    return (
      <ListItemButton component={RouterLink} to={eventLink({ etid: node.etid, gmid: node.gmid, iscc: node.iscc ?? 0 })} sx={{ pl: 1 + depth * 1.5, py: 0.25 }}>
        <ListItemText primary={node.name} slotProps={{ primary: { fontSize: 13 } }} />
      </ListItemButton>
    );
  }
  return (
    <>
      <ListItemButton
        onClick={(event) => {
          event.stopPropagation();
          setOpen((value) => !value);
        }}
        aria-expanded={open}
        sx={{ pl: 1 + depth * 1.5, py: 0.25 }}
      >
        <ListItemText primary={node.name} slotProps={{ primary: { fontSize: 13, fontWeight: depth === 0 ? 700 : 500 } }} />
        {depth === 0 && node.etid !== undefined && node.oid < VIRTUAL_OID_MIN && (
          <Link
            component={RouterLink}
            to={`/all-sports/${node.etid}`}
            onClick={(event) => event.stopPropagation()}
            aria-label={`All ${node.name} matches`}
            underline="hover"
            sx={{ fontSize: 12, mr: 0.5 }}
          >
            All
          </Link>
        )}
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit={false}>
        <List dense disablePadding>
          {node.children.map((child, index) => (
            <Branch key={`${child.name}-${child.gmid ?? index}`} node={child} depth={depth + 1} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

export function SportsTree() {
  const tree = useSportsStore(selectTree);
  const loadTree = useSportsStore((state) => state.loadTree);
  useEffect(() => {
    void loadTree();
  }, [loadTree]);
  if (!tree) return null;
  if (tree.length === 0) {
    return <Typography sx={{ px: 2, py: 1, fontSize: 13, color: 'text.secondary' }}>No data available</Typography>;
  }
  return (
    <List dense disablePadding aria-label="All Sports tree">
      {tree.map((node) => (
        <Branch key={node.name} node={node} depth={0} />
      ))}
    </List>
  );
}
