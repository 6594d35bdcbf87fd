-- name: set_principal :exec
-- Sets the principal for the rest of the transaction only (is_local = true): nothing survives commit or
-- rollback on a pooled connection, where an ended setting reads back as '' and admits nothing.
-- $1 tenant id, $2 organization id, $3 clearance level, $4 is admin, $5 public organization id,
-- $6 installation operator, $7 user (the token's sub), $8 the portal the token speaks for
select set_config('my.app_tenant_id', $1::text, true),
       set_config('my.app_user_org_id', $2::text, true),
       set_config('my.app_user_clearance_level', $3::text, true),
       set_config('my.app_is_admin', $4::text, true),
       set_config('my.app_public_org_id', $5::text, true),
       set_config('my.app_is_operator', $6::text, true),
       set_config('my.app_subject', $7::text, true),
       set_config('my.app_portal_id', $8::text, true);
