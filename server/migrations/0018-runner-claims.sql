-- Work claims shared by the server instances on one database (docs/health-runner.md, "Several
-- instances"). A row says that `holder` (one server process) owns the current slot of the job
-- `job` for the key `key` until `claimed_until`; another holder may take it only once that time has
-- passed. The health-check scheduler claims each check before it runs it (job `health-check`, key
-- the check id) and the canary spec sync (job `canary-sync`), so that several instances do the
-- work once. Later job runners use the same table with their own job names
-- (server/src/runner/claims.ts).
--
-- Times are compared with the database clock only, so instances whose clocks disagree still agree
-- on who holds a slot. An expired row means the same as no row and may be deleted at any time.
-- Like the other vigil_ tables it is not in the /db relation map, so the data API never exposes it.

CREATE TABLE vigil_job_claims (
  job text NOT NULL,
  key text NOT NULL,
  holder text NOT NULL,
  claimed_at timestamp with time zone NOT NULL DEFAULT now(),
  claimed_until timestamp with time zone NOT NULL,
  CONSTRAINT vigil_job_claims_pkey PRIMARY KEY (job, key)
);
CREATE INDEX vigil_job_claims_holder_idx ON vigil_job_claims (holder);
