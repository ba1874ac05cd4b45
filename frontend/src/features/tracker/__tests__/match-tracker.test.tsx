import { render, screen, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '@/testing/theme';
import type { Scoreboard } from '@/types';
import { MatchTracker } from '../components/match-tracker';

const teams = (a: string, b: string) => [
  { name: a, score: '61/0 (6.1)', crr: '9.89', rr: '8.17' },
  { name: b, score: '173/6 (20.0)', crr: '8.65', rr: '' },
];

function show(scoreboard: Scoreboard, etid: number) {
  return render(
    <ThemeProvider theme={theme}>
      <MatchTracker scoreboard={scoreboard} etid={etid} />
    </ThemeProvider>,
  );
}

describe('the match tracker', () => {
  it('draws the cricket over, the wagon wheel and the chase', () => {
    show(
      {
        message: 'South Africa need 113 runs from 83 balls',
        balls: ['4', '1'],
        teams: teams('South Africa', 'India'),
        tracker: { sport: 'cricket', batting: 0, innings: 2, over: 7, this_over: ['4', '1'], shots: [{ runs: 4, angle: 45, distance: 100 }, { runs: 1, angle: 200, distance: 30 }], partnership_runs: 61, partnership_balls: 37, need: { runs: 113, balls: 83 }, ball_running: false },
      },
      4,
    );
    const over = screen.getByLabelText('This over');
    expect(within(over).getAllByText(/^[0-6W]$/).map((el) => el.textContent)).toEqual(['4', '1']);
    expect(screen.getByRole('img', { name: 'Wagon wheel: 2 scoring shots' })).toBeInTheDocument();
    expect(screen.getByText('Need 113 from 83 balls')).toBeInTheDocument();
    expect(screen.getByText('RRR 8.17')).toBeInTheDocument();
  });

  it('names the side attacking and counts its shots in football', () => {
    show(
      {
        message: "24' 1st half",
        balls: [],
        teams: teams('Arsenal', 'Chelsea'),
        tracker: { sport: 'football', minute: 24, zone: { team: 1, area: 'danger' }, momentum: [10, -40], incidents: [{ minute: 23, team: 1, kind: 'corner' }], stats: [{ shots: 2, on_target: 1, corners: 0, yellow: 0, red: 0 }, { shots: 5, on_target: 2, corners: 1, yellow: 1, red: 0 }] },
      },
      1,
    );
    expect(screen.getByRole('img', { name: 'Dangerous attack: Chelsea' })).toBeInTheDocument();
    expect(screen.getByText("Corner 23'")).toBeInTheDocument();
    expect(screen.getByTestId('stat-shots')).toHaveTextContent('2Shots5');
  });

  it('shows who serves and the point score on a table tennis table', () => {
    show(
      {
        message: 'Game 2, Ma Long serving',
        balls: [],
        teams: teams('Ma Long', 'Fan Zhendong'),
        tracker: { sport: 'racket', server: 0, points: ['7', '5'], periods: [[11, 8], [7, 5]], won: [1, 0], rally: [0, 1, 0], tiebreak: false },
      },
      8,
    );
    expect(screen.getByTestId('tracker')).toHaveAttribute('data-sport', 'table-tennis');
    expect(screen.getByRole('img', { name: 'Ma Long to serve' })).toBeInTheDocument();
    expect(screen.getByTestId('tracker-call')).toHaveTextContent('7-5');
    expect(screen.getAllByRole('columnheader').map((el) => el.textContent)).toEqual(['', 'G1', 'G2', 'Pts']);
  });

  it('draws nothing for a scoreboard without a tracker', () => {
    const { container } = show({ message: '', balls: [], teams: [] }, 4);
    expect(container).toBeEmptyDOMElement();
  });
});
