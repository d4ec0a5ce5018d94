import { create } from 'zustand';
import type { AppConfig } from '../../../../shared/contract/config';
import { APP_VERSION } from '../../lib/device';

/** App config state of spec section 3: the server config plus version, downloadPage, showDownloadBanner. */
interface ConfigState {
  config: AppConfig | null;
  version: string;
  downloadPage: string;
  showDownloadBanner: boolean;
  /** The config request has answered (or failed): until then downloadPage is not known yet. */
  settled: boolean;
  setConfig(config: AppConfig): void;
  /** The config could not be loaded: the defaults stay. */
  settleWithoutConfig(): void;
  dismissDownloadBanner(): void;
}

export const useConfigStore = create<ConfigState>((set) => ({
  config: null,
  version: APP_VERSION,
  downloadPage: '',
  showDownloadBanner: true,
  settled: false,
  setConfig: (config) => set({ config, downloadPage: config.download_page, settled: true }),
  settleWithoutConfig: () => set({ settled: true }),
  dismissDownloadBanner: () => set({ showDownloadBanner: false }),
}));
