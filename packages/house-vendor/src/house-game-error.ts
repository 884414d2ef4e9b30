/**
 * Error codes of the house games. The server turns them into `{ success: false, code }` and the
 * web app localizes `errors.<code>`; `INVALID_GAME` is also the seamless-wallet status of the same name.
 */
export const HOUSE_GAME_ERROR_CODES = ['INVALID_BET', 'INVALID_GAME_PARAMS', 'INVALID_GAME', 'INVALID_SEED'] as const;
export type HouseGameErrorCode = (typeof HOUSE_GAME_ERROR_CODES)[number];

export class HouseGameError extends Error {
  readonly code: HouseGameErrorCode;

  constructor(code: HouseGameErrorCode, message: string) {
    super(message);
    this.name = 'HouseGameError';
    this.code = code;
  }
}
