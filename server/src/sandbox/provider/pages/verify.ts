/*
 * The public verify page (/provider/verify): recomputes a round through GET /api/provider/verify, by round
 * id or from seeds, and shows the result beside what was paid. ?roundId= fills and checks at once; ?lang=vi-VN
 * shows it in Vietnamese.
 */
import './styles/games.css';
import type { z } from 'zod';
import type { verifyRound } from '../../../../../shared/contract/provably-fair';

/** GET /api/provider/verify's envelope: its data is the contract's. */
type Envelope = { success: boolean; msg?: string; data: z.infer<typeof verifyRound.data> };

(() => {
  const query = new URLSearchParams(location.search);
  const vi = (query.get('lang') || navigator.language || '').toLowerCase().startsWith('vi');
  const STRINGS: Record<'en' | 'vi', Record<string, string>> = {
    en: {
      'verify.title': 'Verify a round',
      'verify.intro':
        'Every round is drawn from HMAC-SHA256 of the server seed over client seed, nonce and a counter. The server seed’s hash is shown before you bet and the seed itself once you rotate it, so you can recompute any round here.',
      'verify.roundId': 'Round id',
      'verify.check': 'Verify',
      'verify.manual': 'Or enter the seeds',
      'verify.title2': 'Game (title key)',
      'verify.serverSeed': 'Server seed',
      'verify.clientSeed': 'Client seed',
      'verify.nonce': 'Nonce',
      'verify.params': 'Bet (JSON)',
      'verify.actions': 'Actions (JSON)',
      matches: 'Recomputed result matches the round as paid.',
      differs: 'Recomputed result differs from the round as paid!',
      result: 'Result',
      win: 'Pays (stake included)',
      hash: 'SHA-256 of the server seed',
      failed: 'Could not verify',
    },
    vi: {
      'verify.title': 'Kiểm chứng một ván',
      'verify.intro':
        'Mỗi ván được rút từ HMAC-SHA256 của hạt giống máy chủ trên hạt giống người chơi, nonce và bộ đếm. Mã băm của hạt giống máy chủ hiện trước khi cược và hạt giống được tiết lộ khi bạn đổi, nên bạn có thể tính lại bất kỳ ván nào tại đây.',
      'verify.roundId': 'Mã ván',
      'verify.check': 'Kiểm chứng',
      'verify.manual': 'Hoặc nhập hạt giống',
      'verify.title2': 'Trò chơi (mã)',
      'verify.serverSeed': 'Hạt giống máy chủ',
      'verify.clientSeed': 'Hạt giống người chơi',
      'verify.nonce': 'Nonce',
      'verify.params': 'Cược (JSON)',
      'verify.actions': 'Nước đi (JSON)',
      matches: 'Kết quả tính lại khớp với ván đã trả thưởng.',
      differs: 'Kết quả tính lại khác với ván đã trả thưởng!',
      result: 'Kết quả',
      win: 'Tiền trả (gồm tiền cược)',
      hash: 'SHA-256 của hạt giống máy chủ',
      failed: 'Không thể kiểm chứng',
    },
  };
  const strings = vi ? STRINGS.vi : STRINGS.en;
  const t = (key: string) => strings[key] || STRINGS.en[key] || key;
  document.documentElement.lang = vi ? 'vi' : 'en';
  for (const node of document.querySelectorAll<HTMLElement>('[data-t]')) node.textContent = t(node.dataset.t ?? '');

  const out = document.getElementById('verify-result') as HTMLElement;
  const money = (centavos: number) => `₱${(centavos / 100).toFixed(2)}`;
  function line(label: string, value: unknown, cls?: string) {
    const p = document.createElement('p');
    const strong = document.createElement('strong');
    strong.textContent = `${label}: `;
    p.append(strong, String(value));
    if (cls) p.className = cls;
    return p;
  }

  async function check(params: Record<string, string>) {
    out.replaceChildren();
    const response = await fetch(`/api/provider/verify?${new URLSearchParams(params)}`, {
      headers: { language: vi ? 'vi-VN' : 'en-US' },
    });
    const body = (await response.json().catch(() => null)) as Envelope | null;
    if (!body?.success) {
      out.append(line(t('failed'), body?.msg || response.status, 'verify-bad'));
      return;
    }
    const d = body.data;
    if (d.recorded) {
      const ok = document.createElement('p');
      ok.className = d.recorded.matches ? 'verify-ok' : 'verify-bad';
      ok.textContent = d.recorded.matches ? t('matches') : t('differs');
      out.append(ok);
    }
    out.append(
      line(d.name, d.family),
      line(t('result'), d.result),
      line(t('win'), money(d.win)),
      line(t('hash'), d.serverSeedHash),
    );
    const pre = document.createElement('pre');
    pre.textContent = JSON.stringify(d, null, 2);
    out.append(pre);
  }

  const byRound = document.getElementById('by-round') as HTMLFormElement;
  const field = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as HTMLInputElement;
  byRound.addEventListener('submit', (event) => {
    event.preventDefault();
    check({ roundId: field(byRound, 'roundId').value.trim() });
  });
  const bySeeds = document.getElementById('by-seeds') as HTMLFormElement;
  bySeeds.addEventListener('submit', (event) => {
    event.preventDefault();
    const fields: Record<string, string> = {};
    for (const name of ['title', 'serverSeed', 'clientSeed', 'nonce', 'params', 'actions'])
      fields[name] = field(bySeeds, name).value.trim();
    check(fields);
  });
  const roundId = query.get('roundId');
  if (roundId) {
    field(byRound, 'roundId').value = roundId;
    check({ roundId });
  }
})();
