-- Run by the migrator after every migration, in its transaction: hands each privilege the migration granted to
-- the migration group (backbone_rw, the name every migration writes) over to this installation's runtime group,
-- which provisioning recorded in public.installation. So no privilege is ever committed to a group that another
-- installation in the same cluster shares, and migrations keep naming one fixed group.
do $$
declare
  target name := (select runtime_group from public.installation);
  legacy oid := (select oid from pg_roles where rolname = 'backbone_rw');
  grant_of record;
begin
  if target is null then
    raise exception 'this database has no installation groups (public.installation): provision it again (deno task setup)';
  end if;
  if legacy is null then
    return;
  end if;
  for grant_of in
    select format('%s on schema %I', a.privilege_type, n.nspname) as what
      from pg_namespace n, aclexplode(n.nspacl) a where a.grantee = legacy
    union all
    select format('%s on %s %s', a.privilege_type, case c.relkind when 'S' then 'sequence' else 'table' end,
                  c.oid::regclass)
      from pg_class c, aclexplode(c.relacl) a where a.grantee = legacy
    union all
    select format('%s on routine %s', a.privilege_type, p.oid::regprocedure)
      from pg_proc p, aclexplode(p.proacl) a where a.grantee = legacy
  loop
    execute format('grant %s to %I', grant_of.what, target);
    execute format('revoke %s from backbone_rw', grant_of.what);
  end loop;
end
$$;
