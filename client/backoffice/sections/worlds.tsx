import { useState } from 'react';
import {
  deleteSnapshot,
  listScenarios,
  listSnapshots,
  loadScenario,
  restoreSnapshot,
  saveSnapshot,
} from '../../../shared/contract/ops-tooling';
import { opsCall, when } from '../api';
import { Action, Section, State, toast, useLoad } from '../ui';

/** Scenarios (reset to a named world) and snapshots (save and restore the current one). */
export function Worlds() {
  const scenarios = useLoad(() => opsCall(listScenarios));
  const snapshots = useLoad(() => opsCall(listSnapshots));
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  return (
    <>
      <Section title="Snapshots">
        <div className="inline-form">
          <input
            aria-label="Snapshot name"
            placeholder="name (a-z, 0-9, -)"
            value={name}
            onChange={(e) => setName(e.target.value.toLowerCase())}
          />
          <input aria-label="Snapshot note" placeholder="note" value={note} onChange={(e) => setNote(e.target.value)} />
          <Action
            kind="primary"
            disabled={!/^[a-z0-9][a-z0-9-]{0,39}$/.test(name)}
            run={async () => {
              const saved = await opsCall(saveSnapshot, { params: { name }, body: { note } });
              toast(`Saved ${saved.name} in ${saved.tookMs} ms`, 'ok');
              await snapshots.reload();
            }}
          >
            Save current state
          </Action>
        </div>
        <State
          loading={snapshots.loading}
          error={snapshots.error}
          empty={(snapshots.data?.length ?? 0) === 0}
          retry={snapshots.reload}
          what="snapshots"
        />
        {(snapshots.data?.length ?? 0) > 0 && (
          <table>
            <thead>
              <tr>
                <th>Name</th>
                <th>Note</th>
                <th>Virtual time</th>
                <th className="num">Size</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {snapshots.data?.map((s) => (
                <tr key={s.name}>
                  <td className="mono">{s.name}</td>
                  <td>{s.note}</td>
                  <td>{when(s.clock)}</td>
                  <td className="num">{Math.round(s.bytes / 1024)} KB</td>
                  <td className="actions">
                    <Action
                      kind="primary"
                      run={async () => {
                        const r = await opsCall(restoreSnapshot, { params: { name: s.name }, body: {} });
                        toast(`Restored ${s.name} in ${r.restoreMs} ms`, 'ok');
                      }}
                    >
                      Restore
                    </Action>
                    <Action
                      run={async () => {
                        await opsCall(restoreSnapshot, { params: { name: s.name }, body: { keepClock: true } });
                      }}
                      done="Restored, clock kept"
                    >
                      Restore, keep clock
                    </Action>
                    <Action
                      kind="danger"
                      run={async () => {
                        await opsCall(deleteSnapshot, { params: { name: s.name } });
                        await snapshots.reload();
                      }}
                      done="Deleted"
                    >
                      Delete
                    </Action>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <Section title="Scenarios">
        <State
          loading={scenarios.loading}
          error={scenarios.error}
          empty={(scenarios.data?.length ?? 0) === 0}
          retry={scenarios.reload}
          what="scenarios"
        />
        <div className="cards">
          {scenarios.data?.map((s) => (
            <article key={s.name} className="card">
              <h3>
                {s.title}{' '}
                <span className="muted mono">
                  {s.name}@{s.version}
                </span>
              </h3>
              <p>{s.description}</p>
              {s.personas.length > 0 && (
                <ul>
                  {s.personas.map((p) => (
                    <li key={p.username}>
                      <span className="mono">{p.username}</span> / <span className="mono">{p.password}</span>
                      {p.uid !== null && <span className="muted"> #{p.uid}</span>} — {p.role}
                    </li>
                  ))}
                </ul>
              )}
              <details>
                <summary>What to try</summary>
                <ul>
                  {s.tryThis.map((t) => (
                    <li key={t}>{t}</li>
                  ))}
                </ul>
              </details>
              <Action
                kind="primary"
                run={async () => {
                  const loaded = await opsCall(loadScenario, { params: { name: s.name }, body: {} });
                  toast(`Loaded ${s.name} in ${loaded.tookMs} ms`, 'ok');
                  await scenarios.reload();
                }}
              >
                Reset to this scenario
              </Action>
            </article>
          ))}
        </div>
      </Section>
    </>
  );
}
