import { Tab, Tabs, type TabsProps } from '@mui/material';

/** One tab: its value, its label, a test id where a story clicks it, and whether this user sees it. */
export interface ScreenTab<K extends string> {
  value: K;
  label: string;
  testId?: string;
  shown?: boolean;
}

/**
 * The tabs across the top of a screen or a list: scrollable, with the scroll buttons kept on a phone
 * unless told otherwise; tabs with `shown: false` (not for this role) are left out.
 */
export function ScreenTabs<K extends string>({
  value,
  onChange,
  tabs,
  ...rest
}: {
  value: K;
  onChange: (value: K) => void;
  tabs: readonly ScreenTab<K>[];
} & Omit<TabsProps, 'value' | 'onChange' | 'children'>) {
  return (
    <Tabs value={value} onChange={(_, v: K) => onChange(v)} variant="scrollable" allowScrollButtonsMobile {...rest}>
      {tabs
        .filter((tab) => tab.shown !== false)
        .map((tab) => (
          <Tab
            key={tab.value}
            value={tab.value}
            label={tab.label}
            {...(tab.testId ? { 'data-testid': tab.testId } : {})}
          />
        ))}
    </Tabs>
  );
}
