import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { IconChat, IconFacebook, IconSend } from '../../components/icons';
import { Page, Section } from '../../components/page';
import { EmptyState, SkeletonList } from '../../components/states';
import { useConfigStore } from '../../features/config/store';
import { useIsLoggedIn } from '../../features/user/store';
import { openExternal } from '../../lib/bridge';
import { useOverlayStore } from '../../lib/overlays';

/** A contact worth a button: set, and not a link back to this very screen. */
const isUsable = (url: string) => Boolean(url) && url.replace(/\/+$/, '') !== '/livechat';

/** Live chat and support: the contacts of /api/config/fetch; the online channel opens in the in-app frame. */
export default function LivechatPage() {
  const { t } = useTranslation();
  const config = useConfigStore((s) => s.config);
  const openFrame = useOverlayStore((s) => s.openFrame);
  const openFollow = useOverlayStore((s) => s.openFollow);
  const loggedIn = useIsLoggedIn();
  if (!config) {
    return (
      <Page title={t('titles.livechat')}>
        <SkeletonList rows={3} />
      </Page>
    );
  }
  const service = [
    { url: config.cs_online, label: t('support.online'), icon: <IconChat size={22} />, frame: true },
    { url: config.cs_telegram, label: t('support.telegram'), icon: <IconSend size={22} /> },
    { url: config.cs_facebook, label: t('support.facebook'), icon: <IconFacebook size={22} /> },
  ].filter((c) => isUsable(c.url));
  const community = [
    { url: config.ps_online, label: t('support.online'), icon: <IconChat size={22} /> },
    { url: config.ps_telegram, label: t('support.telegram'), icon: <IconSend size={22} /> },
    { url: config.ps_facebook, label: t('support.facebook'), icon: <IconFacebook size={22} /> },
  ].filter((c) => isUsable(c.url));
  const open = (url: string, frame?: boolean) => (frame ? openFrame(url, t('support.online')) : openExternal(url));
  return (
    <Page title={t('titles.livechat')}>
      <Section title={t('support.customerService')}>
        <p className="form__note">{t('support.intro')}</p>
        {service.length ? (
          <div className="contact-list">
            {service.map((c) => (
              <Button
                key={c.label}
                variant={c.frame ? 'primary' : 'secondary'}
                block
                onClick={() => open(c.url, c.frame)}
              >
                {c.icon} {c.label}
              </Button>
            ))}
          </div>
        ) : (
          <EmptyState title={t('support.none')} />
        )}
      </Section>
      {community.length ? (
        <Section title={t('support.community')}>
          <div className="contact-list">
            {community.map((c) => (
              <Button key={c.label} variant="outline" block onClick={() => open(c.url)}>
                {c.icon} {c.label}
              </Button>
            ))}
          </div>
          {loggedIn ? (
            <Button variant="ghost" block onClick={openFollow}>
              {t('follow.title')}
            </Button>
          ) : null}
        </Section>
      ) : null}
    </Page>
  );
}
