import { Fragment, useState } from 'react';
import type { z } from 'zod';
import { clearRequests, listRequests } from '../../../shared/contract/ops-tooling';
import { RequestHeader } from '../../../shared/http-headers';
import { clockTime, opsCall, token } from '../api';
import { Action, Json, Section, State, useLoad } from '../ui';

type Log = z.output<typeof listRequests.data>;
type Logged = Log['requests'][number];

const keyOf = (r: Logged) => `${r.process}#${r.id}`;

/** The live request log (polled every 2 s while Live is on), with filters and the HAR download. */
export function Requests() {
  const [filter, setFilter] = useState({ path: '', uid: '', code: '' });
  const [live, setLive] = useState(true);
  const [open, setOpen] = useState<string | null>(null);
  const query = {
    path: filter.path || undefined,
    uid: filter.uid || undefined,
    code: filter.code || undefined,
    limit: 200,
  };
  const log = useLoad(
    () => opsCall(listRequests, { query }),
    [filter.path, filter.uid, filter.code],
    live ? 2000 : undefined,
  );
  const rows = log.data?.requests ?? [];
  const processes = log.data?.processes;
  // A cluster's log: which process answered each request is worth a column.
  const cluster = (processes?.answered ?? 1) + (processes?.silent ?? 0) > 1;
  const download = async () => {
    const params = new URLSearchParams(
      Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    );
    const response = await fetch(`/ops/requests.har?${params}`, {
      headers: { [RequestHeader.authorization]: `Bearer ${token.get()}` },
    });
    const url = URL.createObjectURL(await response.blob());
    const a = Object.assign(document.createElement('a'), { href: url, download: 'casino-requests.har' });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Section
      title="Requests"
      tools={
        <>
          <label>
            <input type="checkbox" checked={live} onChange={(e) => setLive(e.target.checked)} /> Live
          </label>
          <Action run={download}>HAR</Action>
          <Action
            run={async () => {
              await opsCall(clearRequests);
              await log.reload();
            }}
          >
            Clear
          </Action>
        </>
      }
    >
      <div className="inline-form">
        {(['path', 'uid', 'code'] as const).map((key) => (
          <input
            key={key}
            aria-label={`Filter ${key}`}
            placeholder={key}
            value={filter[key]}
            onChange={(e) => setFilter({ ...filter, [key]: e.target.value })}
          />
        ))}
      </div>
      {processes && cluster && (
        <p className={processes.silent > 0 ? 'warn' : 'muted'}>
          The log of {processes.answered} server processes
          {processes.silent > 0 && `; ${processes.silent} did not answer in time and are left out`}
        </p>
      )}
      <State loading={log.loading} error={log.error} empty={rows.length === 0} retry={log.reload} what="requests" />
      {rows.length > 0 && (
        <table className="log">
          <thead>
            <tr>
              <th>At</th>
              <th>Method</th>
              <th>Path</th>
              <th>Status</th>
              <th>Code</th>
              <th className="num">ms</th>
              <th>uid</th>
              {cluster && <th>Process</th>}
              <th>Frames</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <Fragment key={keyOf(r)}>
                <tr onClick={() => setOpen(open === keyOf(r) ? null : keyOf(r))} className={r.code ? 'bad' : ''}>
                  <td>{clockTime(r.at)}</td>
                  <td>{r.method}</td>
                  <td className="mono">
                    {r.path}
                    {r.fault !== null && <span className="pill">fault {r.fault}</span>}
                  </td>
                  <td>{r.status}</td>
                  <td>{r.code ?? ''}</td>
                  <td className="num">{r.durationMs}</td>
                  <td>{r.uid ?? ''}</td>
                  {cluster && <td>{r.process}</td>}
                  <td>{r.frames.map((f) => f.event).join(', ')}</td>
                </tr>
                {open === keyOf(r) && (
                  <tr>
                    <td colSpan={cluster ? 9 : 8}>
                      <Json
                        value={{ request: parse(r.requestBody), response: parse(r.responseBody), frames: r.frames }}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

const parse = (text: string | null) => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
