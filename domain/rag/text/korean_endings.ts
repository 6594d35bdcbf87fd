/**
 * Word lists for the Korean stripper: particles (josa) and predicate endings (eomi), tagged with the
 * Sejong tag set, plus question words. Each rule says what the syllable before the suffix must end in,
 * because particles alternate on it (이/가, 은/는, 을/를, 과/와, 으로/로), and that alternation is the
 * cheapest guard against cutting a noun that merely ends like a particle (나이, 사과, 국가).
 */

/** What the syllable before a suffix must end in: a final consonant (batchim), none, either, or none/ㄹ. */
export type Attach = "consonant" | "vowel" | "any" | "vowel_or_rieul";

/** One strippable suffix: its surface form, the attachment it needs, the shortest stem it may leave. */
export interface SuffixRule {
  suffix: string;
  attach: Attach;
  /** Syllables the stem must keep; 2 where the suffix is also a common last syllable of nouns. */
  minStem: number;
  /** Sejong tag(s), for the reader; the stripper does not branch on it. */
  tag: string;
}

type Row = [suffix: string, attach: Attach, minStem: number, tag: string];

/**
 * Case, auxiliary and conjunctive particles. Left out on purpose, because they collide with the last
 * syllable of common nouns and hardly occur in documents: JKV vocatives 아/야/여 (아시아, 분야), bare
 * JX 나 (바나나), JKB 께 (함께). Single syllables that also end many nouns keep two syllables of stem:
 * 가 (대가, 주가), 도 (정도, 인도), 만 (대만), 며, 랑, 뿐, 라도, 대로, 하고.
 */
const SIMPLE_JOSA: Row[] = [
  ["이", "consonant", 1, "JKS/JKC"],
  ["가", "vowel", 2, "JKS/JKC"],
  ["께서", "any", 1, "JKS"],
  ["의", "any", 1, "JKG"],
  ["을", "consonant", 1, "JKO"],
  ["를", "vowel", 1, "JKO"],
  ["에", "any", 1, "JKB"],
  ["에서", "any", 1, "JKB"],
  ["에게", "any", 1, "JKB"],
  ["에게서", "any", 1, "JKB"],
  ["한테", "any", 1, "JKB"],
  ["으로", "consonant", 1, "JKB"],
  ["로", "vowel_or_rieul", 1, "JKB"],
  ["으로서", "consonant", 1, "JKB"],
  ["로서", "vowel_or_rieul", 1, "JKB"],
  ["으로써", "consonant", 1, "JKB"],
  ["로써", "vowel_or_rieul", 1, "JKB"],
  ["으로부터", "consonant", 1, "JKB"],
  ["로부터", "vowel_or_rieul", 1, "JKB"],
  ["에서부터", "any", 1, "JKB"],
  ["처럼", "any", 1, "JKB"],
  ["보다", "any", 1, "JKB"],
  ["만큼", "any", 1, "JKB"],
  ["대로", "any", 2, "JKB"],
  ["와", "vowel", 1, "JKB/JC"],
  ["과", "consonant", 1, "JKB/JC"],
  ["하고", "any", 2, "JKB/JC"],
  ["랑", "vowel", 2, "JKB/JC"],
  ["이랑", "consonant", 1, "JKB/JC"],
  ["이며", "any", 1, "JC/VCP+EC"],
  ["며", "vowel", 2, "JC"],
  ["라고", "vowel", 2, "JKQ"],
  ["이라고", "consonant", 1, "JKQ"],
  ["은", "consonant", 1, "JX"],
  ["는", "vowel", 1, "JX"],
  ["도", "any", 2, "JX"],
  ["만", "any", 2, "JX"],
  ["까지", "any", 1, "JX"],
  ["부터", "any", 1, "JX"],
  ["마저", "any", 1, "JX"],
  ["조차", "any", 1, "JX"],
  ["밖에", "any", 1, "JX"],
  ["뿐", "any", 2, "JX"],
  ["마다", "any", 1, "JX"],
  ["씩", "any", 1, "JX"],
  ["이나", "consonant", 1, "JX/JC"],
  ["든지", "any", 1, "JX"],
  ["이든지", "consonant", 1, "JX"],
  ["라도", "vowel", 2, "JX"],
  ["이라도", "consonant", 1, "JX"],
];

/** Particles that take a second one (에서+는, 으로+의, 까지+도). */
const STACKING_FIRST = new Set(
  [
    "에",
    "에서",
    "에게",
    "으로",
    "로",
    "와",
    "과",
    "까지",
    "부터",
    "께서",
    "보다",
    "만",
    "처럼",
    "한테",
    "으로서",
    "로서",
  ],
);

/** Second particles of a stack: the form after a consonant, the form after a vowel, the tag. */
const STACKING_SECOND: [string, string, string][] = [
  ["은", "는", "JX"],
  ["도", "도", "JX"],
  ["의", "의", "JKG"],
  ["만", "만", "JX"],
  ["을", "를", "JKO"],
  ["이", "가", "JKS"],
  ["으로", "로", "JKB"],
];

/** Every particle rule: the simple ones and the two-particle stacks made from them. */
export function josaRules(): SuffixRule[] {
  const rules = SIMPLE_JOSA.map(toRule);
  for (const [first, attach, minStem, tag] of SIMPLE_JOSA.filter(([s]) => STACKING_FIRST.has(s))) {
    for (const [afterConsonant, afterVowel, second] of STACKING_SECOND) {
      if (first === "만" && afterConsonant === "만") continue;
      const suffix = first + (hasFinal(first.at(-1)!) ? afterConsonant : afterVowel);
      rules.push({ suffix, attach, minStem, tag: `${tag}+${second}` });
    }
  }
  return rules;
}

function toRule([suffix, attach, minStem, tag]: Row): SuffixRule {
  return { suffix, attach, minStem, tag };
}

/** The index (0 = none) of a Hangul syllable's final consonant, -1 for anything else; 8 is ㄹ, 20 is ㅆ. */
export function finalIndex(syllable: string): number {
  const code = syllable.charCodeAt(0) - 0xac00;
  return code >= 0 && code < 11172 ? code % 28 : -1;
}

function hasFinal(syllable: string): boolean {
  return finalIndex(syllable) > 0;
}

/** Final consonants that fuse into an open syllable: 하 + ㄴ = 한, 되 + ㅂ니다 = 됩니다. */
const FUSING = { n: 4, l: 8, m: 16, b: 17 } as const;

/**
 * Endings after a vowel-final predicate stem (하, 되, 시키, 당하, 이): a leading n/l/m/b fuses into
 * the stem's last syllable as ㄴ/ㄹ/ㅁ/ㅂ. EF 다 ㄴ다 ㅂ니다 는가 ㄴ가 ㄹ까; ETM 는 ㄴ ㄹ 던 ㄴ다는;
 * ETN ㅁ 기 (and 기 with a particle); EC 고 며 면 면서 지 지만 게 도록 는데 자 려고 려면 ㄴ다고 는지 ㄹ지 ㄴ지.
 */
const AFTER_STEM = ("다 n다 b니다 는가 n가 l까 는 n l 던 n다는 m 기 기도 기로 기를 기에 " +
  "고 며 면 면서 지 지만 게 도록 는데 자 려고 려면 n다고 는지 l지 n지").split(" ");

/** EC 아/어 alone or with 서, 야, 도, after the infinitive form (해, 되어, 시켜). */
const AFTER_INFINITIVE = ["", "서", "야", "도"];

/** EF/EC/ETM/ETN after the past tense 었 (EP): 했다, 되었으며, 있었던, 났을. */
export const AFTER_PAST: readonly string[] = ("다 고 으며 던 을 지만 습니다 는데 으나 다는 다고 다가 으므로 음 " +
  "는지 을까 는가 기 기에 으면").split(" ");

/** A vowel-final predicate stem with its infinitive and past forms. */
interface Predicate {
  stem: string;
  infinitive: string[];
  past: string[];
  attach: Attach;
  minStem: number;
  tag: string;
}

/** Light verbs that make a noun a predicate (XSV 하다, 되다, 시키다, 당하다) and the copula (VCP 이다). */
const PREDICATES: Predicate[] = [
  { stem: "하", infinitive: ["해", "하여"], past: ["했", "하였"], attach: "any", minStem: 2, tag: "XSV" },
  { stem: "되", infinitive: ["돼", "되어"], past: ["됐", "되었"], attach: "any", minStem: 2, tag: "XSV" },
  { stem: "시키", infinitive: ["시켜"], past: ["시켰"], attach: "any", minStem: 2, tag: "XSV" },
  { stem: "당하", infinitive: ["당해", "당하여"], past: ["당했", "당하였"], attach: "any", minStem: 2, tag: "XSV" },
  // Written Korean keeps the copula's 이 after vowels too (왕비이다, 목회자이다), so it attaches to either.
  { stem: "이", infinitive: ["이어"], past: ["이었"], attach: "any", minStem: 1, tag: "VCP" },
];

/** Expands one predicate into its inflected suffixes. */
function predicateRules(p: Predicate): SuffixRule[] {
  const last = p.stem.at(-1)!, head = p.stem.slice(0, -1);
  const fuse = (ending: string) => {
    const final = FUSING[ending[0] as keyof typeof FUSING];
    return final ? head + String.fromCharCode(last.charCodeAt(0) + final) + ending.slice(1) : p.stem + ending;
  };
  const forms = [p.stem, ...AFTER_STEM.map(fuse)];
  for (const inf of p.infinitive) forms.push(...AFTER_INFINITIVE.map((e) => inf + e));
  for (const past of p.past) forms.push(...AFTER_PAST.map((e) => past + e));
  // A one-syllable form (한, 인, 함) also ends many nouns (제한, 원인, 포함), so it must leave two syllables.
  return forms.map((suffix) => ({
    suffix,
    attach: p.attach,
    minStem: suffix.length === 1 ? Math.max(p.minStem, 2) : p.minStem,
    tag: `${p.tag}+E`,
  }));
}

/**
 * The copula after a vowel-final noun drops its 이 (학교였다, 학교라는). Bare 다 is not listed (바다,
 * 캐나다), and 라- forms keep two syllables because 라 ends nouns too (나라는 is 나라 + 는).
 */
const COPULA_WITHOUT_I: Row[] = [
  ...AFTER_PAST.map((e): Row => ["였" + e, "vowel", 1, "VCP+EP+E"]),
  ["라는", "vowel", 2, "VCP+ETM"],
  ["란", "vowel", 2, "VCP+ETM"],
  ["라서", "vowel", 2, "VCP+EC"],
  ["라면", "vowel", 2, "VCP+EC"],
  ["이라는", "any", 1, "VCP+ETM"],
  ["이란", "any", 1, "VCP+ETM"],
  ["이라서", "any", 1, "VCP+EC"],
  ["이라면", "any", 1, "VCP+EC"],
  ["입니다", "any", 1, "VCP+EF"],
  ["이자", "any", 1, "VCP+EC"],
];

/**
 * Endings on any verb or adjective stem, written out: past 었/았 + ending, and the endings that need
 * a consonant-final stem (있으며, 먹는다, 있습니다). Contracted past forms (났다, 갔다) hide 었 in the
 * stem's last syllable and are handled by the stripper itself.
 */
const GENERIC_ENDINGS: Row[] = [
  ...["었", "았"].flatMap((p) => AFTER_PAST.map((e): Row => [p + e, "any", 1, "EP+E"])),
  ["으며", "consonant", 1, "EC"],
  ["으면", "consonant", 1, "EC"],
  ["으면서", "consonant", 1, "EC"],
  ["으나", "consonant", 1, "EC"],
  ["으므로", "consonant", 1, "EC"],
  ["는다", "consonant", 1, "EF"],
  ["는데", "any", 1, "EC"],
  ["습니다", "consonant", 1, "EF"],
  ["지만", "any", 2, "EC"],
  ["거나", "any", 1, "EC"],
  ["어서", "any", 1, "EC"],
  ["아서", "any", 1, "EC"],
  ["어야", "any", 1, "EC"],
  ["아야", "any", 1, "EC"],
  ["는지", "any", 1, "EC"],
  ["은지", "consonant", 1, "EC"],
];

/** Every predicate-ending rule: light verbs, copula and generic endings. */
export function endingRules(): SuffixRule[] {
  return [...PREDICATES.flatMap(predicateRules), ...COPULA_WITHOUT_I.map(toRule), ...GENERIC_ENDINGS.map(toRule)];
}

/** The plural suffix (XSN 들), stripped after the particles: 학생들의 -> 학생. */
export const PLURAL: SuffixRule = { suffix: "들", attach: "any", minStem: 2, tag: "XSN" };

/**
 * Question words (interrogative pronouns, determiners and adverbs). They say what is asked, not what
 * the answering passage contains, so neither questions nor documents are indexed by them.
 */
export const QUESTION_WORDS: ReadonlySet<string> = new Set(
  "무엇 뭐 뭘 누구 누가 언제 어디 어느 몇 얼마 얼마나 어떤 어떠한 어떻게 왜 무슨".split(" "),
);
