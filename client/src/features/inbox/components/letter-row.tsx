import { useTranslation } from 'react-i18next';
import { IconChevronRight, IconGift, IconMail } from '../../../components/icons';
import { formatDateTime } from '../../../lib/format';
import type { Letter } from '../store';

/** One letter in the list: unread dot and weight, date, a gift mark while its reward waits. */
export function LetterRow({ letter, onOpen }: { letter: Letter; onOpen(): void }) {
  const { t } = useTranslation();
  const rewardWaiting = letter.rewards.length > 0 && !letter.claimed;
  return (
    <li className={`row letter-row${letter.read ? '' : ' row--unread'}`}>
      <button type="button" className="letter-row__button" onClick={onOpen} data-testid={`letter-${letter.id}`}>
        <span className={`letter-row__icon letter-row__icon--${letter.type}`} aria-hidden="true">
          {letter.rewards.length > 0 ? <IconGift size={20} /> : <IconMail size={20} />}
        </span>
        <span className="row__main">
          <span className="row__title">
            {letter.read ? null : <span className="dot dot--inline" aria-hidden="true" />}
            {letter.title}
            {letter.read ? null : <span className="visually-hidden"> ({t('inbox.unread')})</span>}
          </span>
          <span className="row__meta">
            {formatDateTime(letter.createdAt)}
            {rewardWaiting ? <span className="letter-row__tag">{t('letter.rewardWaiting')}</span> : null}
          </span>
        </span>
        <IconChevronRight size={18} />
      </button>
    </li>
  );
}
