import { render, screen } from '@testing-library/react';
import { CardRow, PlayingCard } from '../playing-card';

describe('PlayingCard', () => {
  it('shows rank and suit icon, named for screen readers', () => {
    render(<PlayingCard code="10HH" />);
    const card = screen.getByRole('img', { name: '10 of hearts' });
    expect(card).toHaveTextContent('10♥');
  });

  it('shows the back of a card not dealt yet', () => {
    render(<PlayingCard code="" />);
    expect(screen.getByRole('img', { name: 'card not dealt' })).toBeInTheDocument();
  });
});

describe('CardRow', () => {
  it('drops invalid card strings and pads with backs up to the slots', () => {
    render(<CardRow cards="KSS,XX,AC" slots={3} />);
    expect(screen.getByRole('img', { name: 'K of spades' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'A of clubs' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'card not dealt' })).toHaveLength(1);
  });
});
