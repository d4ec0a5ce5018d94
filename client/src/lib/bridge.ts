/**
 * The native wrapper bridge (spec section 4): on Android a window bridge object with callHandler and
 * registerHandler, on iOS the webview's message handlers, otherwise none. A call to a function the
 * wrapper does not have logs an error and returns false (spec section 8).
 */
type Callback = (data: unknown) => void;

export interface AndroidBridge {
  callHandler(name: string, data?: unknown, callback?: Callback): void;
  registerHandler(name: string, handler: (data: unknown, respond?: Callback) => void): void;
  /** Handler names the wrapper implements; when present, calls outside it are refused. */
  handlers?: string[];
}

interface IosBridge {
  messageHandlers: Record<string, { postMessage(data: unknown): void } | undefined>;
}

declare global {
  interface Window {
    WebViewJavascriptBridge?: AndroidBridge;
    webkit?: IosBridge;
  }
}

export type BridgeKind = 'android' | 'ios' | 'none';

export function bridgeKind(win: Window = window): BridgeKind {
  const android = win.WebViewJavascriptBridge;
  if (android && typeof android.callHandler === 'function' && typeof android.registerHandler === 'function') {
    return 'android';
  }
  if (win.webkit?.messageHandlers && typeof win.webkit.messageHandlers === 'object') return 'ios';
  return 'none';
}

/** Inside the native wrapper (either platform): requests then say requestFrom APP_H5. */
export const isAppWrapper = (win: Window = window): boolean => bridgeKind(win) !== 'none';

/** Calls a native function; false (and an error in the log) when the wrapper does not have it. */
export function callNative(name: string, data?: unknown, callback?: Callback, win: Window = window): boolean {
  const kind = bridgeKind(win);
  if (kind === 'android') {
    const bridge = win.WebViewJavascriptBridge!;
    if (bridge.handlers && !bridge.handlers.includes(name)) {
      console.error(`[bridge] native function "${name}" is missing`);
      return false;
    }
    try {
      bridge.callHandler(name, data, callback);
      return true;
    } catch (error) {
      console.error(`[bridge] native function "${name}" failed`, error);
      return false;
    }
  }
  if (kind === 'ios') {
    const handler = win.webkit!.messageHandlers[name];
    if (!handler || typeof handler.postMessage !== 'function') {
      console.error(`[bridge] native function "${name}" is missing`);
      return false;
    }
    try {
      handler.postMessage(data ?? null);
      return true;
    } catch (error) {
      console.error(`[bridge] native function "${name}" failed`, error);
      return false;
    }
  }
  console.error(`[bridge] no native bridge: cannot call "${name}"`);
  return false;
}

/** Lets the wrapper call into the page (Android only; iOS wrappers evaluate script directly). */
export function registerNative(name: string, handler: (data: unknown) => void, win: Window = window): boolean {
  if (bridgeKind(win) !== 'android') return false;
  win.WebViewJavascriptBridge!.registerHandler(name, (data) => handler(data));
  return true;
}

/** The native functions the product calls. */
export const NativeCall = {
  exit: 'exit',
  openBrowser: 'openBrowser',
} as const;

/** Opens a URL outside the app: the wrapper's browser when it can, else a new tab. */
export function openExternal(url: string, win: Window = window): void {
  if (isAppWrapper(win) && callNative(NativeCall.openBrowser, { url }, undefined, win)) return;
  win.open(url, '_blank', 'noopener,noreferrer');
}

export const isIos = (ua = navigator.userAgent): boolean =>
  /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && typeof document !== 'undefined' && 'ontouchend' in document);
export const isAndroid = (ua = navigator.userAgent): boolean => /Android/i.test(ua);
/** Real Chrome on Android (not Samsung Internet, Opera, Edge, Firefox, in-app webviews...). */
export const isAndroidChrome = (ua = navigator.userAgent): boolean =>
  isAndroid(ua) &&
  /Chrome\/\d+/.test(ua) &&
  !/SamsungBrowser|OPR\/|Opera|EdgA|Edg\/|UCBrowser|MiuiBrowser|HeyTapBrowser|YaBrowser|FBAN|FBAV|Instagram|Line\/|; wv\)/.test(
    ua,
  );
