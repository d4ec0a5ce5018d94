import { useState } from 'react';
import { del, get, post, when } from '../api';
import { Action, Section, State, toast, useLoad } from '../ui';

type Scenario = {
  name: string;
  version: number;
  title: string;
  description: string;
  personas: { username: string; password: string; uid: number | null; role: string }[];
  tryThis: string[];
};
type Snapshot = { name: string; note: string; savedAt: string; clock: string; bytes: number; tookMs: number };

/** Scenarios (reset to a named world) and snapshots (save and restore the current one). */
export function Worlds() {
  const scenarios = useLoad(() => get<Scenario[]>('/ops/scenarios'));
  const snapshots = useLoad(() => get<Snapshot[]>('/ops/snapshots'));
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
              const saved = await post<Snapshot>(`/ops/snapshots/${name}`, { note });
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
                        const r = await post<{ restoreMs: number }>(`/ops/snapshots/${s.name}/restore`, {});
                        toast(`Restored ${s.name} in ${r.restoreMs} ms`, 'ok');
                      }}
                    >
                      Restore
                    </Action>
                    <Action
                      run={async () => {
                        await post(`/ops/snapshots/${s.name}/restore`, { keepClock: true });
                      }}
                      done="Restored, clock kept"
                    >
                      Restore, keep clock
                    </Action>
                    <Action
                      kind="danger"
                      run={async () => {
                        await del(`/ops/snapshots/${s.name}`);
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
                  const loaded = await post<{ tookMs: number }>(`/ops/scenarios/${s.name}`, {});
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
