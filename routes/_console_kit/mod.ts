/**
 * The console kit: one shell, one script, one stylesheet and the shared screen parts
 * behind both administration consoles (the directory's at /console, the retrieval
 * service's at /). Each console supplies its navigation, labels, fragment path and
 * credential mode; the kit does the rest.
 */
export { consoleKitRoutes, securityHeaders } from "./assets.ts";
export { type Lang, langOf, translator } from "./i18n.ts";
export { PROBLEMS, statusLabel } from "./words.ts";
export {
  Badge,
  FieldError,
  PAGE_SIZES,
  Pager,
  PageSize,
  pageSizeOf,
  TextDiff,
  Time,
  Title,
  ViewLink,
} from "./parts.tsx";
export { OrderHeader, orderOf } from "./ordering.tsx";
export { CONSOLE_KIT_BASE, type Credential, type CredentialLabels, shellPage, type ShellProps } from "./shell.tsx";
