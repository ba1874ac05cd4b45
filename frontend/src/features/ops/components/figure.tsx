// One headline figure of a console page: a caption over its value.
import { Box, Typography } from '@mui/material';

export function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}
