import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { MEMBER_PAGES, MemberCentre, type MemberPage } from './member-centre.tsx';

function menu(page: MemberPage, hidden: MemberPage[]): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemberCentre page={page} onSelect={() => undefined} hidden={hidden}>
        <p>page</p>
      </MemberCentre>
    </I18nextProvider>,
  );
}

describe('the member-centre menu', () => {
  it('leaves out "Transfer funds" on a single-wallet site', () => {
    const transfer = i18n.t('pages:member.pages.transferFund');
    expect(menu('securityCenter', [])).toContain(transfer);
    expect(menu('securityCenter', ['transferFund'])).not.toContain(transfer);
  });

  it('shows every page of the menu with its content, none of them "coming later"', () => {
    for (const page of MEMBER_PAGES) expect(menu(page, [])).toContain('<p>page</p>');
    expect(i18n.exists('pages:member.comingNote')).toBe(false);
  });

  it('still names the page a direct link opened, so its notice has a title', () => {
    expect(menu('transferFund', ['transferFund'])).toContain(i18n.t('pages:member.pages.transferFund'));
  });
});
