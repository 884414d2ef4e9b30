import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon.tsx';

/** Each tile's art is its subject alone (transparent, cropped to it); the tile's colours are CSS. */
const TILES = [
  { key: 'live', to: '/live', art: '/assets/tiles/live.svg', width: 324, height: 324 },
  { key: 'rng', to: '/rng', art: '/assets/tiles/rng.svg', width: 515, height: 337 },
  { key: 'sports', to: '/sports', art: '/assets/tiles/sports.svg', width: 275, height: 300 },
] as const;

/**
 * The three entrances of the home page (spec §2): live casino, slots, sports. The words and the art
 * are two columns of the tile, so the art can never lie under the words at any width or in any
 * language; the words sit on the tile's own dark colours, legible in both themes.
 */
export function EntranceTiles() {
  const { t } = useTranslation('home');
  return (
    <ul className="entrance-tiles" data-testid="entrance-tiles">
      {TILES.map((tile) => (
        <li key={tile.key}>
          <Link to={tile.to} className={`entrance-tile entrance-tile--${tile.key}`}>
            <span className="entrance-tile__text">
              <span className="entrance-tile__eyebrow">{t(`tiles.${tile.key}.eyebrow`)}</span>
              <span className="entrance-tile__title">{t(`tiles.${tile.key}.title`)}</span>
              <span className="entrance-tile__cta">
                {t('tiles.enter')} <Icon name="arrowRight" size={16} />
              </span>
            </span>
            <span className="entrance-tile__art" aria-hidden="true">
              <img src={tile.art} alt="" width={tile.width} height={tile.height} loading="lazy" />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
