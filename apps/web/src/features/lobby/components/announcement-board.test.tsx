// @vitest-environment jsdom
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AnnouncementBoard } from './announcement-board.tsx';

afterEach(cleanup);

const notice = (id: number) => ({
  id,
  title: `Notice ${id}`,
  content: '',
  createdAt: '2026-11-01T00:00:00Z',
  popup: false,
});

describe('the announcement board', () => {
  it('shows odd notices in the first column and even ones in the second, like the winner board', () => {
    const { getByTestId } = render(
      <AnnouncementBoard notices={[1, 2, 3, 4, 5].map(notice) as never} loading={false} onOpen={() => {}} />,
    );
    const columns = getByTestId('announcement-board').querySelectorAll('.board__columns > *');
    expect(columns).toHaveLength(2);
    const titles = (i: number) => [
      ...new Set(
        within(columns[i] as HTMLElement)
          .getAllByText(/^Notice \d$/)
          .map((e) => e.textContent),
      ),
    ];
    expect(titles(0)).toEqual(['Notice 1', 'Notice 3', 'Notice 5']);
    expect(titles(1)).toEqual(['Notice 2', 'Notice 4']);
  });
});
