-- name: latest_settings :one
-- The current settings version and value (none before the first PUT).
-- no parameters
select version, settings, changed_by, changed_at from rag.settings order by version desc limit 1;

-- name: settings_version :one
-- The current settings version only, to tell whether a cached copy is still current.
-- no parameters
select coalesce(max(version), 0) as version from rag.settings;

-- name: insert_settings :one
-- Stores a new settings version with who changed it and what changed.
-- $1 settings, $2 changed by, $3 changes
insert into rag.settings (settings, changed_by, changes) values ($1::jsonb, $2::text, $3::jsonb)
returning version, changed_at;

-- name: settings_history :many
-- The most recent settings changes.
-- $1 limit
select version, changed_by, changes, changed_at from rag.settings order by version desc limit $1::int;

-- name: latest_tenant_settings :one
-- A tenant's latest overrides and their version (none before its first change), within the caller's tenant.
-- $1 tenant id
select version, overrides from rag.tenant_settings where tenant_id = $1::uuid order by version desc limit 1;

-- name: lock_tenant_settings :exec
-- Serialises changes of one tenant's overrides until the transaction ends, so versions follow one another.
-- $1 tenant id
select pg_advisory_xact_lock(hashtextextended('rag.tenant_settings/' || $1::uuid::text, 0));

-- name: insert_tenant_settings :one
-- Stores a tenant's next overrides version with who changed it and what changed.
-- $1 tenant id, $2 version, $3 overrides, $4 changed by, $5 changes
insert into rag.tenant_settings (tenant_id, version, overrides, changed_by, changes)
values ($1::uuid, $2::bigint, $3::jsonb, $4::text, $5::jsonb)
returning version, changed_at;

-- name: tenant_settings_history :many
-- A tenant's most recent changes of its overrides.
-- $1 tenant id, $2 limit
select version, changed_by, changes, changed_at from rag.tenant_settings where tenant_id = $1::uuid
order by version desc limit $2::int;
