import { HouseGameError } from '../house-game-error.ts';

/**
 * Params reach the engines from the server's schema-checked input and from the browser's verify
 * view, which replays whatever JSON a round recorded; so each engine re-checks the shape it needs.
 */
export function paramsObject(params: unknown, game: string): Record<string, unknown> {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new HouseGameError('INVALID_GAME_PARAMS', `${game}: params must be an object`);
  }
  return params as Record<string, unknown>;
}

export function integerParam(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new HouseGameError('INVALID_GAME_PARAMS', `${name} must be an integer from ${min} to ${max}`);
  }
  return value;
}
