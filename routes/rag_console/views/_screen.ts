/** What every screen of the retrieval console receives, and the checks its query or body goes through. */
import type { JSX } from "hono/jsx/jsx-runtime";
import type { z } from "zod";
import { AppError } from "@/domain/errors.ts";
import type { Principal } from "@/domain/rag/mod.ts";
import type { Logger } from "@/lib/log.ts";
import { fieldErrors } from "../../_errors.ts";
import type { RagRouteDeps } from "../../rag/_shared.ts";
import type { Lang } from "../_i18n.ts";

/** One request for a screen: the administrator it runs as, the language, and what it was sent. */
export interface Screen {
  deps: RagRouteDeps;
  principal: Principal;
  lang: Lang;
  query: URLSearchParams;
  /** The JSON body of a posted screen (the test bench); undefined for a plain load. */
  body: unknown;
  log: Logger;
}

/** A screen: renders an HTML fragment. */
export type View = (s: Screen) => Promise<JSX.Element>;

/** Validates a screen's query (or body) once, at the edge: 400 invalid_request naming each field. */
export function parsed<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) {
    throw new AppError("invalid_request", "The screen's parameters are not valid", {
      errors: fieldErrors(r.error),
    });
  }
  return r.data;
}

/** The query as a plain object, for `parsed`. */
export const queryObject = (q: URLSearchParams) => Object.fromEntries(q);

/** A number shown with at most four decimals, or a dash. */
export function shownScore(v: number | null | undefined): string {
  return v === null || v === undefined ? "-" : String(Math.round(v * 10_000) / 10_000);
}
