import { Fragment, useState } from 'react';
import { listAudit } from '../../../shared/contract/ops-audit';
import { opsCall, when } from '../api';
import { Json, PickRow, Section, State, useLoad } from '../ui';

type Filter = { operator: string; route: string; target: string; failed: '' | 'true' | 'false' };

/** The operator audit trail (GET /ops/audit): read-only, newest first, filtered. */
export function Audit() {
  const [filter, setFilter] = useState<Filter>({ operator: '', route: '', target: '', failed: '' });
  const [applied, setApplied] = useState(filter);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const list = useLoad(
    () => opsCall(listAudit, { query: { ...applied, failed: applied.failed || undefined, page, size: 50 } }),
    [applied, page],
  );
  const rows = list.data?.list ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / 50));
  return (
    <Section title="Audit trail" tools={<span className="muted">{list.data?.total ?? 0} actions</span>}>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setApplied(filter);
        }}
      >
        <input
          aria-label="Operator"
          placeholder="Operator"
          value={filter.operator}
          onChange={(e) => setFilter({ ...filter, operator: e.target.value })}
        />
        <input
          aria-label="Action"
          placeholder="Action (e.g. withdrawals)"
          value={filter.route}
          onChange={(e) => setFilter({ ...filter, route: e.target.value })}
        />
        <input
          aria-label="Target"
          placeholder="Target (uid, order…)"
          value={filter.target}
          onChange={(e) => setFilter({ ...filter, target: e.target.value })}
        />
        <select
          aria-label="Outcome"
          value={filter.failed}
          onChange={(e) => setFilter({ ...filter, failed: e.target.value as Filter['failed'] })}
        >
          <option value="">Any outcome</option>
          <option value="false">Done</option>
          <option value="true">Refused</option>
        </select>
        <button type="submit" className="btn primary">
          Filter
        </button>
      </form>
      <State loading={list.loading} error={list.error} empty={rows.length === 0} retry={list.reload} what="actions" />
      {rows.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>When</th>
              <th>Operator</th>
              <th>Action</th>
              <th>Target</th>
              <th>Outcome</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <Fragment key={r.id}>
                <PickRow selected={open === r.id} onPick={() => setOpen(open === r.id ? null : r.id)}>
                  <td>{when(r.at)}</td>
                  <td>{r.operator}</td>
                  <td className="mono">
                    {r.method} {r.path}
                  </td>
                  <td className="mono">{r.target}</td>
                  <td>
                    <span className={`pill ${r.code === 0 ? 'active' : 'suspended'}`}>
                      {r.code === 0 ? 'done' : `refused ${r.code}`}
                    </span>
                  </td>
                </PickRow>
                {open === r.id && (
                  <tr>
                    <td colSpan={5}>
                      <div className="split">
                        <div>
                          <strong>Request</strong>
                          <Json value={r.request} />
                        </div>
                        <div>
                          <strong>Before</strong>
                          <Json value={r.before} />
                        </div>
                        <div>
                          <strong>After</strong>
                          <Json value={r.after} />
                        </div>
                      </div>
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      <div className="inline-form">
        <button type="button" className="btn plain" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Newer
        </button>
        <span className="muted">
          Page {page} of {pages}
        </span>
        <button type="button" className="btn plain" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          Older
        </button>
      </div>
    </Section>
  );
}
