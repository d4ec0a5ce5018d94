import { useCallback, useEffect, useRef, useState } from 'react';
import { useOverlayStore } from '../../lib/overlays';
import { useDepositStore } from './store';

/** What the sandbox checkout page tells the app (its parent frame) with postMessage. */
interface CheckoutMessage {
  type: 'sandbox-payment';
  orderNo: string;
  status: 'paid' | 'failed' | 'cancelled' | 'closed';
  close?: boolean;
}

const isCheckoutMessage = (data: unknown): data is CheckoutMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as CheckoutMessage).type === 'sandbox-payment' &&
  typeof (data as CheckoutMessage).orderNo === 'string';

export interface Checkout {
  orderNo: string;
  payUrl: string;
  title: string;
  amount: number;
}

/** paid; closed before the checkout answered (the order is still payable); failed (declined, cancelled, closed). */
export type CheckoutOutcome = 'paid' | 'closed' | 'failed';

/**
 * The e-wallet checkout in the in-app frame. Opens it, listens to the checkout page (same origin) and the
 * socket (`deposit.settled`), closes the frame when the page says "return to merchant", and reports how
 * it ended when the frame closes: paid, or not (closed before paying, declined, cancelled), which asks the
 * deposit-problem question of spec section 8.
 */
export function useCheckout(onEnd: (checkout: Checkout, outcome: CheckoutOutcome) => void) {
  const [current, setCurrent] = useState<Checkout | null>(null);
  const pageSaid = useRef<CheckoutMessage['status'] | null>(null);
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;
  const settled = useDepositStore((s) => (current ? s.settled[current.orderNo] : undefined));
  const frameOpen = useOverlayStore((s) => s.showInAppFrame);
  const wasOpen = useRef(false);

  const open = useCallback((checkout: Checkout) => {
    pageSaid.current = null;
    useDepositStore.getState().startCheckout(checkout.orderNo);
    setCurrent(checkout);
    useOverlayStore.getState().openFrame(checkout.payUrl, checkout.title);
  }, []);

  useEffect(() => {
    if (!current) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isCheckoutMessage(event.data)) return;
      if (event.data.orderNo !== current.orderNo) return;
      pageSaid.current = event.data.status;
      if (event.data.close) useOverlayStore.getState().closeFrame();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [current]);

  useEffect(() => {
    if (frameOpen) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current || !current) return;
    wasOpen.current = false;
    const said = pageSaid.current;
    const settled = useDepositStore.getState().settled[current.orderNo];
    const outcome: CheckoutOutcome =
      said === 'paid' || settled === 1 ? 'paid' : said === null && settled === undefined ? 'closed' : 'failed';
    useDepositStore.getState().endCheckout();
    setCurrent(null);
    onEndRef.current(current, outcome);
  }, [frameOpen, current]);

  // leaving the page closes a checkout it opened
  const currentRef = useRef(current);
  currentRef.current = current;
  useEffect(
    () => () => {
      if (currentRef.current) useOverlayStore.getState().closeFrame();
    },
    [],
  );

  /** The socket said this checkout's order is paid (1 Success). */
  return { open, current, paidNow: settled === 1 };
}
