import { create } from 'zustand';
import type { AppConfig } from '../../../../shared/contract/config';
import { APP_VERSION } from '../../lib/device';

/** App config state of spec section 3: the server config plus version, downloadPage, showDownloadBanner. */
interface ConfigState {
  config: AppConfig | null;
  version: string;
  downloadPage: string;
  showDownloadBanner: boolean;
  setConfig(config: AppConfig): void;
  dismissDownloadBanner(): void;
}

export const useConfigStore = create<ConfigState>((set) => ({
  config: null,
  version: APP_VERSION,
  downloadPage: '',
  showDownloadBanner: true,
  setConfig: (config) => set({ config, downloadPage: config.download_page }),
  dismissDownloadBanner: () => set({ showDownloadBanner: false }),
}));
