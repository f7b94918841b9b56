-- The agents list's counts (agents_summary, /agents) at the large scale. Each agent's row counts
-- its checks and playbook runs with a scalar subquery; without an index on agent_id the checks'
-- count read a whole unique index whose leading column is canary_id, and the playbook runs' count
-- the whole table, once per agent: some 50–75 ms of every page read (a sort click on /agents took
-- 140 ms, bench/screens-ui.ts). With these, each count is one short index range.
CREATE INDEX IF NOT EXISTS checks_agent_id_idx ON checks (agent_id);
CREATE INDEX IF NOT EXISTS playbook_runs_agent_id_idx ON playbook_runs (agent_id);
