import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AndroidBridge,
  bridgeKind,
  callNative,
  isAndroidChrome,
  isAppWrapper,
  isIos,
  NativeCall,
  openExternal,
  registerNative,
} from './bridge';
import { initDevice } from './device';

const cleanup = () => {
  delete window.WebViewJavascriptBridge;
  delete (window as { webkit?: unknown }).webkit;
};

describe('native bridge', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('finds none in a plain browser: a call logs an error and returns false', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(bridgeKind()).toBe('none');
    expect(isAppWrapper()).toBe(false);
    expect(callNative(NativeCall.exit)).toBe(false);
    expect(error).toHaveBeenCalledOnce();
    expect(initDevice().requestFrom).toBe('H5');
  });

  it('calls Android handlers through callHandler and registers page handlers', () => {
    const callHandler = vi.fn();
    const registerHandler = vi.fn();
    window.WebViewJavascriptBridge = { callHandler, registerHandler } satisfies AndroidBridge;
    expect(bridgeKind()).toBe('android');
    expect(isAppWrapper()).toBe(true);
    expect(callNative('exit', { code: 0 })).toBe(true);
    expect(callHandler).toHaveBeenCalledWith('exit', { code: 0 }, undefined);
    const handler = vi.fn();
    expect(registerNative('onResume', handler)).toBe(true);
    expect(registerHandler).toHaveBeenCalledWith('onResume', expect.any(Function));
    registerHandler.mock.calls[0]![1]('payload');
    expect(handler).toHaveBeenCalledWith('payload');
  });

  it('refuses an Android function the wrapper does not list, with an error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const callHandler = vi.fn();
    window.WebViewJavascriptBridge = { callHandler, registerHandler: vi.fn(), handlers: ['openBrowser'] };
    expect(callNative('exit')).toBe(false);
    expect(callHandler).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('[bridge] native function "exit" is missing');
    expect(callNative('openBrowser', { url: 'https://x.test' })).toBe(true);
  });

  it('posts to iOS message handlers; a missing one logs and returns false', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const postMessage = vi.fn();
    (window as { webkit?: unknown }).webkit = { messageHandlers: { exit: { postMessage } } };
    expect(bridgeKind()).toBe('ios');
    expect(callNative('exit')).toBe(true);
    expect(postMessage).toHaveBeenCalledWith(null);
    expect(callNative('openBrowser')).toBe(false);
    expect(error).toHaveBeenCalledOnce();
    expect(registerNative('x', () => {})).toBe(false);
  });

  it('says requestFrom APP_H5 inside the wrapper', () => {
    window.WebViewJavascriptBridge = { callHandler: vi.fn(), registerHandler: vi.fn() };
    expect(initDevice().requestFrom).toBe('APP_H5');
  });

  it('opens external links through the wrapper browser when it can, else a new tab', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    openExternal('https://a.test');
    expect(open).toHaveBeenCalledWith('https://a.test', '_blank', 'noopener,noreferrer');
    const callHandler = vi.fn();
    window.WebViewJavascriptBridge = { callHandler, registerHandler: vi.fn() };
    openExternal('https://b.test');
    expect(callHandler).toHaveBeenCalledWith('openBrowser', { url: 'https://b.test' }, undefined);
    expect(open).toHaveBeenCalledOnce();
  });

  it('tells platforms and Android Chrome apart by user agent', () => {
    const chrome =
      'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
    const samsung =
      'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0 Mobile Safari/537.36';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    expect(isAndroidChrome(chrome)).toBe(true);
    expect(isAndroidChrome(samsung)).toBe(false);
    expect(isIos(iphone)).toBe(true);
    expect(isIos(chrome)).toBe(false);
  });
});
