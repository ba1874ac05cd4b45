// The user menu's dropdown, in its own chunk: MUI's Menu brings Popover, Modal and the focus trap,
// which a visitor's home page never needs. It loads when the menu is first opened.
import { Divider, Menu, MenuItem } from '@mui/material';

type Props = {
  anchor: HTMLElement | null;
  entries: { label: string; to: string }[];
  showRules: boolean;
  onClose: () => void;
  onPick: (to: string) => void;
  onRules: () => void;
  onSignOut: () => void;
};

export default function UserMenuList({ anchor, entries, showRules, onClose, onPick, onRules, onSignOut }: Props) {
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
      {entries.map((entry) => (
        <MenuItem key={entry.to} onClick={() => onPick(entry.to)}>
          {entry.label}
        </MenuItem>
      ))}
      {showRules && <MenuItem onClick={onRules}>Rules</MenuItem>}
      <Divider />
      <MenuItem onClick={onSignOut}>SignOut</MenuItem>
    </Menu>
  );
}
