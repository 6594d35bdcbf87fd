-- Superuser bootstrap, run once per database before migrations (idempotent).
-- Extensions that are not trusted, and anything else only a superuser may create,
-- live here; everything else is a migration run by the table-owning role.

create extension if not exists vector;
create extension if not exists pg_trgm;

-- Nobody but the owner creates objects in public.
revoke create on schema public from public;

-- A leakproof text-match operator and its GIN operator class, for full-text search under
-- row-level security. PostgreSQL will not run `tsvector @@ tsquery` before a row's policy
-- because ts_match_vq is not marked LEAKPROOF, so a GIN index is never used for a caller
-- bound by a policy and every search scans all rows. @@~ calls the same C function, and
-- marking it leakproof is safe: it returns a boolean to the executor, has no side effects,
-- and raises no error that depends on a row's contents (only on the query, which the
-- caller wrote). Policies are untouched and still filter every row returned; what remains
-- is the timing channel PostgreSQL documents for any leakproof pushdown. Only queries that
-- use @@~ are affected (plain @@ keeps its behaviour), and the objects survive pg_dump.
do $$
begin
  if not exists (select 1 from pg_proc where proname = 'app_ts_match_vq') then
    create function public.app_ts_match_vq(tsvector, tsquery) returns bool
      language internal immutable strict parallel safe leakproof as 'ts_match_vq';
  end if;
  if not exists (select 1 from pg_operator where oprname = '@@~') then
    create operator public.@@~ (leftarg = tsvector, rightarg = tsquery, function = public.app_ts_match_vq,
                                restrict = tsmatchsel, join = tsmatchjoinsel);
  end if;
  if not exists (select 1 from pg_opclass where opcname = 'tsvector_lp_ops') then
    create operator class public.tsvector_lp_ops for type tsvector using gin as
      operator 1 public.@@~ (tsvector, tsquery),
      function 1 gin_cmp_tslexeme(text, text),
      function 2 gin_extract_tsvector(tsvector, internal, internal),
      function 3 gin_extract_tsquery(tsvector, internal, smallint, internal, internal, internal, internal),
      function 4 gin_tsquery_consistent(internal, smallint, tsvector, integer, internal, internal, internal, internal),
      function 5 gin_cmp_prefix(text, text, smallint, internal),
      function 6 gin_tsquery_triconsistent(internal, smallint, tsvector, integer, internal, internal, internal),
      storage text;
  end if;
end
$$;

-- The same for the organization condition of a search, `organization_ids && $orgs`: arrayoverlap
-- is not marked LEAKPROOF either, so under a policy PostgreSQL tests it only after the policy, on
-- every row of the tenant, and the GIN index on organization_ids never serves a narrow principal
-- (measured at 100,000 chunks: 1% visibility 24x slower than the same statement without RLS).
-- &&~ calls the same C function on uuid[] only, and marking it leakproof is safe for the same
-- reasons: it returns a boolean, has no side effects, and with both arguments fixed to uuid[] it
-- cannot raise the one error arrayoverlap has (element types that differ); null elements simply do
-- not match. The opclass is GIN's array_ops for uuid[] with &&~ as its overlap strategy (1).
do $$
begin
  if not exists (select 1 from pg_proc where proname = 'app_uuid_array_overlap') then
    create function public.app_uuid_array_overlap(uuid[], uuid[]) returns bool
      language internal immutable strict parallel safe leakproof as 'arrayoverlap';
  end if;
  if not exists (select 1 from pg_operator where oprname = '&&~') then
    create operator public.&&~ (leftarg = uuid[], rightarg = uuid[], function = public.app_uuid_array_overlap,
                                commutator = operator(public.&&~), restrict = matchingsel, join = matchingjoinsel);
  end if;
  if not exists (select 1 from pg_opclass where opcname = 'uuid_array_lp_ops') then
    create operator class public.uuid_array_lp_ops for type uuid[] using gin as
      operator 1 public.&&~ (uuid[], uuid[]),
      function 1 uuid_cmp(uuid, uuid),
      function 2 ginarrayextract(anyarray, internal, internal),
      function 3 ginqueryarrayextract(anyarray, internal, smallint, internal, internal, internal, internal),
      function 4 ginarrayconsistent(internal, smallint, anyarray, integer, internal, internal, internal, internal),
      function 6 ginarraytriconsistent(internal, smallint, anyarray, integer, internal, internal, internal),
      storage uuid;
  end if;
end
$$;
