/** Names for the generated record types a portal handles most. */
import type { components } from "./schema.gen.ts";

type Schemas = components["schemas"];
/** A user as the directory serves it. */
export type DirectoryUser = Schemas["DirectoryUser"];
/** A department as the directory serves it. */
export type Department = Schemas["Department"];
/** A common user group; `deleted: true` marks a tombstone. */
export type UserGroup = Schemas["UserGroup"];
/** What a change feed gives for a record that is gone (deleted, or no longer matching the feed's filter). */
export type Tombstone = Schemas["Tombstone"];
/** The approved ontology pack. */
export type OntologyPack = Schemas["OntologyPack"];
/** One user's entry in an authorization snapshot. */
export type AuthorizationEntry = Schemas["AuthorizationEntry"];
/** What a stored authorization snapshot answers. */
export type AuthorizationSnapshotReceipt = Schemas["AuthorizationSnapshotReceipt"];

/** A list answer's envelope. */
export interface ListPage<T> {
  data: { items: T[]; nextCursor: string | null };
  meta: { dataVersion: number; generatedAt: string };
}
