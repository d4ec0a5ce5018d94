// The sandbox checkout's only script: counts down the expiry and tells the app (parent frame) the result.
(() => {
  const time = document.querySelector('time[data-seconds]');
  if (time) {
    const end = Date.now() + Number(time.dataset.seconds) * 1000;
    const tick = () => {
      const left = Math.max(0, Math.round((end - Date.now()) / 1000));
      time.textContent = `in ${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
    };
    tick();
    setInterval(tick, 1000);
  }
  const result = document.querySelector('[data-order][data-status]');
  if (!result) return;
  const message = { type: 'sandbox-payment', orderNo: result.dataset.order, status: result.dataset.status };
  if (window.parent !== window) window.parent.postMessage(message, window.location.origin);
  document.querySelector('[data-action="return"]')?.addEventListener('click', () => {
    if (window.parent !== window) window.parent.postMessage({ ...message, close: true }, window.location.origin);
    else window.location.href = '/finance/recharge';
  });
})();
