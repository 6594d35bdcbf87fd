-- Change notifications for portals (issue 19): a portal's webhook subscriptions, the changes they are owed,
-- how far each subscription has been delivered per resource, and its recent delivery attempts.
-- A change is recorded by a trigger in the transaction that makes it, with the row's ledger version, so a
-- committed change is never missed; versions follow commit order (0001), so "delivered through version N" of
-- a resource means every change of it up to N has been sent.

create table directory.webhook_subscriptions (
  id uuid primary key default gen_random_uuid(),
  portal_id text not null check (length(portal_id) between 1 and 100),
  url text not null check (length(url) between 1 and 2048),
  resources text[] not null check (
    cardinality(resources) between 1 and 5
    and resources <@ array['users', 'departments', 'user-groups', 'glossary-terms', 'content-term-links']),
  company_id uuid references directory.companies (id) on delete cascade,
  state text not null default 'active' check (state in ('active', 'paused', 'failing')),
  secret text not null,
  previous_secret text,
  rotation_ends_at timestamptz,
  consecutive_failures int not null default 0,
  failing_since timestamptz,
  next_attempt_at timestamptz not null default now(),
  last_success_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on column directory.webhook_subscriptions.previous_secret is
  'The secret before the last rotation: deliveries are signed with both until rotation_ends_at.';
comment on column directory.webhook_subscriptions.state is
  'active: delivered; paused: by its portal; failing: gave up after failing for the give-up period (its portal resumes it).';
comment on column directory.webhook_subscriptions.next_attempt_at is 'After a failure, the backoff: no attempt before this.';
create index webhook_subscriptions_portal_idx on directory.webhook_subscriptions (portal_id, created_at, id);
grant select, insert, update, delete on directory.webhook_subscriptions to backbone_rw;

create table directory.webhook_cursors (
  subscription_id uuid not null references directory.webhook_subscriptions (id) on delete cascade,
  resource text not null,
  delivered_through bigint not null,
  primary key (subscription_id, resource)
);
comment on table directory.webhook_cursors is
  'Per subscription and resource, the version through which every change was delivered (it only grows).';
grant select, insert, update, delete on directory.webhook_cursors to backbone_rw;

create table directory.webhook_changes (
  resource text not null,
  data_version bigint not null,
  record_id text not null,
  company_id uuid
);
comment on table directory.webhook_changes is
  'One row per changed record while some subscription covers its resource; purged once every subscription is past it.';
create index webhook_changes_version_idx on directory.webhook_changes (resource, data_version);
grant select, insert, delete on directory.webhook_changes to backbone_rw;

create table directory.webhook_deliveries (
  id bigint generated always as identity primary key,
  subscription_id uuid not null references directory.webhook_subscriptions (id) on delete cascade,
  message_id text not null,
  resource text not null,
  from_data_version bigint not null,
  data_version bigint not null,
  id_count int not null,
  status int,
  error text,
  duration_ms int not null,
  at timestamptz not null default now()
);
comment on table directory.webhook_deliveries is 'The recent attempts of each subscription (the newest 50 are kept), for the console.';
create index webhook_deliveries_subscription_idx on directory.webhook_deliveries (subscription_id, id desc);
grant select, insert, delete on directory.webhook_deliveries to backbone_rw;

-- Records a changed row (argument: its resource) when some subscription covers the resource and the row took a
-- new version, and wakes each active subscription of the resource once per transaction through the outbox.
create function directory.record_webhook_change() returns trigger
language plpgsql as $$
declare
  res text := tg_argv[0];
  rec jsonb := to_jsonb(new);
  -- The resources whose subscriptions this transaction has woken already (transaction-local, comma-separated).
  woken text := coalesce(nullif(current_setting('directory.webhook_woken', true), ''), '');
begin
  if tg_op = 'UPDATE' and (to_jsonb(old)->>'version') = (rec->>'version') then
    return null;
  end if;
  if not exists (select 1 from directory.webhook_subscriptions where res = any(resources)) then
    return null;
  end if;
  insert into directory.webhook_changes (resource, data_version, record_id, company_id)
  values (res, (rec->>'version')::bigint, coalesce(rec->>'id', rec->>'content_key'), (rec->>'company_id')::uuid);
  if not res = any(string_to_array(woken, ',')) then
    perform set_config('directory.webhook_woken', concat_ws(',', nullif(woken, ''), res), true);
    insert into directory.outbox (stream, payload)
    select 'directory:webhook-delivery',
           jsonb_build_object('jobId', gen_random_uuid(), 'subscriptionId', s.id, 'portalId', s.portal_id)
    from directory.webhook_subscriptions s
    where res = any(s.resources) and s.state = 'active';
  end if;
  return null;
end
$$;
comment on function directory.record_webhook_change() is
  'Webhook change capture: a row per new version of a covered resource, and one outbox wake-up per transaction.';

create trigger users_webhook_change after insert or update on directory.users
  for each row execute function directory.record_webhook_change('users');
create trigger departments_webhook_change after insert or update on directory.departments
  for each row execute function directory.record_webhook_change('departments');
create trigger user_groups_webhook_change after insert or update on directory.user_groups
  for each row execute function directory.record_webhook_change('user-groups');
create trigger terms_webhook_change after insert or update on directory.terms
  for each row execute function directory.record_webhook_change('glossary-terms');
create trigger content_term_links_webhook_change after insert or update on directory.content_term_links
  for each row execute function directory.record_webhook_change('content-term-links');
