import { Link } from 'react-router-dom';
import type { CardsListLayoutProps } from '../remotes/contract.js';
import { ScreenLayout } from './ScreenLayout.js';

/** A grid of cards, each a link to a screen: home, the decisions and elections overviews. */
export function CardsListLayout({ cards, ...props }: CardsListLayoutProps) {
  const grid = (
    <ul className="cards">
      {cards.map((card) => (
        <li key={card.to} className="card">
          <h2 className="card__title">
            <Link to={card.to}>{card.title}</Link>
          </h2>
          <p className="card__description">{card.description}</p>
        </li>
      ))}
    </ul>
  );
  return <ScreenLayout variant="cards-list" above={grid} {...props} />;
}
