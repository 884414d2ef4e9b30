/** One line of the bet slip: a bet type, a selection and its odds (basis points, stake included). */
export interface SlipLine {
  betType: string;
  selection: string;
  oddsBasisPoints: number;
}

export const lineKey = (l: { betType: string; selection: string }) => `${l.betType}|${l.selection}`;

/** Clicking a board cell adds it to the slip, or takes it out when it is there already. */
export function toggleLine(slip: SlipLine[], line: SlipLine, max = 40): SlipLine[] {
  const key = lineKey(line);
  if (slip.some((l) => lineKey(l) === key)) return slip.filter((l) => lineKey(l) !== key);
  return slip.length >= max ? slip : [...slip, line];
}

/** Each line is one ticket of unit × multiplier; the slip costs that times its lines. */
export function slipTotal(lines: number, unit: bigint, multiplier: number): bigint {
  return BigInt(lines) * unit * BigInt(multiplier);
}

/** What a line pays if it wins: stake × odds, floored as the vendor floors it. */
export const linePayout = (stake: bigint, oddsBasisPoints: number) => (stake * BigInt(oddsBasisPoints)) / 10_000n;

/** A quick pick: `count` different lines drawn from the board at random. */
export function quickPick(board: SlipLine[], count: number, random: () => number = Math.random): SlipLine[] {
  const pool = board.slice();
  const out: SlipLine[] = [];
  while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}

/** Whole seconds left until `target`, never below 0, on the vendor's clock (`offsetMs` = vendor − browser). */
export function secondsLeft(target: string, offsetMs: number, nowMs: number = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(target) - (nowMs + offsetMs)) / 1000));
}

export const formatCountdown = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
