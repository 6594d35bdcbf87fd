/** The directory's decisions: the only surface routes and jobs import. */
export * from "./context.ts";
export * from "./cursor.ts";
export * from "./credentials.ts";
export * from "./paging.ts";
export * from "./users.ts";
export * from "./user_records.ts";
export * from "./user_writes.ts";
export * from "./departments.ts";
export * from "./companies.ts";
export * from "./sync_status.ts";
export * from "./maintenance.ts";
export * from "./audit.ts";
export * as schemas from "./schemas.ts";
export * from "./import_format.ts";
export * from "./user_groups.ts";
export * from "./snapshots.ts";
export * from "./dashboard.ts";
export * from "./user_tokens.ts";
