import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { IconButton } from './button';
import { IconBack, IconChevronRight } from './icons';

const TO_GAME_ON_BACK = ['/login', '/register'];

/**
 * Back button rule of spec section 2: on login or register it goes to game, elsewhere one page back
 * (or to game when there is no page to go back to, e.g. a link opened directly).
 */
export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <IconButton
      label={t('common.back')}
      className="page-bar__back"
      onClick={() => {
        const firstPage = (window.history.state as { idx?: number } | null)?.idx === 0;
        if (TO_GAME_ON_BACK.includes(location.pathname) || firstPage) navigate('/game', { replace: firstPage });
        else navigate(-1);
      }}
    >
      <IconBack size={22} />
    </IconButton>
  );
}

/** A sub-page: a bar with the back button and its title, then the content. */
export function Page({
  title,
  children,
  actions,
  back = true,
  className,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  back?: boolean;
  className?: string;
}) {
  return (
    <section className={['page', className].filter(Boolean).join(' ')}>
      <div className="page-bar">
        {back ? <BackButton /> : <span className="page-bar__spacer" />}
        <h1 className="page-bar__title">{title}</h1>
        <div className="page-bar__actions">{actions}</div>
      </div>
      <div className="page__content">{children}</div>
    </section>
  );
}

/** A titled card inside a page. */
export function Section({
  title,
  children,
  className,
}: {
  title?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <section className={['card', className].filter(Boolean).join(' ')} aria-labelledby={title ? titleId : undefined}>
      {title ? (
        <h2 className="card__title" id={titleId}>
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}

/** A whole-width link with an icon, a title and a line of text (e.g. FAQ and support pointing at each other). */
export function LinkCard({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Link to={to} className="link-card">
      <span className="link-card__icon">{icon}</span>
      <span className="link-card__text">
        <strong>{title}</strong>
        <span>{text}</span>
      </span>
      <IconChevronRight size={18} className="link-card__chevron" />
    </Link>
  );
}
