import * as house from '@portal/contracts/house/house-vendor.contract.ts';
import type { RouteValue } from '@portal/contracts/http.ts';
import { call } from '../../../lib/api-client.ts';

/**
 * The house vendor's own API. It knows the player only by the vendor session, so the portal's
 * bearer token is never sent to it.
 */
export type OpenedSession = RouteValue<typeof house.houseOpenSession>;
export type PlayAnswer = RouteValue<typeof house.housePlay>;
export type MinesPickAnswer = RouteValue<typeof house.houseMinesPick>;
export type RotateAnswer = RouteValue<typeof house.houseRotateSeed>;
export type { FairnessState, HouseRound } from '@portal/contracts/house/house-vendor.contract.ts';

export const houseApi = {
  open: (launchToken: string) => call(house.houseOpenSession, { body: { launchToken }, session: false }),
  balance: (session: string) => call(house.houseBalance, { query: { session }, session: false }),
  play: (session: string, requestId: string, params: Record<string, unknown>) =>
    call(house.housePlay, { body: { session, requestId, params }, session: false }),
  minesStart: (session: string, requestId: string, bet: string, mines: number) =>
    call(house.houseMinesStart, { body: { session, requestId, bet, mines }, session: false }),
  minesPick: (session: string, roundId: string, tile: number) =>
    call(house.houseMinesPick, { body: { session, roundId, tile }, session: false }),
  minesCashout: (session: string, roundId: string) =>
    call(house.houseMinesCashout, { body: { session, roundId }, session: false }),
  fairness: (session: string) => call(house.houseFairness, { query: { session }, session: false }),
  rotate: (session: string, clientSeed: string) =>
    call(house.houseRotateSeed, { body: { session, clientSeed }, session: false }),
  rounds: (session: string, limit = 20) => call(house.houseRounds, { query: { session, limit }, session: false }),
};
