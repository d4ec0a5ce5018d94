import { useMemo, useState } from 'react';
import { answerableCodes } from '../../../shared/contract/define';
import { addStub, listStubs, removeStubs, stubbableEndpoints } from '../../../shared/contract/ops-stubs';
import { OpsError, opsCall } from '../api';
import { Action, Section, State, toast, useLoad } from '../ui';

const keyOf = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
const EXAMPLE = '{\n  "list": [],\n  "page": 1,\n  "size": 20,\n  "total": 0\n}';

/**
 * Stubs as data (/ops/stubs): pick a contract endpoint, write the data it should answer (or a business code
 * it declares), for everyone or one player, N calls or until removed. The server checks the data against the
 * endpoint's schema and names the first wrong field.
 */
export function Stubs() {
  const list = useLoad(() => opsCall(listStubs), [], 3000);
  const endpoints = useMemo(
    () => [...stubbableEndpoints].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method)),
    [],
  );
  const [endpoint, setEndpoint] = useState('GET /api/open/game/fetch');
  const [answer, setAnswer] = useState<'data' | 'error'>('data');
  const [json, setJson] = useState(EXAMPLE);
  const [code, setCode] = useState('');
  const [msg, setMsg] = useState('');
  const [uid, setUid] = useState('');
  const [count, setCount] = useState('');
  const [problem, setProblem] = useState('');
  const chosen = endpoints.find((e) => keyOf(e) === endpoint);
  const stubs = list.data?.stubs ?? [];

  const add = async () => {
    setProblem('');
    let data: unknown;
    if (answer === 'data') {
      try {
        data = JSON.parse(json);
      } catch (e) {
        setProblem(`The data is not JSON: ${(e as Error).message}`);
        throw e;
      }
    }
    if (!chosen) {
      setProblem('Choose an endpoint');
      throw new Error('Choose an endpoint');
    }
    const n = (v: string) => (v.trim() === '' ? undefined : Number(v));
    try {
      await opsCall(addStub, {
        body: {
          method: chosen.method,
          path: chosen.path,
          uid: n(uid),
          count: n(count),
          // an empty code is sent as 0, which the server refuses with the field named (error.code)
          ...(answer === 'data'
            ? { data }
            : { error: { code: Number(code), ...(msg.trim() ? { msg: msg.trim() } : {}) } }),
        },
      });
    } catch (e) {
      const fields =
        e instanceof OpsError && Array.isArray(e.data) ? (e.data as { field: string; message: string }[]) : [];
      if (fields[0]) setProblem(`${fields[0].field}: ${fields[0].message}`);
      throw e;
    }
    await list.reload();
  };

  return (
    <Section
      title="Stubs"
      tools={
        <Action
          kind="danger"
          disabled={stubs.length === 0}
          run={async () => {
            await opsCall(removeStubs);
            await list.reload();
          }}
          done="All stubs removed"
        >
          Remove all
        </Action>
      }
    >
      <p className="muted">
        In strings: {'{{uid}}'}, {'{{now}}'}, {'{{today}}'}, {'{{i}}'}; a list of N rows:{' '}
        <code>{'{"$repeat": 500, "item": {...}}'}</code>. Checked against the endpoint's schema.
      </p>
      <form className="grid-form" onSubmit={(e) => e.preventDefault()}>
        <label>
          Endpoint
          <select value={endpoint} onChange={(e) => setEndpoint(e.target.value)}>
            {endpoints.map((e) => (
              <option key={keyOf(e)} value={keyOf(e)}>
                {keyOf(e)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Answer
          <select value={answer} onChange={(e) => setAnswer(e.target.value as 'data' | 'error')}>
            <option value="data">data</option>
            <option value="error">business error</option>
          </select>
        </label>
        <label>
          Player uid
          <input placeholder="everyone" inputMode="numeric" value={uid} onChange={(e) => setUid(e.target.value)} />
        </label>
        <label>
          Times
          <input
            placeholder="until removed"
            inputMode="numeric"
            value={count}
            onChange={(e) => setCount(e.target.value)}
          />
        </label>
        {answer === 'error' && (
          <>
            <label>
              Code
              <select value={code} onChange={(e) => setCode(e.target.value)}>
                <option value="">choose…</option>
                {(chosen ? answerableCodes(chosen) : []).map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </label>
            <label>
              Message
              <input placeholder="the code's message" value={msg} onChange={(e) => setMsg(e.target.value)} />
            </label>
          </>
        )}
        {answer === 'data' && (
          <label className="wide">
            Data (JSON)
            <textarea
              rows={8}
              spellCheck={false}
              className="mono"
              value={json}
              onChange={(e) => setJson(e.target.value)}
            />
          </label>
        )}
        <Action kind="primary" run={add} done="Stub on">
          Add stub
        </Action>
      </form>
      {problem && (
        <p className="state bad" role="alert">
          {problem}
        </p>
      )}
      <State
        loading={list.loading}
        error={list.error}
        empty={stubs.length === 0}
        retry={list.reload}
        what="active stubs"
      />
      {stubs.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>#</th>
              <th>Endpoint</th>
              <th>Player</th>
              <th>Answers</th>
              <th>Applied / left</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {stubs.map((s) => (
              <tr key={s.id}>
                <td>{s.id}</td>
                <td className="mono">{keyOf(s)}</td>
                <td>{s.uid ?? 'everyone'}</td>
                <td className="mono">
                  {s.error
                    ? `code ${s.error.code}${s.error.msg ? ` "${s.error.msg}"` : ''}`
                    : JSON.stringify(s.data).slice(0, 80)}
                  {s.source === 'file' ? ' (STUBS_FILE)' : ''}
                </td>
                <td>
                  {s.applied} / {s.remaining ?? '∞'}
                </td>
                <td>
                  <Action
                    run={async () => {
                      await opsCall(removeStubs, { query: { id: s.id } });
                      await list.reload();
                      toast(`Stub ${s.id} removed`, 'ok');
                    }}
                  >
                    Remove
                  </Action>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
