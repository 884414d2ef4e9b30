import { useOutletContext } from 'react-router';

export interface LayoutContext {
  openNotices: (id?: number) => void;
  openCustomerService: (() => void) | undefined;
}

export function useLayout(): LayoutContext {
  return useOutletContext<LayoutContext>();
}
