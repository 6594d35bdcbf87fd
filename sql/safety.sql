-- name: role_privileges :one
-- What the connected role could do beyond its grants: superuser, BYPASSRLS, or owning (directly or through
-- an inherited role) any relation outside the system schemas. The service refuses to start on any of them.
-- no parameters
select r.rolsuper as superuser,
       r.rolbypassrls as bypass_rls,
       (select count(*)
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
         where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
           and pg_has_role(current_user, c.relowner, 'USAGE'))::int as owned_relations
from pg_roles r
where r.rolname = current_user;
