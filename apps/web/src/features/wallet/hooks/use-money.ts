import { formatMinor, formatMoney } from '@portal/contracts/money.ts';
import { useBalance } from '../api/wallet-queries.ts';

/** The site's currency as the balance describes it: symbol, decimals and the spec's display (§9). */
export function useMoney() {
  const balance = useBalance();
  const decimals = balance.data?.decimals ?? 2;
  const symbol = balance.data?.currencySymbol ?? '';
  const currency = balance.data?.currency ?? null;
  return {
    balance,
    decimals,
    symbol,
    /** The amount alone ("12,345.67"), for a column whose currency is said once. */
    format: (minor: string) => formatMinor(minor, decimals),
    /** The amount with its currency ("₩12,345.67"), as every message shows it. */
    money: (minor: string) => formatMoney(minor, currency, decimals),
  };
}
