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
