import type { GameCategory } from '@portal/contracts/limits.ts';
import type { IconName } from '../../components/ui/icon.tsx';

export const CATEGORY_ICON: Record<GameCategory, IconName> = {
  SPORTS: 'sports',
  ESPORTS: 'trophy',
  LOTT: 'lottery',
  ELOTT: 'lottery',
  LIVE: 'live',
  RNG: 'slots',
  PVP: 'poker',
  FISH: 'fish',
  MINI: 'star',
};

export const CATEGORY_TONE: Record<GameCategory, 'violet' | 'gold' | 'teal' | 'rose'> = {
  SPORTS: 'teal',
  ESPORTS: 'violet',
  LOTT: 'gold',
  ELOTT: 'gold',
  LIVE: 'rose',
  RNG: 'violet',
  PVP: 'teal',
  FISH: 'teal',
  MINI: 'gold',
};
