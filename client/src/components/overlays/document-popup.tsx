import { useTranslation } from 'react-i18next';
import type { DocumentType } from '../../lib/overlays';
import { Modal } from '../dialog';
import { Markdown } from '../markdown';
import { EmptyState } from '../states';

/** The privacy policy or the terms of use, markdown from /api/config/fetch rendered safely. */
export function DocumentPopup({
  open,
  type,
  text,
  onClose,
}: {
  open: boolean;
  type: DocumentType;
  text: string | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      variant="full"
      title={type === 'privacyPolicy' ? t('documents.privacyPolicy') : t('documents.terms')}
      className="document-popup"
    >
      {text ? (
        <Markdown source={text} />
      ) : (
        <EmptyState title={t('documents.unavailable')} text={t('documents.unavailableText')} />
      )}
    </Modal>
  );
}
