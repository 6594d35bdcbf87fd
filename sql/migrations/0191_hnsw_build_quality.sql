-- The chunks' HNSW index rebuilt with a candidate list of 128 while it is built (pgvector's default is 64).
-- On the benchmark's clustered 100,000-chunk corpus the default build left regions badly linked: recall@10 against
-- an exact scan moved between 0.920 and 0.995 for principals who see every chunk from one build to the next, with
-- single questions far below (bench/RESULTS.md). Rebuilt at 128 on a copy of the same corpus, every one of the 80
-- questions (four visibility classes) found all ten, and the vector leg was no slower (ef_search decides that); the
-- index keeps its size (781 MB). Existing installations rebuild it here, with the table's writes waiting meanwhile.
set local maintenance_work_mem = '512MB';
drop index rag.tb_doc_chunk_vector_embedding_idx;
create index tb_doc_chunk_vector_embedding_idx on rag.tb_doc_chunk_vector
  using hnsw (embedding vector_cosine_ops) with (ef_construction = 128);
