import { render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '@/testing/theme';
import type { RaceTracker } from '@/types';
import { MatchTracker } from '../components/match-tracker';
import { orderLine, phaseLabel, raceKind, raceLanes, runnerColors, TRACK } from '../model/race';

const race = (phase: RaceTracker['phase'], positions: number[], ranks: number[]): RaceTracker => ({
  phase,
  distance_m: 480,
  elapsed_ms: 12_400,
  runners: positions.map((position_m, i) => ({ sid: i + 1, number: i + 1, name: `Dog ${i + 1}`, position_m, rank: ranks[i] ?? 0, non_runner: ranks[i] === 0 })),
});

describe('the race tracker', () => {
  it('puts each runner along the straight by the metres it has run and rings the leader', () => {
    const lanes = raceLanes(race('running', [0, 240, 480, 100], [4, 2, 1, 0]));
    expect(lanes.map((lane) => Math.round(lane.x))).toEqual([TRACK.start, (TRACK.start + TRACK.finish) / 2, TRACK.finish, Math.round(TRACK.start + (100 / 480) * (TRACK.finish - TRACK.start))]);
    expect(lanes.map((lane) => lane.leader)).toEqual([false, false, true, false]);
    expect(raceLanes(race('pre', [0, 0], [1, 2])).some((lane) => lane.leader)).toBe(false);
  });

  it('reads the order, the phase and the trap colours', () => {
    const running = race('running', [300, 320, 280], [2, 1, 3]);
    expect(orderLine(running)).toBe('1st 2. Dog 2, 2nd 1. Dog 1, 3rd 3. Dog 3');
    expect(phaseLabel(running)).toBe('Off: 12 s, 160 m to go');
    expect(phaseLabel(race('finished', [480], [1]))).toBe('Result');
    expect(orderLine(race('pre', [0, 0], [1, 2])), 'no order before the off').toBe('');
    expect(raceKind(4339)).toBe('greyhound');
    expect(raceKind(7)).toBe('horse');
    expect(runnerColors('greyhound', 1).fill).toBe('#d32f2f');
    expect(runnerColors('greyhound', 6).stripe).toBeDefined();
  });

  it('draws the field with the leader and a non-runner in the match tracker', () => {
    render(
      <ThemeProvider theme={theme}>
        <MatchTracker scoreboard={{ message: '3. Dog 3 leads, 20 m to go', balls: [], teams: [], tracker: { sport: 'race', ...race('running', [400, 460, 0], [2, 1, 0]) } }} etid={4339} />
      </ThemeProvider>,
    );
    expect(screen.getByText('Greyhounds: 480 m, 2 runners')).toBeInTheDocument();
    expect(screen.getByTestId('race-runner-2')).toHaveAttribute('data-leader', 'true');
    expect(screen.getByText(/3\. Dog 3: NR/)).toBeInTheDocument();
    expect(screen.getByTestId('race-order')).toHaveTextContent('1st 2. Dog 2, 2nd 1. Dog 1');
  });
});
