-- name: insert_audit :exec
-- Appends an audit row in the caller's transaction; an organization not (or no longer) synced is kept as claimed only.
-- No RETURNING: only administrators may read the log back.
-- $1 action, $2 sub, $3 tenant id, $4 organization id, $5 clearance, $6 is admin, $7 question hash, $8 results,
-- $9 settings version, $10 directory version, $11 latency ms, $12 outcome, $13 details
insert into rag.tb_rag_audit_logs (action, sub, tenant_id, organization_id, claimed_organization_id, clearance_level, is_admin,
  question_hash, results, settings_version, directory_version, latency_ms, outcome, details)
values ($1::text, $2::text, $3::uuid,
        (select id from rag.tb_organization where id = $4::uuid), $4::uuid, $5::smallint, $6::bool, $7::text, $8::jsonb,
        $9::bigint, $10::bigint, $11::int, $12::text, $13::jsonb);

-- name: organization_known :one
-- Whether the principal's organization is in tb_organization (audit rows reference it).
-- $1 organization id
select exists (select 1 from rag.tb_organization where id = $1::uuid) as known;
