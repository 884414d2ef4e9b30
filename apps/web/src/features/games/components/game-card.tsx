import type { GameCard as Game } from '@portal/contracts/games/games.contract.ts';
import { useTranslation } from 'react-i18next';
import { useImageUrl } from '../../../lib/image-host.tsx';
import { useGamePlay } from '../hooks/game-play-context.ts';
import { cardButtons, rtpLabel } from '../lib/card-rules.ts';
import { GameIcon } from './game-icons.tsx';
import { LazyImage } from './lazy-image.tsx';

/**
 * One game (spec §2 widgets): its picture, the vendor's logo, play, free trial when supportPlay is 0,
 * the favourite heart, the RTP it declares and whether it is under maintenance or still to come.
 */
export function GameCard({
  game,
  size = 'md',
  headingLevel = 3,
  eagerPicture = false,
}: {
  game: Game;
  size?: 'md' | 'lg';
  headingLevel?: 3 | 4;
  /** Load the picture from the first render (the first pictures of a list), not when seen on screen. */
  eagerPicture?: boolean;
}) {
  const { t } = useTranslation('games');
  const imageUrl = useImageUrl();
  const { play, launching, isFavourite, toggleFavourite } = useGamePlay();
  const buttons = cardButtons(game);
  const rtp = rtpLabel(game.rtpBasisPoints);
  const favourite = isFavourite(game.nodeId);
  const busy = launching === game.nodeId;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const name = game.displayName || game.gameName;
  return (
    <article
      className={`game-card game-card--${size} game-card--${game.status.toLowerCase()}${busy ? ' game-card--busy' : ''}`}
      data-testid="game-card"
      data-game={game.gameCode}
      data-node={game.nodeId}
      aria-busy={busy || undefined}
    >
      <div className="game-card__media">
        <LazyImage
          src={game.showIcon ? imageUrl(game.iconUrl) : ''}
          alt=""
          width={300}
          height={400}
          className="game-card__image"
          eager={eagerPicture}
        />
        {rtp ? (
          <span className="game-card__rtp" title={t('card.rtpTitle')}>
            <span className="game-card__rtp-label">{t('card.rtpLabel')}</span> {rtp}
          </span>
        ) : null}
        <button
          type="button"
          className={favourite ? 'game-card__fav game-card__fav--on' : 'game-card__fav'}
          aria-pressed={favourite}
          aria-label={t('card.favourite', { name })}
          onClick={() => toggleFavourite(game)}
          data-testid="favourite-toggle"
        >
          <GameIcon name="heart" size={18} filled={favourite} />
        </button>
        {game.status !== 'LIVE' ? (
          <span className={`game-card__state game-card__state--${game.status.toLowerCase()}`}>
            <GameIcon name={game.status === 'MAINTENANCE' ? 'wrench' : 'history'} size={14} />
            {t(`card.status.${game.status}`)}
          </span>
        ) : null}
        <div className="game-card__overlay">
          <button
            type="button"
            className="game-card__play"
            onClick={() => play(game, 'REAL')}
            disabled={busy}
            aria-label={t('card.playName', { name })}
            data-testid="game-play"
          >
            <span className="game-card__play-disc" aria-hidden="true">
              {busy ? <span className="spinner" /> : <GameIcon name="play" size={22} />}
            </span>
            <span className="game-card__play-label">{busy ? t('card.opening') : t('card.play')}</span>
          </button>
          {buttons.trial ? (
            <button
              type="button"
              className="game-card__trial"
              onClick={() => play(game, 'DEMO')}
              disabled={busy}
              aria-label={t('card.trialName', { name })}
              data-testid="game-trial"
            >
              {t('card.trial')}
            </button>
          ) : null}
        </div>
      </div>
      <div className="game-card__info">
        <Heading className="game-card__name" title={name}>
          {name}
        </Heading>
        <p className="game-card__vendor">
          <img
            src={imageUrl(game.vendorLogoUrl)}
            alt=""
            width={60}
            height={20}
            loading="lazy"
            className="game-card__vendor-logo"
          />
          <span>{game.vendorName}</span>
        </p>
      </div>
    </article>
  );
}
