import { create } from 'zustand';
import type { Reward } from '../../../shared/contract/reward';

export type DocumentType = 'privacyPolicy' | 'termsAndCondition';

/** The popup flags of spec section 4 (plus the login dialog and the side menu); each closes on its own. */
interface OverlayState {
  showReward: boolean;
  rewards: Reward[];
  showInAppFrame: boolean;
  frameUrl: string;
  frameTitle: string;
  showGameFrame: boolean;
  gameFrameUrl: string;
  showAgeVerification: boolean;
  showDocument: boolean;
  documentType: DocumentType;
  showBindWallet: boolean;
  showFollow: boolean;
  showLogin: boolean;
  loginMessage: string;
  showSideMenu: boolean;

  openReward(rewards: Reward[]): void;
  closeReward(): void;
  openFrame(url: string, title: string): void;
  closeFrame(): void;
  openGameFrame(url: string): void;
  closeGameFrame(): void;
  openAgeVerification(): void;
  closeAgeVerification(): void;
  openDocument(type: DocumentType): void;
  closeDocument(): void;
  openBindWallet(): void;
  closeBindWallet(): void;
  openFollow(): void;
  closeFollow(): void;
  openLogin(message?: string): void;
  closeLogin(): void;
  setSideMenu(open: boolean): void;
  closeAll(): void;
}

const closed = {
  showReward: false,
  rewards: [] as Reward[],
  showInAppFrame: false,
  frameUrl: '',
  frameTitle: '',
  showGameFrame: false,
  gameFrameUrl: '',
  showAgeVerification: false,
  showDocument: false,
  documentType: 'privacyPolicy' as DocumentType,
  showBindWallet: false,
  showFollow: false,
  showLogin: false,
  loginMessage: '',
  showSideMenu: false,
};

export const useOverlayStore = create<OverlayState>((set) => ({
  ...closed,
  openReward: (rewards) => set({ showReward: true, rewards }),
  closeReward: () => set({ showReward: false }),
  openFrame: (frameUrl, frameTitle) => set({ showInAppFrame: true, frameUrl, frameTitle }),
  closeFrame: () => set({ showInAppFrame: false, frameUrl: '' }),
  openGameFrame: (gameFrameUrl) => set({ showGameFrame: true, gameFrameUrl, showSideMenu: false }),
  closeGameFrame: () => set({ showGameFrame: false, gameFrameUrl: '' }),
  openAgeVerification: () => set({ showAgeVerification: true }),
  closeAgeVerification: () => set({ showAgeVerification: false }),
  openDocument: (documentType) => set({ showDocument: true, documentType }),
  closeDocument: () => set({ showDocument: false }),
  openBindWallet: () => set({ showBindWallet: true }),
  closeBindWallet: () => set({ showBindWallet: false }),
  openFollow: () => set({ showFollow: true }),
  closeFollow: () => set({ showFollow: false }),
  openLogin: (loginMessage = '') => set({ showLogin: true, loginMessage, showSideMenu: false }),
  closeLogin: () => set({ showLogin: false }),
  setSideMenu: (showSideMenu) => set({ showSideMenu }),
  closeAll: () => set(closed),
}));

export const overlays = () => useOverlayStore.getState();
