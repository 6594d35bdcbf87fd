-- name: next_version :one
-- Takes the ledger's next version; the row lock it holds until commit serialises the ledger's writers.
-- $1 ledger name
select directory.next_version($1::text) as version;

-- name: lock_ledger :one
-- Locks a ledger for the rest of the transaction without taking a version: writers serialise
-- on this row, always before locking any row of the ledger's tables.
-- $1 ledger name
select version from directory.ledgers where name = $1::text for update;

-- name: ledger_state :one
-- Reads a ledger's current version and the version through which tombstones were purged.
-- $1 ledger name
select version, purged_through from directory.ledgers where name = $1::text;

-- name: cursor_secret :one
-- Reads the key cursors are signed with.
-- no parameters
select secret from directory.service_keys where name = 'cursor';

-- name: mark_purged_through :exec
-- Raises the purge horizon after tombstones up to a version were deleted.
-- $1 ledger name, $2 highest purged version
update directory.ledgers set purged_through = greatest(purged_through, $2::bigint) where name = $1::text;

-- name: refresh_statistics :exec
-- Refreshes planner statistics of users and departments (as their owner), after a bulk import.
-- no parameters
select directory.refresh_statistics();
