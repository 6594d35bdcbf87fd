-- name: role_privileges :one
-- What the connected role could do beyond its grants: superuser, BYPASSRLS or CREATEROLE (on PostgreSQL 15 a
-- CREATEROLE role can grant itself any other non-superuser role), membership in a superuser or BYPASSRLS role
-- (SET ROLE reaches it, inherited or not), or owning a relation outside the system schemas, itself or through
-- any role it is a member of (SET ROLE reaches those too). The service refuses to start on any of them.
-- no parameters
select r.rolsuper as superuser,
       r.rolbypassrls as bypass_rls,
       r.rolcreaterole as create_role,
       (select count(*)
          from pg_roles m
         where m.oid <> r.oid
           and (m.rolsuper or m.rolbypassrls)
           and pg_has_role(r.oid, m.oid, 'MEMBER'))::int as privileged_memberships,
       (select count(*)
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
         where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
           and pg_has_role(r.oid, c.relowner, 'MEMBER'))::int as owned_relations
from pg_roles r
where r.rolname = current_user;

-- name: is_system :one
-- Whether row-level security takes the connected role for the system: a member, directly or through any chain of
-- roles, inherited or not (SET ROLE reaches it either way), of the installation's system group.
-- no parameters
select rag.app_current_is_system() as system;
