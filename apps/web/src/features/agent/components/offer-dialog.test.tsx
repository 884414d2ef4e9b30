// @vitest-environment jsdom
import type { ContractTier } from '@portal/contracts/agent/contracts.contract.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, showLanguage } from '../../../lib/i18n.ts';
import { OfferDialog } from './offer-dialog.tsx';

beforeAll(() => showLanguage('en'));
afterEach(cleanup);

/** The dialog as the "contracts I gave" page opens it; `sent` records what would go to the server. */
function open(maxRate: string | null, from?: { tiers: ContractTier[]; period: 'DAILY' }) {
  const sent: unknown[] = [];
  let closed = false;
  render(
    <I18nextProvider i18n={i18n}>
      <OfferDialog
        kind="DAILY_SALARY"
        account="sub01"
        maxRate={maxRate}
        from={from}
        submit={{ run: async (terms) => void sent.push(terms), isPending: false, error: null }}
        onClose={() => (closed = true)}
      />
    </I18nextProvider>,
  );
  const form = screen.getByTestId('offer-form');
  const field = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
  return { form, sent, closed: () => closed, type, field };
}

const errorsOf = (form: HTMLElement) =>
  within(form)
    .queryAllByRole('alert')
    .map((e) => e.textContent);

describe('the tier editor of an offer', () => {
  it('shows each refused field under it and sends nothing: falling threshold, rate above my own, too many decimals', async () => {
    const { form, sent, type } = open('0.01');
    type('tier-0-threshold', '1000');
    type('tier-0-rate', '0.5');
    fireEvent.click(within(form).getByTestId('add-tier'));
    type('tier-1-threshold', '500');
    type('tier-1-rate', '1.5');
    fireEvent.click(within(form).getByTestId('add-tier'));
    type('tier-2-threshold', '2000');
    type('tier-2-rate', '0.12345');
    fireEvent.submit(form);
    await waitFor(() =>
      expect(errorsOf(form)).toEqual([
        'Must be higher than the tier before.',
        'May not be above 1%.',
        'Too many decimals (an amount takes 2, a rate 4).',
      ]),
    );
    expect(sent).toEqual([]);
  });

  it('sends the tiers as minor units and exact rate fractions once they rise and stay within my rate', async () => {
    const { form, sent, type, closed } = open('0.015');
    type('tier-0-threshold', '0');
    type('tier-0-rate', '0.3');
    fireEvent.click(within(form).getByTestId('add-tier'));
    type('tier-1-threshold', '10,000.5');
    type('tier-1-members', '5');
    type('tier-1-rate', '1.5');
    fireEvent.submit(form);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      kind: 'DAILY_SALARY',
      tiers: [
        { minValidBet: '0', minActiveMembers: 0, rate: '0.003' },
        { minValidBet: '1000050', minActiveMembers: 5, rate: '0.015' },
      ],
    });
    expect(closed()).toBe(true);
  });

  it('starts an edit from the contract’s own tiers, and a tier removed is not sent', async () => {
    const { form, sent, field } = open('0.02', {
      period: 'DAILY',
      tiers: [
        { minValidBet: '0', minActiveMembers: 0, rate: '0.005' },
        { minValidBet: '500000', minActiveMembers: 3, rate: '0.01' },
      ],
    });
    expect(field('tier-1-threshold').value).toBe('5000');
    expect(field('tier-1-rate').value).toBe('1');
    fireEvent.click(within(form).getByRole('button', { name: 'Remove tier 2' }));
    fireEvent.submit(form);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      kind: 'DAILY_SALARY',
      tiers: [{ minValidBet: '0', minActiveMembers: 0, rate: '0.005' }],
    });
  });
});
