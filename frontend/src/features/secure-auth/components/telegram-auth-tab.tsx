import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { ApiError } from '@/lib/api-client';
import { getTelegramConnection } from '../api/get-telegram-connection';
import { TELEGRAM_ALERT } from '../model';

type Props = { connectionId: string | null; onConnected: (connectionId: string) => void };

/** "Enable Using Telegram": the login password gets a connection id for the Telegram bot. */
export function TelegramAuthTab({ connectionId, onConnected }: Props) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    setBusy(true);
    setError(null);
    try {
      const data = await getTelegramConnection(password);
      if (!data) return;
      setPassword('');
      onConnected(data.connectionId);
      window.alert(TELEGRAM_ALERT);
    } catch (failure) {
      setError((failure as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} aria-label="Telegram connection">
      <Typography variant="body2">Enter your login password to get a connection id for our Telegram bot.</Typography>
      <TextField
        type="password"
        label="Login password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        autoComplete="current-password"
        error={Boolean(error)}
        helperText={error ?? ' '}
        size="small"
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ maxWidth: 320 }}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={!password || busy}>
          Get Connection ID
        </Button>
      </Box>
      {connectionId && (
        <Alert severity="info" variant="outlined">
          Connection ID: <b data-testid="telegram-connection-id">{connectionId}</b>
        </Alert>
      )}
    </Stack>
  );
}
