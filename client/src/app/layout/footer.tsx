import { useTranslation } from 'react-i18next';
import { LazyImage } from '../../components/lazy-image';
import { useConfigStore } from '../../features/config/store';
import { getProviders } from '../../features/game/api/get-providers';
import { APP_VERSION } from '../../lib/device';
import { useRemote } from '../../lib/hooks';
import { useOverlayStore } from '../../lib/overlays';

/** Payment-gateway wordmarks drawn in the repo (text badges in each wallet's colour, not their logos). */
function WalletMark({ name, color }: { name: string; color: string }) {
  return (
    <span className="wallet-mark" style={{ borderColor: color, color }}>
      {name}
    </span>
  );
}

/** The footer of spec section 2: licence text, payment gateways and game providers, legal links. */
export function Footer() {
  const { t } = useTranslation();
  const licence = useConfigStore((s) => s.config?.brand.licenceText);
  const openDocument = useOverlayStore((s) => s.openDocument);
  const providers = useRemote(getProviders);
  return (
    <footer className="footer">
      <section aria-labelledby="footer-payments">
        <h2 className="footer__title" id="footer-payments">
          {t('footer.payments')}
        </h2>
        <div className="footer__marks">
          <WalletMark name="GCash" color="var(--gcash)" />
          <WalletMark name="PayMaya" color="var(--maya)" />
        </div>
      </section>
      {providers.status === 'success' && providers.data.length > 0 ? (
        <section aria-labelledby="footer-providers">
          <h2 className="footer__title" id="footer-providers">
            {t('footer.providers')}
          </h2>
          <ul className="footer__providers">
            {/* provider logos are 200x56: the size keeps their place before they load */}
            {providers.data.map((p) => (
              <li key={p.code}>
                {p.logoUrl ? <LazyImage src={p.logoUrl} alt={p.name} width={100} height={28} /> : p.name}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="footer__legal">
        <span className="footer__age" aria-hidden="true">
          21+
        </span>
        <span className="visually-hidden">{t('footer.ageLabel')}</span>
        <p>{licence || t('footer.licence')}</p>
      </div>
      <p className="footer__rules">{t('footer.responsible')}</p>
      <nav className="footer__links" aria-label={t('footer.legal')}>
        <button type="button" className="link" onClick={() => openDocument('privacyPolicy')}>
          {t('documents.privacyPolicy')}
        </button>
        <button type="button" className="link" onClick={() => openDocument('termsAndCondition')}>
          {t('documents.terms')}
        </button>
      </nav>
      <p className="footer__version">{t('menu.version', { version: APP_VERSION })}</p>
    </footer>
  );
}
