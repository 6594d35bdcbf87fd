-- name: terms_by_keys :many
-- Terms holding any of the given notation keys.
-- $1 notation keys
select id, notation_key, status from directory.terms where notation_key = any($1::text[]);

-- name: insert_proposals :many
-- Creates proposed terms from a JSON array of {notation, notationKey, definition, aliases, abbreviations, scope, evidence}.
-- $1 proposals, $2 proposing portal, $3 version
insert into directory.terms (notation, notation_key, definition, aliases, abbreviations, scope, evidence, proposed_by, version)
select p.notation, p."notationKey", coalesce(p.definition, ''), coalesce(p.aliases, '{}'), coalesce(p.abbreviations, '{}'),
       p.scope, coalesce(p.evidence, '[]'), $2::text, $3::bigint
from jsonb_to_recordset($1::jsonb) as p(notation text, "notationKey" text, definition text, aliases text[],
  abbreviations text[], scope text, evidence jsonb)
returning id, notation;

-- name: get_term :one
-- One term with its wire record, locked for the rest of the transaction.
-- $1 term id
select t.id, t.notation, t.notation_key, t.aliases, t.abbreviations, t.definition, t.scope, t.status, t.is_active,
       t.evidence, t.proposed_by, t.version, v.doc
from directory.terms t join directory.term_view v on v.id = t.id
where t.id = $1::uuid
for update of t;

-- name: update_term :exec
-- Writes a term's editable fields (status is never written here).
-- $1 id, $2 notation, $3 notation key, $4 definition, $5 aliases, $6 abbreviations, $7 scope, $8 active, $9 version
update directory.terms set notation = $2::text, notation_key = $3::text, definition = $4::text, aliases = $5::text[],
  abbreviations = $6::text[], scope = $7::text, is_active = $8::bool, version = $9::bigint, updated_at = now()
where id = $1::uuid;

-- name: decide_term :exec
-- Records an administrator's decision on a term's status.
-- $1 id, $2 status, $3 decided by, $4 version
update directory.terms set status = $2::text, decided_by = $3::text, decided_at = now(), version = $4::bigint,
  updated_at = now()
where id = $1::uuid;

-- name: list_terms :one
-- One page of terms by id as a JSON array, optionally of one status and matching a notation fragment.
-- $1 status, $2 lowercase LIKE pattern on the notation key, $3 id to continue after, $4 limit
with page as (
  select v.id, v.doc, row_number() over (order by v.id) as n
  from (
    select id, doc from directory.term_view
    where ($1::text is null or status = $1::text)
      and ($2::text is null or notation_key like $2::text)
      and ($3::uuid is null or id > $3::uuid)
    order by id
    limit $4::int + 1
  ) v
)
select (select version from directory.ledgers where name = 'glossary') as data_version,
       coalesce((select json_agg(doc order by n) from page where n <= $4::int), '[]')::text as items,
       (select id from page where n = $4::int) as last_id,
       (select count(*) from page) > $4::int as more;

-- name: matching_terms :one
-- One page of the matching dictionary: approved, active terms changed after a version, by (version, id); a term
-- that changed but is no longer approved and active is a tombstone. Narrowed by scope (null scope: everywhere).
-- $1 since version, $2 scopes (empty: all), $3 version to continue after, $4 id to continue after, $5 limit
with page as (
  select t.id, t.version, row_number() over (order by t.version, t.id) as n,
         case when t.status = 'approved' and t.is_active
              then json_build_object('id', t.id, 'notation', t.notation, 'aliases', t.aliases,
                     'abbreviations', t.abbreviations, 'definition', t.definition, 'version', t.version)
              else json_build_object('id', t.id, 'deleted', true, 'version', t.version) end as doc
  from (
    select * from directory.terms
    where version > $1::bigint
      and (cardinality($2::text[]) = 0 or scope is null or scope = any($2::text[]))
      and ($3::bigint is null or (version, id) > ($3::bigint, $4::uuid))
      and ($1::bigint > 0 or (status = 'approved' and is_active))
    order by version, id
    limit $5::int + 1
  ) t
)
select (select version from directory.ledgers where name = 'glossary') as data_version,
       coalesce((select json_agg(doc order by n) from page where n <= $5::int), '[]')::text as items,
       (select version from page where n = $5::int) as last_version,
       (select id from page where n = $5::int) as last_id,
       (select count(*) from page) > $5::int as more;

-- name: dictionary :many
-- Every approved, active term's surfaces, for building the matcher.
-- no parameters
select id, notation, aliases, abbreviations from directory.terms where status = 'approved' and is_active;

-- name: known_surfaces :many
-- Every term's notation, aliases and abbreviations whatever its status, to tell unknown words from known ones.
-- no parameters
select notation, aliases, abbreviations from directory.terms;

-- name: dictionary_version :one
-- A fingerprint of the matching dictionary: the highest version and the count of approved, active terms.
-- A term that joins or is edited takes a new version; one that leaves changes the count.
-- no parameters
select coalesce(max(version), 0) || ':' || count(*) as version from directory.terms where status = 'approved' and is_active;

-- name: pack_version :one
-- The highest version among terms and relations: the ontology pack can only have changed when it moves.
-- no parameters
select greatest((select coalesce(max(version), 0) from directory.terms),
                (select coalesce(max(version), 0) from directory.term_relations)) as version;

-- name: pack_concepts :many
-- Approved, active terms in the scopes (null scope: everywhere), changed after a version.
-- $1 scopes (empty: all), $2 since version
select id, notation, aliases, abbreviations, definition, scope from directory.terms
where status = 'approved' and is_active and version > $2::bigint
  and (cardinality($1::text[]) = 0 or scope is null or scope = any($1::text[]))
order by notation_key;

-- name: pack_relations :many
-- Live relations whose source (and target term, if any) are approved, active and in the scopes, changed after a version.
-- $1 scopes (empty: all), $2 since version
select r.source_id, r.type, coalesce(r.target_term_id::text, r.target_ref) as target_id
from directory.term_relations r
join directory.terms s on s.id = r.source_id
left join directory.terms t on t.id = r.target_term_id
where r.deleted_at is null and r.version > $2::bigint
  and s.status = 'approved' and s.is_active
  and (cardinality($1::text[]) = 0 or s.scope is null or s.scope = any($1::text[]))
  and (r.target_term_id is null or (t.status = 'approved' and t.is_active
       and (cardinality($1::text[]) = 0 or t.scope is null or t.scope = any($1::text[]))))
order by r.source_id, r.type, target_id;

-- name: broader_path_exists :one
-- Whether `from` already reaches `to` by broader steps (narrower counted in reverse), so broader(to -> from) would close a cycle.
-- $1 from term id, $2 to term id
with recursive up(id) as (
  select $1::uuid
  union
  select e.parent from up
  join (
    select source_id as child, target_term_id as parent from directory.term_relations
    where type = 'broader' and deleted_at is null and target_term_id is not null
    union all
    select target_term_id, source_id from directory.term_relations
    where type = 'narrower' and deleted_at is null and target_term_id is not null
  ) e on e.child = up.id
)
select exists (select 1 from up where id = $2::uuid) as found;

-- name: insert_relation :one
-- Creates a relation.
-- $1 source id, $2 type, $3 target term id, $4 target reference, $5 version
insert into directory.term_relations (source_id, type, target_term_id, target_ref, version)
values ($1::uuid, $2::text, $3::uuid, $4::text, $5::bigint)
returning id;

-- name: delete_relation :one
-- Turns a live relation into a tombstone at a version.
-- $1 id, $2 version
update directory.term_relations set deleted_at = now(), version = $2::bigint where id = $1::uuid and deleted_at is null
returning id;

-- name: relations_of_term :many
-- The live relations a term takes part in, either side.
-- $1 term id
select r.id, r.source_id, r.type, coalesce(r.target_term_id::text, r.target_ref) as target_id, s.notation as source_notation,
       t.notation as target_notation
from directory.term_relations r
join directory.terms s on s.id = r.source_id
left join directory.terms t on t.id = r.target_term_id
where r.deleted_at is null and (r.source_id = $1::uuid or r.target_term_id = $1::uuid)
order by r.created_at;
