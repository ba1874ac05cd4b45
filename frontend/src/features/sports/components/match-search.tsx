// The header's match search (signed-in users, spec §5): 500 ms debounce, an empty term clears the
// results, each result links by the iscc rule.
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, ClickAwayListener, InputBase, List, ListItemButton, ListItemText, Paper, Popper } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { eventLink } from '@/utils/event-link';
import { formatDateTime } from '@/utils/format';
import { searchGame, type SearchMatch } from '../api/search-game';
import { SEARCH_BOX_SX } from './search-box';

export const SEARCH_DEBOUNCE_MS = 500;

export function MatchSearch() {
  const anchor = useRef<HTMLDivElement | null>(null);
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<SearchMatch[] | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const name = term.trim();
    if (!name) {
      setResults(null);
      return undefined;
    }
    let stale = false;
    const timer = window.setTimeout(() => {
      searchGame(name)
        .then((list) => {
          if (stale) return;
          setResults(list);
          setOpen(true);
        })
        .catch((error: unknown) => console.error('Search failed:', error));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      stale = true;
      window.clearTimeout(timer);
    };
  }, [term]);

  const close = () => setOpen(false);
  return (
    <ClickAwayListener onClickAway={close}>
      <Box ref={anchor} sx={SEARCH_BOX_SX}>
        <SearchIcon fontSize="small" />
        <InputBase
          placeholder="Search match"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          onFocus={() => setOpen(true)}
          inputProps={{ 'aria-label': 'Search match' }}
          sx={{ flex: 1, color: 'inherit', fontSize: 14 }}
        />
        <Popper open={open && results !== null} anchorEl={anchor.current} placement="bottom-start" sx={{ zIndex: 1300 }}>
          <Paper sx={{ width: 320, maxHeight: 360, overflowY: 'auto', mt: 0.5 }} elevation={8}>
            <List dense aria-label="Search results">
              {results?.length === 0 && (
                <ListItemText sx={{ px: 2, py: 1 }} primary="No data available" />
              )}
              {results?.map((match) => (
                <ListItemButton key={match.gmid} component={RouterLink} to={eventLink(match)} onClick={close}>
                  <ListItemText primary={match.ename} secondary={`${match.etype} · ${formatDateTime(match.stime)}`} />
                </ListItemButton>
              ))}
            </List>
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
}
