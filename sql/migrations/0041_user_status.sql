-- The directory's users as the retrieval service follows them: the organization sync job also reads the users change
-- feed (GET /users?updatedSince=...), and a user token whose subject the directory has deactivated, taken out of
-- employment or deleted is refused, so a departed user's token stops working within a minute, not at its expiry.
-- Only the system role reads or writes it (the service checks a token's subject on its system pool).
create table rag.tb_user_status (
  user_id uuid primary key,
  tenant_id uuid,
  active boolean not null,
  directory_version bigint not null,
  synced_at timestamptz not null default now()
);
comment on table rag.tb_user_status is
  'Each directory user the sync has seen: active = isActive and employmentStatus ACTIVE and not deleted.';
comment on column rag.tb_user_status.directory_version is
  'The version of the user''s last change applied; an older reading never overwrites a newer one.';
alter table rag.tb_user_status enable row level security;
alter table rag.tb_user_status force row level security;
create policy user_status_system on rag.tb_user_status for all
  using ((select rag.app_current_is_system())) with check ((select rag.app_current_is_system()));
grant select, insert, update on rag.tb_user_status to backbone_rw;
