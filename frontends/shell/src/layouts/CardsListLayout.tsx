import { Link } from 'react-router-dom';
import type { CardsListLayoutProps } from '../remotes/contract.js';
import { ScreenHeading } from './ScreenHeading.js';

/** A grid of cards, each a link to a screen: home, the decisions and elections overviews. */
export function CardsListLayout({ title, intro, cards, children }: CardsListLayoutProps) {
  return (
    <div className="layout layout--cards-list">
      <ScreenHeading title={title} intro={intro} />
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
      {children ? <div className="layout__body">{children}</div> : null}
    </div>
  );
}
