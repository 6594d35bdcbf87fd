/** Glossary text matching: notation keys, the term automaton, markup stripping and unknown acronyms. */
export { type FoldedText, foldText, normalizeNotation } from "./normalize.ts";
export { buildMatcher, isOccurrence, type TermMatch, type TermMatcher, type TermSurface } from "./matcher.ts";
export { type MarkupType, stripMarkup } from "./text.ts";
export { findAcronyms } from "./acronyms.ts";
