-- The searches' organization condition uses the leakproof &&~ (sql/bootstrap.sql) so that a GIN
-- index can serve it for a principal bound by the chunks' policy; an index of the default array
-- opclass serves only plain &&, which nothing reads the chunks by any more.
create index tb_doc_chunk_vector_organizations_idx on rag.tb_doc_chunk_vector
  using gin (organization_ids public.uuid_array_lp_ops);
drop index rag.tb_doc_chunk_vector_scope_idx;
