// The header's match search is only shown to signed-in users; its input and results popper load
// in their own chunk so a visitor's home page does not fetch them. Until then the same empty box
// holds its place in the header.
import { lazy, Suspense } from 'react';
import { Box } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { SEARCH_BOX_SX } from './search-box';

const MatchSearch = lazy(() => import('./match-search').then((m) => ({ default: m.MatchSearch })));

export function LazyMatchSearch() {
  return (
    <Suspense
      fallback={
        <Box sx={SEARCH_BOX_SX}>
          <SearchIcon fontSize="small" />
        </Box>
      }
    >
      <MatchSearch />
    </Suspense>
  );
}
