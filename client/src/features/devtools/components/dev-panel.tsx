import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '../../../../../shared/contract/define';
import type { devState } from '../../../../../shared/contract/dev';
import type { UserInfo } from '../../../../../shared/contract/user';
import type { CounterEvent } from '../../../../../shared/socket';
import { Button } from '../../../components/button';
import { formatDateTime } from '../../../lib/format';
import { useRemote } from '../../../lib/hooks';
import { advanceClock, clockAction } from '../api/advance-clock';
import { getDevState } from '../api/get-dev-state';
import { loadScenario } from '../api/load-scenario';
import { loginPersona } from '../api/login-persona';
import { pushCounter } from '../api/push-counter';
import './dev-panel.css';

type DevState = DataOf<typeof devState>;

export interface DevPanelProps {
  /** The app starts the player's session as after its own login form. */
  onLogin(user: UserInfo): void;
  /** The database was reset: the app ends the session it holds. */
  onReset(): void;
}
const STEPS = ['1h', '1d', '7d'];

/**
 * The developer panel (development mode only, lazy-loaded): who is logged in, the virtual clock with
 * advance buttons, a scenario switch with its personas, and pushes of the badge counter events.
 */
export default function DevPanel(props: DevPanelProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="dev-panel">
      <button
        type="button"
        className="dev-panel__toggle"
        aria-expanded={open}
        aria-controls="dev-panel-sheet"
        onClick={() => setOpen(!open)}
      >
        {t('devtools.toggle')}
      </button>
      {open ? <Sheet {...props} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function Sheet(props: DevPanelProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const remote = useRemote(getDevState);
  const [state, setState] = useState<DevState | null>(null);
  const current = state ?? (remote.status === 'success' ? remote.data : null);
  const [scenario, setScenario] = useState('');
  const [event, setEvent] = useState('inbox.unread');
  const [value, setValue] = useState('1');
  const chosen = current?.scenarios.find((s) => s.name === (scenario || current.scenario?.split('@')[0]));

  return (
    <section id="dev-panel-sheet" className="dev-panel__sheet" aria-label={t('devtools.title')}>
      <header className="dev-panel__head">
        <strong>{t('devtools.title')}</strong>
        <button type="button" className="dev-panel__close" onClick={props.onClose} aria-label={t('devtools.close')}>
          ×
        </button>
      </header>
      {remote.status === 'error' ? <p className="dev-panel__error">{t('devtools.unavailable')}</p> : null}
      {!current ? (
        remote.status === 'loading' ? (
          <p className="dev-panel__muted">{t('devtools.loading')}</p>
        ) : null
      ) : (
        <>
          <dl className="dev-panel__facts">
            <dt>{t('devtools.persona')}</dt>
            <dd data-testid="dev-persona">
              {current.persona ? `${current.persona.username} · ${current.persona.uid}` : t('devtools.visitor')}
            </dd>
            <dt>{t('devtools.clock')}</dt>
            <dd>
              {formatDateTime(current.clock.now)} <span className="dev-panel__muted">({current.clock.manilaDay})</span>
              {current.clock.frozen ? <span className="dev-panel__muted"> · {t('devtools.frozen')}</span> : null}
            </dd>
            <dt>{t('devtools.scenario')}</dt>
            <dd>{current.scenario ?? '—'}</dd>
          </dl>
          <div className="dev-panel__row">
            {STEPS.map((step) => (
              <Button key={step} size="sm" variant="outline" onClick={async () => setState(await advanceClock(step))}>
                +{step}
              </Button>
            ))}
            <Button
              size="sm"
              variant="outline"
              onClick={async () => setState(await clockAction(current.clock.frozen ? 'resume' : 'freeze'))}
            >
              {t(current.clock.frozen ? 'devtools.resume' : 'devtools.freeze')}
            </Button>
            <Button size="sm" variant="outline" onClick={async () => setState(await clockAction('real'))}>
              {t('devtools.realTime')}
            </Button>
          </div>
          <label className="dev-panel__field">
            <span>{t('devtools.scenario')}</span>
            <select value={scenario} onChange={(e) => setScenario(e.target.value)}>
              <option value="">{t('devtools.pickScenario')}</option>
              {current.scenarios.map((s) => (
                <option key={s.name} value={s.name}>
                  {s.name} — {s.title}
                </option>
              ))}
            </select>
          </label>
          <Button
            size="sm"
            variant="danger"
            disabled={!scenario}
            onClick={async () => {
              setState(await loadScenario(scenario));
              props.onReset();
            }}
          >
            {t('devtools.loadScenario')}
          </Button>
          {chosen && chosen.personas.length > 0 ? (
            <ul className="dev-panel__personas">
              {chosen.personas.map((p) => (
                <li key={p.username}>
                  <span>
                    <strong>{p.username}</strong> <span className="dev-panel__muted">{p.role}</span>
                  </span>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={async () => {
                      props.onLogin(await loginPersona(p.username, p.password));
                      setState(await getDevState());
                    }}
                  >
                    {t('devtools.logInAs')}
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="dev-panel__row">
            <select aria-label={t('devtools.event')} value={event} onChange={(e) => setEvent(e.target.value)}>
              {current.counterEvents.map((e) => (
                <option key={e}>{e}</option>
              ))}
            </select>
            <input
              aria-label={t('devtools.value')}
              inputMode="numeric"
              value={value}
              onChange={(e) => setValue(e.target.value.replace(/\D/g, '').slice(0, 3))}
            />
            <Button
              size="sm"
              disabled={!current.persona || value === ''}
              onClick={() => pushCounter({ event: event as CounterEvent, value: Number(value) })}
            >
              {t('devtools.push')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
