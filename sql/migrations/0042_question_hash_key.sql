-- The question hash in audit rows becomes keyed: a plain SHA-256 of a question can be matched by anyone who guesses
-- the question (hash "salary of X" and look it up), so it is now an HMAC-SHA-256 with this installation's own
-- secret, kept beside the pseudonym key and read, like it, only by the system role.
-- Row-level security binds the owner too (forced); only for this insert, in this transaction, it does not.
alter table rag.service_keys no force row level security;
insert into rag.service_keys (name, secret)
values ('question', decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'))
on conflict (name) do nothing;
alter table rag.service_keys force row level security;
comment on column rag.tb_rag_audit_logs.question_hash is
  'HMAC-SHA-256 of the question with the installation''s ''question'' service key (before 0042: plain SHA-256).';
