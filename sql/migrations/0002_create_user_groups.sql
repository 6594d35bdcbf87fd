-- Common user groups: the one kind of group held in the central ledger (seed 1.3). Portals pull
-- them by version (tombstones included) and push changes based on the version they saw; the
-- groups ledger stamps every change, so a pull from version N sees every later change.

create table directory.user_groups (
  id uuid primary key,
  code text not null check (length(code) between 1 and 100),
  name text not null check (length(name) between 1 and 200),
  description text not null default '',
  company_id uuid references directory.companies (id) on delete restrict,
  version bigint not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
comment on column directory.user_groups.id is 'Chosen by the portal that creates the group (PUT /user-groups/{id}).';
create unique index user_groups_code_key on directory.user_groups (coalesce(company_id, '00000000-0000-0000-0000-000000000000'), lower(code))
  where deleted_at is null;
create index user_groups_version_idx on directory.user_groups (version, id);
grant select, insert, update, delete on directory.user_groups to backbone_rw;

create table directory.user_group_members (
  group_id uuid not null references directory.user_groups (id) on delete cascade,
  user_id uuid not null references directory.users (id) on delete cascade,
  primary key (group_id, user_id)
);
create index user_group_members_user_idx on directory.user_group_members (user_id);
grant select, insert, delete on directory.user_group_members to backbone_rw;

-- The wire record: members as an ordered array, none for a tombstone.
create view directory.user_group_view with (security_invoker = true) as
select g.id, g.company_id, g.version, g.deleted_at,
       json_build_object(
         'id', g.id, 'code', g.code, 'name', g.name, 'description', g.description, 'companyId', g.company_id,
         'memberIds', case when g.deleted_at is null
                           then coalesce((select json_agg(m.user_id order by m.user_id)
                                          from directory.user_group_members m where m.group_id = g.id), '[]')
                           else '[]' end,
         'deleted', g.deleted_at is not null, 'version', g.version,
         'updatedAt', directory.iso_time(g.updated_at)) as doc
from directory.user_groups g;
grant select on directory.user_group_view to backbone_rw;
