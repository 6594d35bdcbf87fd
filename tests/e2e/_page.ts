/**
 * The page's globals and elements as the in-page checks read them: Deno has no DOM types, and a function that
 * runs in the page can name these types (they are erased) but no value of the test's module.
 */

/** An element as the in-page checks read it. */
export interface PageElement {
  textContent: string | null;
  checked?: boolean;
  dataset: Record<string, string | undefined>;
}

/** The page's globals as the in-page checks read them. */
export interface PageGlobals {
  document: {
    cookie: string;
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): { length: number };
  };
  localStorage: { length: number };
  sessionStorage: { length: number };
}
