import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/button';
import { IconChrome, IconClose, IconDownload } from '../../components/icons';
import { DefaultLogoMark } from '../../components/logo';
import { useConfigStore } from '../../features/config/store';
import { isAndroid, isAndroidChrome, isAppWrapper, isIos } from '../../lib/bridge';

/** Whether the download-app banner may show: never inside the wrapper or on iOS (spec section 2). */
export const canShowDownloadBanner = (ua: string, inWrapper: boolean): boolean => !inWrapper && !isIos(ua);
/** Whether the "use Chrome" tip shows: Android browsers that are not Chrome, outside the wrapper. */
export const canShowChromeTip = (ua: string, inWrapper: boolean): boolean =>
  !inWrapper && isAndroid(ua) && !isAndroidChrome(ua);

export function TopBanners() {
  const { t } = useTranslation();
  const ua = navigator.userAgent;
  const inWrapper = isAppWrapper();
  const downloadPage = useConfigStore((s) => s.downloadPage);
  const show = useConfigStore((s) => s.showDownloadBanner);
  const dismiss = useConfigStore((s) => s.dismissDownloadBanner);
  const settled = useConfigStore((s) => s.settled);
  const [chromeTip, setChromeTip] = useState(() => canShowChromeTip(ua, inWrapper));
  // Shown from the first paint, its link live once the config gives the page: appearing later would
  // push the whole page down. It goes away only when the config has no download page.
  const download = show && (Boolean(downloadPage) || !settled) && canShowDownloadBanner(ua, inWrapper);
  if (!download && !chromeTip) return null;
  return (
    <div className="top-banners">
      {chromeTip ? (
        <div className="tip" role="note">
          <IconChrome size={18} />
          <span>{t('banners.chrome')}</span>
          <IconButton label={t('common.close')} className="tip__close" onClick={() => setChromeTip(false)}>
            <IconClose size={16} />
          </IconButton>
        </div>
      ) : null}
      {download ? (
        <div className="download-banner">
          <DefaultLogoMark size={32} />
          <div className="download-banner__text">
            <strong>{t('banners.downloadTitle')}</strong>
            <span>{t('banners.downloadText')}</span>
          </div>
          <a
            className="btn btn--accent btn--sm"
            href={downloadPage || undefined}
            aria-disabled={downloadPage ? undefined : true}
            target="_blank"
            rel="noopener noreferrer"
          >
            <IconDownload size={16} /> <span className="btn__label">{t('banners.download')}</span>
          </a>
          <IconButton label={t('common.close')} onClick={dismiss}>
            <IconClose size={18} />
          </IconButton>
        </div>
      ) : null}
    </div>
  );
}
