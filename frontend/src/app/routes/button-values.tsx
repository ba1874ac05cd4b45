import { Box, Typography } from '@mui/material';
import { ButtonValuesForm } from '@/features/button-values';

export default function ButtonValuesPage() {
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Typography variant="h6" component="h1" gutterBottom>
        Set Button Values
      </Typography>
      <ButtonValuesForm />
    </Box>
  );
}
