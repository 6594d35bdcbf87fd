-- A user that moves to another company leaves the first company's companyId-filtered change feed: the feed
-- must carry it as a tombstone (README: a user that no longer matches the filters comes as a tombstone), but
-- the user's row no longer names that company. Each move out of a company is kept here at the move's version;
-- moving back removes it, since the live record then speaks for the user again.

create table directory.user_company_departures (
  user_id uuid not null references directory.users (id) on delete cascade,
  company_id uuid not null references directory.companies (id) on delete cascade,
  version bigint not null,
  departed_at timestamptz not null default now(),
  primary key (user_id, company_id)
);
comment on table directory.user_company_departures is
  'The last move of each user out of each company, at the version of the move: a tombstone in that company''s feed.';
create index user_company_departures_feed_idx on directory.user_company_departures (company_id, version, user_id);
grant select, insert, update, delete on directory.user_company_departures to backbone_rw;

create function directory.record_company_departure() returns trigger
language plpgsql as $$
begin
  insert into directory.user_company_departures (user_id, company_id, version)
  values (new.id, old.company_id, new.version)
  on conflict (user_id, company_id) do update set version = excluded.version, departed_at = now();
  delete from directory.user_company_departures where user_id = new.id and company_id = new.company_id;
  return null;
end
$$;
comment on function directory.record_company_departure() is
  'Records a user''s move out of a company, whichever statement moved it (an edit, an import).';
create trigger users_company_departure after update of company_id on directory.users
  for each row when (old.company_id is distinct from new.company_id)
  execute function directory.record_company_departure();
