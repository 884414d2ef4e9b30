import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon.tsx';

const TILES = [
  { key: 'live', to: '/live', art: '/assets/tiles/live.svg' },
  { key: 'rng', to: '/rng', art: '/assets/tiles/rng.svg' },
  { key: 'sports', to: '/sports', art: '/assets/tiles/sports.svg' },
] as const;

/** The three entrances of the home page (spec §2): live casino, slots, sports. */
export function EntranceTiles() {
  const { t } = useTranslation('home');
  return (
    <ul className="entrance-tiles" data-testid="entrance-tiles">
      {TILES.map((tile) => (
        <li key={tile.key}>
          <Link to={tile.to} className={`entrance-tile entrance-tile--${tile.key}`}>
            <img src={tile.art} alt="" width={400} height={220} loading="lazy" />
            <span className="entrance-tile__text">
              <span className="entrance-tile__eyebrow">{t(`tiles.${tile.key}.eyebrow`)}</span>
              <span className="entrance-tile__title">{t(`tiles.${tile.key}.title`)}</span>
              <span className="entrance-tile__cta">
                {t('tiles.enter')} <Icon name="arrowRight" size={16} />
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
