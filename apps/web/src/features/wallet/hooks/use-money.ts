import { useBalance } from '../api/wallet-queries.ts';
import { formatMinor } from '../format-money.ts';

/** The site's currency as the balance describes it: symbol, decimals and the spec's display (§9). */
export function useMoney() {
  const balance = useBalance();
  const decimals = balance.data?.decimals ?? 2;
  const symbol = balance.data?.currencySymbol ?? '';
  return {
    balance,
    decimals,
    symbol,
    format: (minor: string) => formatMinor(minor, decimals),
  };
}
