import { useTranslation } from 'react-i18next';
import type { LetterType } from '../store';

/** All / System / Notices / Rewards, each with its unread count. */
export function TypeFilter({
  types,
  value,
  onChange,
}: {
  types: LetterType[];
  value: string | null;
  onChange(type: string | null): void;
}) {
  const { t } = useTranslation();
  const all = types.reduce((sum, type) => sum + type.unread, 0);
  const options = [{ type: null, name: t('letter.all'), unread: all }, ...types];
  return (
    <div className="scroll-x">
      <div className="segmented letter-filter" role="tablist" aria-label={t('letter.filter')}>
        {options.map((o) => (
          <button
            key={o.type ?? 'all'}
            type="button"
            role="tab"
            aria-selected={value === o.type}
            className={`segmented__item${value === o.type ? ' is-active' : ''}`}
            onClick={() => onChange(o.type)}
          >
            {o.name}
            {o.unread > 0 ? (
              <span className="badge letter-filter__count">
                <span aria-hidden="true">{o.unread > 99 ? '99+' : o.unread}</span>
                <span className="visually-hidden">{t('menu.unreadCount', { count: o.unread })}</span>
              </span>
            ) : null}
          </button>
        ))}
      </div>
    </div>
  );
}
