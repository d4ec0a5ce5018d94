import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AppConfig } from '../../../../shared/contract/config';
import { Button } from '../../components/button';
import { IconChat, IconChevronRight, IconFacebook, IconHelp, IconSend } from '../../components/icons';
import { LinkCard, Page, Section } from '../../components/page';
import { EmptyState, RemoteView, SkeletonList } from '../../components/states';
import { fetchConfig } from '../../features/config/api/fetch-config';
import { useConfigStore } from '../../features/config/store';
import { useIsLoggedIn } from '../../features/user/store';
import { openExternal } from '../../lib/bridge';
import { useRemote } from '../../lib/hooks';
import { useOverlayStore } from '../../lib/overlays';
import { ChatPanel } from './chat-panel';

/** A contact worth a row: set, and not a link back to this very screen. */
export const isUsableContact = (url: string | undefined): url is string =>
  Boolean(url) && url?.trim().replace(/\/+$/, '') !== '/livechat';

/** "https://t.me/casinoph_support" -> "t.me/casinoph_support": what the row shows under its name. */
export const contactAddress = (url: string): string => url.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '');

interface Contact {
  key: string;
  url: string | undefined;
  label: string;
  icon: ReactNode;
  /** Online channels open in the in-app frame; the others in the browser (or the wrapper's). */
  inFrame?: boolean;
}

function ContactList({ contacts, onOpen }: { contacts: Contact[]; onOpen(contact: Contact & { url: string }): void }) {
  const { t } = useTranslation();
  const usable = contacts.filter((c): c is Contact & { url: string } => isUsableContact(c.url));
  if (!usable.length) return <EmptyState title={t('support.none')} />;
  return (
    <ul className="menu-list contact-list">
      {usable.map((c) => (
        <li key={c.key}>
          <button
            type="button"
            className={`menu-item contact${c.inFrame ? ' contact--primary' : ''}`}
            onClick={() => onOpen(c)}
          >
            <span className="menu-item__icon">{c.icon}</span>
            <span className="menu-item__label contact__text">
              <span>{c.label}</span>
              <span className="contact__address">{c.inFrame ? t('support.onlineText') : contactAddress(c.url)}</span>
            </span>
            <IconChevronRight size={18} className="menu-item__chevron" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Live chat and support: the contacts of /api/config/fetch. The online channels open in the in-app frame
 * (its header shows, then folds after 1 s); Telegram and Facebook open outside. The FAQ comes first.
 */
export default function LivechatPage() {
  const { t } = useTranslation();
  const stored = useConfigStore((s) => s.config);
  const setConfig = useConfigStore((s) => s.setConfig);
  // the start-up fetch may have failed (or still run): this screen needs the contacts, so it asks itself
  const config = useRemote(async () => {
    if (stored) return stored;
    const fresh = await fetchConfig();
    setConfig(fresh);
    return fresh;
  });
  const openFrame = useOverlayStore((s) => s.openFrame);
  const openFollow = useOverlayStore((s) => s.openFollow);
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  /** The three channels of one group: cs_* (customer service) or ps_* (the players' community). */
  const contactsOf = (group: 'cs' | 'ps', config: AppConfig): Contact[] => [
    {
      key: `${group}_online`,
      url: config[`${group}_online`],
      label: t('support.online'),
      icon: <IconChat size={22} />,
      inFrame: true,
    },
    {
      key: `${group}_telegram`,
      url: config[`${group}_telegram`],
      label: t('support.telegram'),
      icon: <IconSend size={22} />,
    },
    {
      key: `${group}_facebook`,
      url: config[`${group}_facebook`],
      label: t('support.facebook'),
      icon: <IconFacebook size={22} />,
    },
  ];
  const open = (contact: Contact & { url: string }) =>
    contact.inFrame ? openFrame(contact.url, contact.label) : openExternal(contact.url);

  return (
    <Page title={t('titles.livechat')} className="support">
      <LinkCard to="/faq" icon={<IconHelp size={22} />} title={t('support.faq')} text={t('support.faqText')} />
      <RemoteView state={config} skeleton={<SkeletonList rows={3} />}>
        {(config) => (
          <>
            <Section title={t('support.customerService')}>
              <p className="form__note">{t('support.intro')}</p>
              {/* cs_online pointing here (or empty) means the in-app chat; an outside provider opens in the frame */}
              {!isUsableContact(config.cs_online) && loggedIn ? <ChatPanel /> : null}
              {!isUsableContact(config.cs_online) && !loggedIn ? (
                <div className="chat">
                  <p className="chat__hint">{t('chat.loginHint')}</p>
                  <Button block onClick={() => navigate('/login')}>
                    {t('chat.login')}
                  </Button>
                </div>
              ) : null}
              <ContactList onOpen={open} contacts={contactsOf('cs', config)} />
            </Section>
            <Section title={t('support.community')}>
              <p className="form__note">{t('support.communityIntro')}</p>
              <ContactList onOpen={open} contacts={contactsOf('ps', config)} />
              {loggedIn ? (
                <Button variant="ghost" block onClick={openFollow}>
                  {t('follow.title')}
                </Button>
              ) : null}
            </Section>
          </>
        )}
      </RemoteView>
    </Page>
  );
}
