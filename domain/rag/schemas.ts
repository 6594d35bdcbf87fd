/** The retrieval service's request and record schemas (plain zod, registered as OpenAPI components). */
import { z } from "zod";

/** Security levels, lowest first. */
export const SECURITY_LEVELS = ["PUBLIC", "INTERNAL", "CONFIDENTIAL", "RESTRICTED"] as const;

/** The seed's document ingestion request. */
export const IngestionRequest = z.strictObject({
  portalId: z.string().trim().min(1).max(100).regex(/^[^:\s]+$/, "must not contain ':' or spaces"),
  sourceDocumentId: z.uuid(),
  sourceVersion: z.string().trim().min(1).max(200),
  tenantId: z.uuid(),
  organizationIds: z.array(z.uuid()).min(1).max(100),
  securityLevel: z.enum(SECURITY_LEVELS),
  classification: z.string().max(200).optional(),
  title: z.string().trim().min(1).max(1000),
  contentLocator: z.string().min(1).max(4000),
  checksum: z.string().regex(/^[0-9a-f]{64}$/, "must be the lowercase hex SHA-256 of the body"),
  contentType: z.string().min(1).max(200),
  registrant: z.strictObject({ id: z.string().min(1).max(200), departmentCode: z.string().max(100) }),
  sizeBytes: z.number().int().min(0),
}).meta({ id: "IngestionRequest" });

/** An ingestion request. */
export type IngestionRequest = z.output<typeof IngestionRequest>;
