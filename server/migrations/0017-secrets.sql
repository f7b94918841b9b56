-- Secrets never leak (docs/security.md).
--
-- 1. Credentials in URLs. One rule, written once here and once in TypeScript
--    (server/src/secrets/redact.ts, kept equal by server/test/secrets-redact.test.ts): in every URL
--    of a text, the user-info becomes `***` (`http://***@host/`) and the value of each query (or
--    fragment) parameter whose name looks like a secret becomes `***`. A stored ciphertext
--    (`enc:v1:…`) reads as `***`. JSON documents (check and canary specs, notification and
--    connection properties) have every string redacted that way, and the strings under keys that
--    look like secrets (or the `value` of a `{name, value}` pair whose name does) masked whole.
--    The health summary, the check_summary views and stored check results always carry the
--    redacted form; /db reads of specs are redacted by the data API for callers without write on
--    the resource (server/src/http/db-masks.ts).
-- 2. Secrets at rest: connection credentials, webhook URLs and secret JSON fields are stored
--    encrypted (AES-256-GCM, `enc:v1:…`) by the server (server/src/secrets); the key comes from
--    VIGIL_SECRET_KEY, else from vigil_secret_key below. SQL never decrypts.
-- 3. Access-token use, for the kubeconfig token list.

-- Whether a parameter or key name looks like it holds a secret: lower-cased, without percent
-- escapes and without anything but letters and digits (api_key, API-Key, X-Amz-Signature), it
-- ends with one of the words below.
CREATE OR REPLACE FUNCTION vigil_is_secret_name(name text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(regexp_replace(regexp_replace(coalesce(name, ''), '%[0-9A-Fa-f]{2}', '', 'g'),
      '[^A-Za-z0-9]', '', 'g'))
    ~ '(token|key|secret|password|passwd|passphrase|pwd|pass|auth|authorization|signature|sig|credential|credentials|session|sessionid|sid|webhook|webhookurl|cookie)$'
$$;

-- `a=1&api_key=x` → `a=1&api_key=***`: parameters without `=` and other names are kept as written.
CREATE OR REPLACE FUNCTION vigil_redact_url_params(params text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
      CASE WHEN strpos(p.part, '=') > 0 AND vigil_is_secret_name(split_part(p.part, '=', 1))
        THEN split_part(p.part, '=', 1) || '=***'
        ELSE p.part
      END, '&' ORDER BY p.n), params)
  FROM unnest(string_to_array(params, '&')) WITH ORDINALITY AS p(part, n)
$$;

-- One URL (`scheme://…`): user-info → `***`, secret-looking query and fragment parameters → `***`.
CREATE OR REPLACE FUNCTION vigil_redact_url(url text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  mark integer := strpos(url, '://');
  head text;
  authority text;
  path text;
  rest text;
  query text;
  fragment text;
BEGIN
  IF url IS NULL OR mark = 0 THEN
    RETURN url;
  END IF;
  head := left(url, mark + 2);
  rest := substr(url, mark + 3);
  authority := substring(rest FROM '^[^/?#]*');
  rest := substr(rest, length(authority) + 1);
  IF strpos(authority, '@') > 0 THEN
    authority := '***' || substring(authority FROM '@[^@]*$');
  END IF;
  path := substring(rest FROM '^[^?#]*');
  rest := substr(rest, length(path) + 1);
  IF left(rest, 1) = '?' THEN
    query := substring(rest FROM '^\?([^#]*)');
    rest := substr(rest, length(query) + 2);
  END IF;
  IF left(rest, 1) = '#' THEN
    fragment := substr(rest, 2);
  END IF;
  RETURN head || authority || path
    || coalesce('?' || vigil_redact_url_params(query), '')
    || coalesce('#' || vigil_redact_url_params(fragment), '');
END;
$$;

-- A text with every URL in it redacted; a stored ciphertext reads as `***`.
CREATE OR REPLACE FUNCTION vigil_redact_text(value text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  rest text := value;
  found text;
  at integer;
  result text := '';
BEGIN
  IF value IS NULL THEN
    RETURN NULL;
  END IF;
  IF left(value, 7) = 'enc:v1:' THEN
    RETURN '***';
  END IF;
  -- Nothing to redact without a URL that has user-info, a query or a fragment.
  IF strpos(value, '://') = 0 OR value !~ '[@?#]' THEN
    RETURN value;
  END IF;
  LOOP
    found := substring(rest FROM '[A-Za-z][A-Za-z0-9+.-]*://[^[:space:]"''<>`]*');
    EXIT WHEN found IS NULL;
    at := strpos(rest, found);
    result := result || left(rest, at - 1) || vigil_redact_url(found);
    rest := substr(rest, at + length(found));
  END LOOP;
  RETURN result || rest;
END;
$$;

-- One JSON value in a mode: 0 plain (URLs redacted, secret-named keys masked), 1 secret (every
-- non-empty string masked but references such as secret://…), 2 reference (a `valueFrom`: names of
-- secrets and config maps, URLs redacted only).
CREATE OR REPLACE FUNCTION vigil_redact_json_value(value jsonb, mode integer) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  kind text := jsonb_typeof(value);
  text_value text;
  pair boolean;
BEGIN
  IF kind = 'string' THEN
    text_value := value #>> '{}';
    IF mode = 1 AND text_value <> ''
       AND text_value !~ '^(secret|configmap|helm|serviceaccount)://' THEN
      RETURN '"***"'::jsonb;
    END IF;
    RETURN to_jsonb(vigil_redact_text(text_value));
  ELSIF kind = 'array' THEN
    RETURN coalesce((
      SELECT jsonb_agg(vigil_redact_json_value(e.item, mode) ORDER BY e.n)
      FROM jsonb_array_elements(value) WITH ORDINALITY AS e(item, n)), '[]'::jsonb);
  ELSIF kind = 'object' THEN
    pair := mode = 0 AND jsonb_typeof(value -> 'name') = 'string'
      AND vigil_is_secret_name(value ->> 'name');
    RETURN coalesce((
      SELECT jsonb_object_agg(e.key, vigil_redact_json_value(e.item,
        CASE
          WHEN mode = 2 OR e.key = 'valueFrom' THEN 2
          WHEN mode = 1 THEN 1
          WHEN vigil_is_secret_name(e.key) THEN 1
          WHEN pair AND e.key = 'value' THEN 1
          ELSE 0
        END))
      FROM jsonb_each(value) AS e(key, item)), '{}'::jsonb);
  END IF;
  RETURN value;
END;
$$;

CREATE OR REPLACE FUNCTION vigil_redact_json(doc jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT vigil_redact_json_value(doc, 0)
$$;

-- An update that sends a JSON document back with `***` where a secret was keeps the stored value
-- at that place (objects by key, arrays by position), as connections_keep_masked_secrets does
-- for columns.
CREATE OR REPLACE FUNCTION vigil_keep_masked_json(new_doc jsonb, old_doc jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF new_doc IS NULL OR old_doc IS NULL THEN
    RETURN new_doc;
  END IF;
  IF new_doc = '"***"'::jsonb THEN
    RETURN old_doc;
  END IF;
  IF jsonb_typeof(new_doc) = 'object' AND jsonb_typeof(old_doc) = 'object' THEN
    RETURN coalesce((
      SELECT jsonb_object_agg(e.key, coalesce(vigil_keep_masked_json(e.item, old_doc -> e.key), e.item))
      FROM jsonb_each(new_doc) AS e(key, item)), '{}'::jsonb);
  END IF;
  IF jsonb_typeof(new_doc) = 'array' AND jsonb_typeof(old_doc) = 'array' THEN
    RETURN coalesce((
      SELECT jsonb_agg(coalesce(vigil_keep_masked_json(e.item, old_doc -> (e.n - 1)::integer), e.item)
        ORDER BY e.n)
      FROM jsonb_array_elements(new_doc) WITH ORDINALITY AS e(item, n)), '[]'::jsonb);
  END IF;
  RETURN new_doc;
END;
$$;

-- ---------------------------------------------------------------------------------------------
-- Health: the summary, the check_summary views and stored results carry redacted URLs
-- ---------------------------------------------------------------------------------------------

-- As in 0014, with the endpoint redacted (writers read the URL as written in checks.spec).
CREATE OR REPLACE FUNCTION vigil_render_check_parts(check_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO vigil_check_summary_parts (check_id, head, tail)
  SELECT c.id,
    '{"id":"' || c.id || '","canary_id":"' || c.canary_id || '"'
      || vigil_json_text('canary_name', ca.name)
      || vigil_json_text('canary_namespace', ca.namespace)
      || ',"name":' || to_json(c.name)::text
      || ',"namespace":' || to_json(coalesce(c.namespace, ''))::text
      || vigil_json_text('type', c.type)
      || vigil_json_text('icon', c.icon)
      || vigil_json_text('description', c.description)
      || vigil_json_text('owner', c.owner)
      || vigil_json_text('severity', c.severity)
      || vigil_json_text('status', c.status)
      || ',"labels":' || (coalesce(ca.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb))::text,
    vigil_json_instant('last_runtime', c.last_runtime)
      || vigil_json_instant('last_transition_time', c.last_transition_time)
      || vigil_json_instant('created_at', c.created_at)
      || vigil_json_instant('updated_at', c.updated_at)
      || vigil_json_instant('deleted_at', c.deleted_at)
      || vigil_json_instant('silenced_at', c.silenced_at)
      || coalesce(',"agent_id":"' || c.agent_id || '"', '')
      || vigil_json_text('endpoint', vigil_redact_text(
           coalesce(c.spec ->> 'url', c.spec ->> 'endpoint', c.spec ->> 'host')))
      || vigil_json_instant('next_runtime', c.next_runtime)
      || '}'
  FROM checks c
  JOIN canaries ca ON ca.id = c.canary_id
  WHERE c.id = ANY (check_ids)
  ON CONFLICT (check_id) DO UPDATE SET head = EXCLUDED.head, tail = EXCLUDED.tail
$$;

SELECT vigil_render_check_parts(ARRAY(SELECT id FROM checks));

-- As in 0011, with the endpoint redacted; check_summary_for_config and
-- check_summary_for_component read it from here.
CREATE OR REPLACE VIEW check_summary AS
SELECT c.id, c.canary_id,
  json_build_object(
    'passed', coalesce(s.passed, 0),
    'failed', coalesce(s.failed, 0),
    'last_pass', s.last_pass,
    'last_fail', s.last_fail
  ) AS uptime,
  json_build_object(
    'p99', s.p99, 'p97', s.p97, 'p95', s.p95, 'p50', s.p50, 'avg', round(s.mean)
  ) AS latency,
  c.last_transition_time, c.type, c.icon, c.name, c.status, c.description, c.namespace,
  ca.namespace AS canary_namespace,
  ca.name AS canary_name,
  coalesce(ca.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb) AS labels,
  c.severity, c.owner, c.last_runtime, c.created_at, c.updated_at, c.deleted_at, c.silenced_at,
  c.agent_id, c.next_runtime,
  vigil_redact_text(coalesce(c.spec ->> 'url', c.spec ->> 'endpoint', c.spec ->> 'host'))
    AS endpoint
FROM checks c
JOIN canaries ca ON ca.id = c.canary_id
LEFT JOIN vigil_check_status_summary s ON s.check_id = c.id;

-- A check result that echoes its URL (`GET http://user:pass@host/ failed`) is stored redacted:
-- results are read by everyone who may read the check, embed tokens included.
CREATE OR REPLACE FUNCTION vigil_check_statuses_redact() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.message := vigil_redact_text(NEW.message);
  NEW.error := vigil_redact_text(NEW.error);
  NEW.details := vigil_redact_json(NEW.details);
  RETURN NEW;
END;
$$;

CREATE TRIGGER check_statuses_redact BEFORE INSERT OR UPDATE ON check_statuses
FOR EACH ROW
WHEN (strpos(NEW.message, '://') > 0 OR strpos(NEW.error, '://') > 0 OR NEW.details IS NOT NULL)
EXECUTE FUNCTION vigil_check_statuses_redact();

UPDATE check_statuses
SET message = vigil_redact_text(message), error = vigil_redact_text(error),
  details = vigil_redact_json(details)
WHERE (strpos(message, '://') > 0 OR strpos(error, '://') > 0 OR details IS NOT NULL)
  AND (vigil_redact_text(message) IS DISTINCT FROM message
    OR vigil_redact_text(error) IS DISTINCT FROM error
    OR vigil_redact_json(details) IS DISTINCT FROM details);

-- ---------------------------------------------------------------------------------------------
-- Secrets at rest
-- ---------------------------------------------------------------------------------------------

-- The generated encryption key when VIGIL_SECRET_KEY is not set: one row, shared by every
-- instance on this database. Not in the /db relation map, so the data API never exposes it.
CREATE TABLE vigil_secret_key (
  id boolean NOT NULL DEFAULT true,
  -- base64 of 32 random bytes
  key text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT vigil_secret_key_pkey PRIMARY KEY (id),
  CONSTRAINT vigil_secret_key_one_row CHECK (id)
);

-- As in 0011, and a masked url or JSON secret sent back keeps the stored one too.
CREATE OR REPLACE FUNCTION connections_keep_masked_secrets() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.username = '***' THEN NEW.username := OLD.username; END IF;
  IF NEW.password = '***' THEN NEW.password := OLD.password; END IF;
  IF NEW.certificate = '***' THEN NEW.certificate := OLD.certificate; END IF;
  IF NEW.url = '***' THEN NEW.url := OLD.url; END IF;
  NEW.properties := vigil_keep_masked_json(NEW.properties, OLD.properties);
  RETURN NEW;
END;
$$;

-- Named to run before notifications_clear_error (BEFORE triggers run in name order): a document
-- sent back with its masks is not a change of custom_services.
CREATE OR REPLACE FUNCTION notifications_keep_masked_secrets() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.properties := vigil_keep_masked_json(NEW.properties, OLD.properties);
  NEW.custom_services := vigil_keep_masked_json(NEW.custom_services, OLD.custom_services);
  RETURN NEW;
END;
$$;

CREATE TRIGGER notifications_a_keep_masked_secrets BEFORE UPDATE ON notifications
FOR EACH ROW EXECUTE FUNCTION notifications_keep_masked_secrets();

-- ---------------------------------------------------------------------------------------------
-- Access tokens: when each was last used (kept apart from the contract's access_tokens)
-- ---------------------------------------------------------------------------------------------

CREATE TABLE vigil_access_token_usage (
  token_id uuid NOT NULL,
  last_used_at timestamp with time zone NOT NULL,
  CONSTRAINT vigil_access_token_usage_pkey PRIMARY KEY (token_id),
  CONSTRAINT vigil_access_token_usage_token_id_fkey FOREIGN KEY (token_id)
    REFERENCES access_tokens (id) ON DELETE CASCADE
);
