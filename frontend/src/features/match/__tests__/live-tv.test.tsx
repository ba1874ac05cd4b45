import { render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '@/testing/theme';
import { LiveTv } from '../components/live-tv';

const show = (props: Parameters<typeof LiveTv>[0]) =>
  render(
    <ThemeProvider theme={theme}>
      <LiveTv {...props} />
    </ThemeProvider>,
  );

describe('LiveTv', () => {
  it('shows a match without a tracker or a stream no box, and no promise of pictures after logging in', () => {
    const { container } = show({ canWatch: false, televised: false });
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Live TV' })).toBeNull();
  });

  it('shows every spectator the tracker, televised or not', () => {
    show({ canWatch: false, televised: false, tracker: <div>the tracker</div> });
    expect(screen.getByRole('button', { name: 'Live TV' })).toBeInTheDocument();
    expect(screen.getByText('the tracker')).toBeInTheDocument();
  });

  it('shows a visitor the placeholder and a user the stream panel on a televised match', () => {
    const visitor = show({ canWatch: false, televised: true });
    expect(screen.getByAltText('Live TV is available to signed-in players')).toBeInTheDocument();
    visitor.unmount();
    show({ canWatch: true, televised: true });
    expect(screen.getByTestId('live-stream')).toBeInTheDocument();
  });
});
