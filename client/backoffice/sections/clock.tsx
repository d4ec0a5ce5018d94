import { useState } from 'react';
import type { BodyOf } from '../../../shared/contract/define';
import { getClock, setClock } from '../../../shared/contract/ops';
import { opsCall, when } from '../api';
import { Action, Section, useLoad } from '../ui';

export function Clock() {
  const clock = useLoad(() => opsCall(getClock), [], 1000);
  const [set, setSet] = useState('');
  const move = async (body: BodyOf<typeof setClock>) => {
    await opsCall(setClock, { body });
    await clock.reload();
  };
  return (
    <Section title="Clock">
      <p className="big" aria-live="polite">
        {clock.data ? when(clock.data.now) : '…'} <span className="muted">Manila day {clock.data?.manilaDay}</span>
        {clock.data?.frozen && <span className="pill">frozen</span>}
      </p>
      <div className="actions">
        {['5m', '31m', '1h', '1d', '7d', '30d'].map((d) => (
          <Action key={d} run={() => move({ advance: d })}>
            +{d}
          </Action>
        ))}
        {clock.data?.frozen ? (
          <Action run={() => move({ action: 'resume' })} title="Run on from this instant">
            Resume
          </Action>
        ) : (
          <Action run={() => move({ action: 'freeze' })} title="Stand still at this instant">
            Freeze
          </Action>
        )}
        <Action run={() => move({ action: 'real' })} title="Offset 0, running" done="Back to real time">
          Real time
        </Action>
      </div>
      <div className="inline-form">
        <input
          aria-label="Set clock"
          placeholder="2026-12-01T00:00:00+08:00"
          value={set}
          onChange={(e) => setSet(e.target.value)}
        />
        <Action disabled={!set} run={() => move({ set })} done="Clock set">
          Set
        </Action>
      </div>
    </Section>
  );
}
