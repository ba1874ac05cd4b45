// The signed-in user's quick-stake buttons of the game group, for the bet slip.
import { useEffect, useState } from 'react';
import type { Button } from '@/types';
import { selectUser, useSession } from '@/lib/session';
import { getButtonValues } from '../api/get-button-values';

export function useGameButtons(): Button[] {
  const userId = useSession(selectUser)?._id;
  const [buttons, setButtons] = useState<Button[]>([]);
  useEffect(() => {
    if (!userId) {
      setButtons([]);
      return;
    }
    getButtonValues(userId)
      .then((values) => setButtons(values?.game ?? []))
      .catch((error: unknown) => console.error('Error fetching button values:', error));
  }, [userId]);
  return buttons;
}
