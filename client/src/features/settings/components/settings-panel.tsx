import { useTranslation } from 'react-i18next';
import { FieldRow, Segmented, Switch } from '../../../components/fields';
import { IconGlobe, IconMoon, IconMusic, IconSound, IconSun } from '../../../components/icons';
import { currentLanguage, type Language, setLanguage } from '../../../lib/i18n';
import { type Theme, useSettingsStore } from '../store';

/** Settings (spec section 2): sound, music, light or dark theme, and the interface language. */
export function SettingsPanel() {
  const { t, i18n } = useTranslation();
  const { theme, isSound, isMusic, setTheme, setSound, setMusic } = useSettingsStore();
  const language = (i18n.language as Language) ?? currentLanguage();
  return (
    <div className="settings">
      <div className="list-group">
        <Switch label={t('settings.sound')} icon={<IconSound size={20} />} checked={isSound} onChange={setSound} />
        <Switch label={t('settings.music')} icon={<IconMusic size={20} />} checked={isMusic} onChange={setMusic} />
      </div>
      <FieldRow label={t('settings.theme')}>
        <Segmented<Theme>
          label={t('settings.theme')}
          value={theme}
          onChange={setTheme}
          options={[
            {
              value: 'light',
              label: (
                <>
                  <IconSun size={18} /> {t('settings.light')}
                </>
              ),
            },
            {
              value: 'dark',
              label: (
                <>
                  <IconMoon size={18} /> {t('settings.dark')}
                </>
              ),
            },
          ]}
        />
      </FieldRow>
      <FieldRow
        label={
          <>
            <IconGlobe size={16} /> {t('settings.language')}
          </>
        }
      >
        <Segmented<Language>
          label={t('settings.language')}
          value={language}
          onChange={(next) => void setLanguage(next)}
          options={[
            { value: 'en-US', label: <span lang="en">English</span> },
            { value: 'vi-VN', label: <span lang="vi">Tiếng Việt</span> },
          ]}
        />
      </FieldRow>
    </div>
  );
}
