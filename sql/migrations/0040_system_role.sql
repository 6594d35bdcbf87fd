-- System work stops being a setting. rag.app_current_is_system() read my.app_system, which any session could set
-- (select set_config('my.app_system', 'true', true)) to read every tenant's rows through the policies' system
-- branch. The service's system work (workers, retention, organization sync, its own bookkeeping) now runs as a
-- login role of its own (DATABASE_SYSTEM_URL), a member of the installation's system group, and the function asks
-- whether the current role is a member of that group. The request role is not one and cannot SET ROLE to one (the
-- service refuses to start otherwise), so nothing a request's session sets widens what it sees. The group's name
-- is the one provisioning recorded in public.installation (a database cloned from this one stays the same
-- installation); without that record, or without the group, nobody is the system. Every policy keeps its shape.
create or replace function rag.app_current_is_system() returns boolean language sql stable as $$
  select coalesce((select pg_has_role(current_user, r.oid, 'MEMBER')
                     from public.installation i join pg_roles r on r.rolname = i.system_group), false)
$$;
comment on function rag.app_current_is_system() is
  'True for a member of the installation''s system group (the system role); no setting can make it true.';
