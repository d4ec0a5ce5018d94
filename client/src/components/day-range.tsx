import { useTranslation } from 'react-i18next';
import { manilaDay } from '../../../shared/time';
import { ChipFilter } from './chip-filter';

export const DAY_RANGES = ['all', 'today', 'yesterday', 'week', 'month'] as const;
export type DayRange = (typeof DAY_RANGES)[number];

const DAY_MS = 86_400_000;

/** The from/to Manila days (YYYY-MM-DD, inclusive) of a preset, for the record lists' date filter. */
export function dayRangeQuery(range: DayRange, now: Date = new Date()): { from?: string; to?: string } {
  const today = manilaDay(now);
  const daysAgo = (n: number) => manilaDay(new Date(now.getTime() - n * DAY_MS));
  switch (range) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: daysAgo(1), to: daysAgo(1) };
    case 'week':
      return { from: daysAgo(6), to: today };
    case 'month':
      return { from: daysAgo(29), to: today };
    default:
      return {};
  }
}

/** Date presets as chips (a phone-friendly date filter): all, today, yesterday, 7 days, 30 days. */
export function DayRangeChips({ value, onChange }: { value: DayRange; onChange(range: DayRange): void }) {
  const { t } = useTranslation();
  return (
    <ChipFilter<DayRange>
      label={t('filters.date')}
      value={value}
      onChange={onChange}
      scroll
      options={DAY_RANGES.map((range) => ({ value: range, label: t(`filters.range.${range}`) }))}
    />
  );
}
