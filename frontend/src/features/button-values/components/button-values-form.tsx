import { useEffect, useState } from 'react';
import { Box, Button, CircularProgress, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import type { ButtonValues } from '@/types';
import { notify } from '@/lib/notify';
import { selectUser, useSession } from '@/lib/session';
import { getButtonValues } from '../api/get-button-values';
import { updateButtonValues } from '../api/update-button-values';
import { differs, fromDraft, sanitizeValue, toDraft, type Draft, type Group } from '../model';

const GROUP_LABELS: Record<Group, string> = { game: 'Game Buttons', casino: 'Casino Buttons' };

/** Set Button Values: the stake buttons of the bet slip, game and casino groups. */
export function ButtonValuesForm() {
  const user = useSession(selectUser);
  const userId = user?._id;
  const [loaded, setLoaded] = useState<ButtonValues | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [group, setGroup] = useState<Group>('game');
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!userId) return;
    let active = true;
    getButtonValues(userId)
      .then((values) => {
        if (!active || !values) return;
        setLoaded(values);
        setDraft(toDraft(values));
      })
      .catch((error: unknown) => {
        console.error('Error fetching button values:', error);
        if (active) setFailed(true);
      });
    return () => {
      active = false;
    };
  }, [userId]);

  if (failed) return <Typography>No record found!</Typography>;
  if (!draft || !loaded) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading button values" />
      </Box>
    );
  }

  const edit = (index: number, key: 'label' | 'value', raw: string) => {
    setDraft((current) => {
      if (!current) return current;
      const list = current[group].map((item, i) =>
        i === index ? { ...item, [key]: key === 'value' ? sanitizeValue(raw) : raw } : item,
      );
      return { ...current, [group]: list };
    });
  };

  const onUpdate = async () => {
    setSaving(true);
    try {
      const result = await updateButtonValues(fromDraft(draft));
      if (!result) return;
      setLoaded(result.data);
      setDraft(toDraft(result.data));
      notify.success(result.message || 'Success!');
    } catch (error) {
      notify.error((error as { message?: string }).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Tabs value={group} onChange={(_, value: Group) => setGroup(value)} sx={{ mb: 2 }}>
        {(Object.keys(GROUP_LABELS) as Group[]).map((key) => (
          <Tab key={key} value={key} label={GROUP_LABELS[key]} />
        ))}
      </Tabs>
      <Stack direction="row" spacing={1} sx={{ mb: 1, px: 0.5 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          Price Label
        </Typography>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          Price Value
        </Typography>
      </Stack>
      <Stack spacing={1}>
        {draft[group].map((item, index) => (
          <Stack direction="row" spacing={1} key={index}>
            <TextField
              size="small"
              value={item.label}
              onChange={(event) => edit(index, 'label', event.target.value)}
              slotProps={{ htmlInput: { 'aria-label': `${GROUP_LABELS[group]} label ${index + 1}`, maxLength: 20 } }}
              sx={{ flex: 1 }}
            />
            <TextField
              size="small"
              value={item.value}
              onChange={(event) => edit(index, 'value', event.target.value)}
              slotProps={{ htmlInput: { 'aria-label': `${GROUP_LABELS[group]} value ${index + 1}`, inputMode: 'decimal' } }}
              sx={{ flex: 1 }}
            />
          </Stack>
        ))}
      </Stack>
      <Box sx={{ mt: 2 }}>
        <Button variant="contained" disabled={saving || !differs(draft, loaded)} onClick={() => void onUpdate()}>
          Update
        </Button>
      </Box>
    </Paper>
  );
}
