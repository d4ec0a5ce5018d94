import { isAppWrapper } from './bridge';
import { StorageItem, storage } from './storage';

/** The app version shown in the side menu and sent in the `version` header (spec section 9). */
export const APP_VERSION = '1.0.0';
/** The web build's own version code, sent as `versionCode` when not inside the wrapper. */
export const WEB_VERSION_CODE = 100;

export interface DeviceInfo {
  deviceId: string;
  version: string;
  /** The installed wrapper's versionCode inside the app, the web build's outside; null when the wrapper did not say. */
  versionCode: number | null;
  requestFrom: 'H5' | 'APP_H5';
}

const INSTALLED_KEY = 'casino_ph_installed_version_code';

function newId(): string {
  const cryptoObj = globalThis.crypto;
  if (cryptoObj && typeof cryptoObj.randomUUID === 'function') return cryptoObj.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The versionCode the native wrapper reports: `?versionCode=` on the URL it opens (kept for the tab's
 * life in session storage) or a `versionCode/NN` token in its user agent.
 */
export function installedVersionCode(win: Window = window): number | null {
  const fromQuery = new URLSearchParams(win.location.search).get('versionCode');
  if (fromQuery && /^\d+$/.test(fromQuery)) {
    try {
      win.sessionStorage.setItem(INSTALLED_KEY, fromQuery);
    } catch {
      // ignore
    }
    return Number(fromQuery);
  }
  try {
    const kept = win.sessionStorage.getItem(INSTALLED_KEY);
    if (kept && /^\d+$/.test(kept)) return Number(kept);
  } catch {
    // ignore
  }
  const match = /versionCode\/(\d+)/i.exec(win.navigator.userAgent);
  return match ? Number(match[1]) : null;
}

let device: DeviceInfo | null = null;

/** Start-up step "init device info": a stable device id, the version and where requests come from. */
export function initDevice(win: Window = window): DeviceInfo {
  let deviceId = storage.get<string>(StorageItem.deviceId);
  if (!deviceId) {
    deviceId = newId();
    storage.set(StorageItem.deviceId, deviceId, null);
  }
  const wrapper = isAppWrapper(win);
  device = {
    deviceId,
    version: APP_VERSION,
    versionCode: wrapper ? installedVersionCode(win) : WEB_VERSION_CODE,
    requestFrom: wrapper ? 'APP_H5' : 'H5',
  };
  return device;
}

export const getDevice = (): DeviceInfo => device ?? initDevice();
