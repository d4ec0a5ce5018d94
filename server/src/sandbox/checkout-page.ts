import { formatCentavos } from '../../../shared/money';

/** The look of each e-wallet's checkout; the sandbox imitates them closely enough to feel real. */
const BRANDS = {
  gcash: { name: 'GCash', primary: '#007dfe', dark: '#0057b8', surface: '#eaf3ff', pinLabel: 'MPIN' },
  maya: { name: 'Maya', primary: '#00b464', dark: '#0b1f17', surface: '#e8f8f0', pinLabel: 'Password / MPIN' },
} as const;

export type WalletBrand = keyof typeof BRANDS;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(brand: WalletBrand, title: string, body: string): string {
  const b = BRANDS[brand];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${escapeHtml(title)} · ${b.name} (sandbox)</title>
<style>
  :root { --primary: ${b.primary}; --dark: ${b.dark}; --surface: ${b.surface}; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--surface); color: #0f172a; }
  header { background: var(--primary); color: #fff; padding: 18px 20px 56px; }
  header .brand { display: flex; align-items: center; gap: 10px; font-weight: 800; font-size: 22px; letter-spacing: .3px; }
  header .brand .logo { width: 34px; height: 34px; border-radius: 10px; background: #fff; color: var(--primary); display: grid; place-items: center; font-weight: 900; }
  header .sandbox { margin-top: 6px; font-size: 12px; opacity: .85; }
  main { max-width: 420px; margin: -40px auto 24px; padding: 0 16px; }
  .card { background: #fff; border-radius: 16px; padding: 20px; box-shadow: 0 6px 24px rgba(15, 23, 42, .08); }
  .merchant { font-size: 14px; color: #475569; }
  .amount { font-size: 34px; font-weight: 800; margin: 6px 0 2px; color: var(--dark); }
  .order { font-size: 12px; color: #64748b; word-break: break-all; }
  label { display: block; font-size: 13px; font-weight: 600; margin: 18px 0 6px; color: #334155; }
  .field { display: flex; align-items: center; border: 1.5px solid #cbd5e1; border-radius: 12px; overflow: hidden; }
  .field:focus-within { border-color: var(--primary); }
  .field span { padding: 0 12px; color: #475569; font-weight: 600; border-right: 1px solid #e2e8f0; }
  input { flex: 1; border: 0; font-size: 18px; padding: 13px 12px; outline: none; min-width: 0; letter-spacing: 1px; }
  .error { background: #fef2f2; color: #b91c1c; border-radius: 10px; padding: 10px 12px; font-size: 14px; margin-top: 14px; }
  .actions { display: grid; gap: 10px; margin-top: 22px; }
  button, .button { min-height: 48px; border-radius: 24px; font-size: 16px; font-weight: 700; border: 0; cursor: pointer; text-align: center; text-decoration: none; display: grid; place-items: center; }
  .pay { background: var(--primary); color: #fff; }
  .cancel { background: transparent; color: #475569; border: 1.5px solid #cbd5e1; }
  .hint { font-size: 12px; color: #64748b; margin-top: 14px; line-height: 1.5; }
  .result { text-align: center; }
  .result .icon { width: 72px; height: 72px; border-radius: 50%; margin: 4px auto 10px; display: grid; place-items: center; font-size: 38px; color: #fff; }
  .ok { background: #16a34a; } .bad { background: #dc2626; }
  @media (prefers-color-scheme: dark) {
    body { background: #0b1220; color: #e2e8f0; } .card { background: #111a2e; box-shadow: none; }
    .merchant, .order, .hint, label { color: #94a3b8; } .amount { color: #fff; }
    .field { border-color: #334155; } input { background: transparent; color: #fff; } .field span { color: #cbd5e1; border-color: #334155; }
  }
</style></head>
<body><header><div class="brand"><div class="logo">${b.name[0]}</div>${b.name}</div>
<div class="sandbox">Sandbox checkout · no real money moves</div></header>
<main>${body}</main>
<script src="/sandbox/checkout.js"></script>
</body></html>`;
}

export interface CheckoutView {
  brand: WalletBrand;
  orderNo: string;
  token: string;
  merchantName: string;
  total: number;
  /** Seconds until the order times out, on the server's (virtual) clock. */
  secondsLeft: number;
  error?: string;
  mobile?: string;
}

export function checkoutPage(v: CheckoutView): string {
  const b = BRANDS[v.brand];
  return layout(
    v.brand,
    'Pay',
    `<form class="card" method="post" action="/sandbox/pay/${escapeHtml(v.orderNo)}" autocomplete="off">
  <div class="merchant">Pay to <strong>${escapeHtml(v.merchantName)}</strong></div>
  <div class="amount">₱${formatCentavos(v.total)}</div>
  <div class="order">Order ${escapeHtml(v.orderNo)} · expires <time data-seconds="${v.secondsLeft}">in ${Math.floor(v.secondsLeft / 60)} min</time></div>
  ${v.error ? `<div class="error" role="alert">${escapeHtml(v.error)}</div>` : ''}
  <input type="hidden" name="token" value="${escapeHtml(v.token)}">
  <label for="mobile">${b.name} mobile number</label>
  <div class="field"><span>+63</span><input id="mobile" name="mobile" inputmode="numeric" maxlength="10" placeholder="9xxxxxxxxx" value="${escapeHtml(v.mobile ?? '')}" required pattern="9[0-9]{9}"></div>
  <label for="mpin">${b.pinLabel}</label>
  <div class="field"><input id="mpin" name="mpin" type="password" inputmode="numeric" maxlength="4" placeholder="4 digits" required pattern="[0-9]{4}"></div>
  <div class="actions">
    <button class="pay" type="submit" name="action" value="pay">Pay ₱${formatCentavos(v.total)}</button>
    <button class="cancel" type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
  </div>
  <p class="hint">Sandbox: any number 9xxxxxxxxx and any 4-digit MPIN pays; MPIN 0000 is declined by the wallet (the payment fails).</p>
</form>`,
  );
}

export type ResultStatus = 'paid' | 'failed' | 'cancelled' | 'closed' | 'expired' | 'processing';

export function resultPage(v: { brand: WalletBrand; orderNo: string; status: ResultStatus; total: number }): string {
  const ok = v.status === 'paid';
  const waiting = v.status === 'processing';
  const text = {
    processing: 'Payment processing',
    paid: 'Payment successful',
    failed: 'Payment declined by the wallet',
    cancelled: 'Payment cancelled',
    closed: 'This order is closed',
    expired: 'This payment has expired',
  }[v.status];
  return layout(
    v.brand,
    text,
    `<div class="card result" data-order="${escapeHtml(v.orderNo)}" data-status="${v.status}">
  <div class="icon ${ok || waiting ? 'ok' : 'bad'}">${ok ? '✓' : waiting ? '…' : '✕'}</div>
  <h1 style="font-size:20px;margin:0 0 6px">${text}</h1>
  <div class="amount" style="font-size:26px">₱${formatCentavos(v.total)}</div>
  <div class="order">Order ${escapeHtml(v.orderNo)}</div>
  <div class="actions"><button class="pay" type="button" data-action="return">Return to merchant</button></div>
  <p class="hint">${ok ? 'The merchant has been notified. Your balance updates in a moment.' : waiting ? 'The wallet has not confirmed yet. Your balance updates when it does.' : 'No money was taken.'}</p>
</div>`,
  );
}
