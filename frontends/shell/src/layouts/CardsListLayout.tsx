import { Link } from 'react-router-dom';
import { Card } from '@civic/frontend-kit/design';
import type { CardsListLayoutProps } from '@civic/frontend-kit/shell-contract';
import { ScreenLayout } from './ScreenLayout.js';

/** A grid of cards, each a link to a screen: home, the decisions and elections overviews. */
export function CardsListLayout({ cards, ...props }: CardsListLayoutProps) {
  const grid = (
    <ul className="cards">
      {cards.map((card) => (
        <Card key={card.to} as="li" className="card" title={<Link to={card.to}>{card.title}</Link>}>
          <p className="card__description">{card.description}</p>
        </Card>
      ))}
    </ul>
  );
  return <ScreenLayout variant="cards-list" above={grid} {...props} />;
}
