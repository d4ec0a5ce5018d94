import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './button';
import { IconBack, IconChevronDown, IconClose, IconFullscreen, IconWallet } from './icons';

/** Spec section 9: the frame header collapses 1,000 ms after it is shown. */
export const FRAME_HEADER_COLLAPSE_MS = 1000;

/**
 * What a game may do in its frame: run scripts and keep its own origin (a provider's wallet calls and
 * saved settings need it). No top navigation, popups, forms or downloads: a game cannot take the casino
 * page away. A provider on its own origin is also isolated by origin; the built-in demo provider shares
 * ours, so for it the sandbox is the limit on navigation, not on script access.
 */
export const GAME_FRAME_SANDBOX = 'allow-scripts allow-same-origin';
/** In-app pages (the payment checkout posts a form; support chat may open a link in a new tab). */
export const IN_APP_FRAME_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';

/** The header is shown first and collapses after 1 s; the handle toggles it. */
function useCollapsingHeader(active: boolean) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    if (!active) return;
    setOpen(true);
    const timer = setTimeout(() => setOpen(false), FRAME_HEADER_COLLAPSE_MS);
    return () => clearTimeout(timer);
  }, [active]);
  return [open, setOpen] as const;
}

function FrameHandle({ open, onToggle }: { open: boolean; onToggle(): void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`frame__handle${open ? ' is-open' : ''}`}
      aria-expanded={open}
      aria-label={open ? t('frame.hideHeader') : t('frame.showHeader')}
      onClick={onToggle}
    >
      <IconChevronDown size={18} />
    </button>
  );
}

/** An in-app page (chat, deposit checkout...) in an iframe with a title bar. */
export function InAppFrame({ url, title, onClose }: { url: string; title: string; onClose(): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useCollapsingHeader(Boolean(url));
  return (
    <div className="frame" role="dialog" aria-modal="true" aria-label={title}>
      <header className={`frame__head${open ? '' : ' is-collapsed'}`} aria-hidden={!open}>
        <IconButton label={t('common.close')} onClick={onClose} tabIndex={open ? 0 : -1}>
          <IconClose size={22} />
        </IconButton>
        <h2 className="frame__title">{title}</h2>
        <span className="frame__spacer" />
      </header>
      <FrameHandle open={open} onToggle={() => setOpen((o) => !o)} />
      <iframe
        className="frame__iframe"
        src={url}
        title={title}
        allow="clipboard-write"
        sandbox={IN_APP_FRAME_SANDBOX}
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}

/**
 * The game frame: back arrow (close), Deposit (close and go to recharge) and full screen (hides the
 * header, using the Fullscreen API where the browser has it).
 */
export function GameFrame({ url, onClose, onDeposit }: { url: string; onClose(): void; onDeposit(): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useCollapsingHeader(Boolean(url));
  const [fullScreen, setFullScreen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement) setFullScreen(false);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const enterFullScreen = () => {
    setFullScreen(true);
    setOpen(false);
    const node = root.current;
    if (node && typeof node.requestFullscreen === 'function') node.requestFullscreen().catch(() => {});
  };
  const exitFullScreen = () => {
    setFullScreen(false);
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
  };

  return (
    <div
      ref={root}
      className={`frame frame--game${fullScreen ? ' is-fullscreen' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-label={t('frame.game')}
    >
      <header className={`frame__head${open && !fullScreen ? '' : ' is-collapsed'}`} aria-hidden={!open || fullScreen}>
        <IconButton label={t('common.back')} onClick={onClose} tabIndex={open ? 0 : -1}>
          <IconBack size={22} />
        </IconButton>
        <span className="frame__spacer" />
        <button type="button" className="btn btn--accent btn--sm" onClick={onDeposit} tabIndex={open ? 0 : -1}>
          <IconWallet size={16} /> <span className="btn__label">{t('frame.deposit')}</span>
        </button>
        <IconButton label={t('frame.fullScreen')} onClick={enterFullScreen} tabIndex={open ? 0 : -1}>
          <IconFullscreen size={22} />
        </IconButton>
      </header>
      {fullScreen ? (
        <button
          type="button"
          className="frame__handle frame__handle--ghost"
          aria-label={t('frame.exitFullScreen')}
          onClick={exitFullScreen}
        >
          <IconChevronDown size={18} />
        </button>
      ) : (
        <FrameHandle open={open} onToggle={() => setOpen((o) => !o)} />
      )}
      <iframe
        className="frame__iframe"
        src={url}
        title={t('frame.game')}
        allow="autoplay; fullscreen"
        allowFullScreen
        sandbox={GAME_FRAME_SANDBOX}
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
