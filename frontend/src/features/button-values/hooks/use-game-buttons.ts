// The signed-in user's quick-stake buttons for a bet slip: the game group (sports) by default,
// the casino group for casino tables.
import { useEffect, useState } from 'react';
import type { Button, ButtonValues } from '@/types';
import { selectUser, useSession } from '@/lib/session';
import { getButtonValues } from '../api/get-button-values';

export function useGameButtons(group: keyof ButtonValues = 'game'): Button[] {
  const userId = useSession(selectUser)?._id;
  const [buttons, setButtons] = useState<Button[]>([]);
  useEffect(() => {
    if (!userId) {
      setButtons([]);
      return;
    }
    getButtonValues(userId)
      .then((values) => setButtons(values?.[group] ?? []))
      .catch((error: unknown) => console.error('Error fetching button values:', error));
  }, [userId, group]);
  return buttons;
}
