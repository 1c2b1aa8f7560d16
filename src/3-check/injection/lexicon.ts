/**
 * The English signal lexicon of the injection scorer (`scorer.ts`): what each signal kind looks
 * like, with its weight. A signal is a clue, not a verdict; the scorer adds the weights of the
 * kinds a sentence (or a hidden block) holds and reports it past a threshold.
 *
 * Every pattern is bounded: gaps are `(?:\S+\s+){0,n}` or character classes with an upper bound,
 * never an unbounded repetition around an alternation, so a scan is linear in the text.
 */
import type { Severity } from "../engine/diagnostic.js";

/** What a signal says about the text. The `ask` kinds are requests; the others modify them. */
export type SignalKind =
  | "override"
  | "identity"
  | "extraction"
  | "concealment"
  | "credentials"
  | "destructive"
  | "exfiltration"
  | "execution"
  | "address"
  | "you"
  | "role-label"
  | "authority"
  | "urgency";

/** Kinds that ask the reader to do something; a verdict needs at least one. */
export const ASK_KINDS: ReadonlySet<SignalKind> = new Set([
  "override",
  "identity",
  "extraction",
  "concealment",
  "credentials",
  "destructive",
  "exfiltration",
  "execution",
]);

/** One pattern of a signal. */
export interface SignalPattern {
  kind: SignalKind;
  weight: number;
  /** Global, case-insensitive unless the pattern says otherwise. */
  re: RegExp;
  /** Message id the owning rule reports a verdict led by this pattern with. */
  messageId?: string;
  severity?: Severity;
  /** A negation just before the match (`never`, `do not`) cancels it; default true for ask kinds. */
  negatable?: boolean;
}

/**
 * Two patterns that make a signal when both occur in one unit (a sentence, or a hidden block):
 * the reader's own directives named, and a word that cancels them, in any order or wording.
 */
export interface PairPattern {
  kind: SignalKind;
  weight: number;
  first: RegExp;
  second: RegExp;
  messageId?: string;
}

const g = (source: string, flags = "gi"): RegExp => new RegExp(source, flags);

/** Nouns for directives (whole words). */
const DIRECTIVE = String.raw`(?:instructions?|directives?|rules|guidelines?|guidance|guardrails?|constraints?|restrictions?|system\s+prompt|prompt|programming)\b`;
/** More nouns that are the reader's own only when "your …" or "… you were given" says so. */
const OWN_DIRECTIVE = String.raw`(?:${DIRECTIVE}|(?:polic(?:y|ies)|configuration|training|orders)\b|(?:original|initial|actual|real)\s+task\b)`;
/** A qualifier that makes a directive someone else's topic ("instructions in README.md", "… to pin Node 18"). */
const DOMAIN = String.raw`(?!\s+(?:to|for|about|on|regarding|in|inside|under|of|at|from)\s+(?!(?:this|the|your)\s+(?:session|chat|conversation|system|prompt|configuration|context|operator|user)\b))`;
/** Context that makes "the previous instructions" the reader's: from the chat, above, given to it. */
const READER_CONTEXT = String.raw`(?:\s+(?:from|in)\s+(?:the\s+|this\s+)?(?:chat|conversation|user|operator|system|session)\b|\s+above\b)`;
/** The reader's own directives: possessed by "you", given before, or the system's. */
export const READER_DIRECTIVES = [
  String.raw`\byour\s+(?:(?:previous|prior|earlier|original|initial|current|existing|default|real|actual|old|safety|core|system|hidden|standing)\s+){0,2}${OWN_DIRECTIVE}`,
  String.raw`\b(?:all|any|every)\s+(?:of\s+)?(?:the\s+|your\s+)?(?:previous|prior|preceding|earlier|above|foregoing|original|initial|pre-?existing|system|safety)\s+${DIRECTIVE}${DOMAIN}`,
  String.raw`(?<!\b(?:my|our|their|his|her)\s+)\bthe\s+(?:previous|prior|preceding|earlier|original|initial|system|safety)\s+${DIRECTIVE}${READER_CONTEXT}`,
  String.raw`\b${OWN_DIRECTIVE}\s+(?:that\s+)?(?:you\s+(?:were|have\s+been)\s+(?:given|told|sent|configured\s+with|trained\s+(?:on|with))|you\s+(?:received|got|started(?:\s+this\s+session)?\s+with|(?:normally\s+)?follow|operate\s+under|had)|(?:the\s+)?(?:user|operator|system|developer)\s+(?:gave\s+you|set|wrote|provided)|in\s+your\s+(?:configuration|system\s+prompt|prompt|instructions|context))`,
  String.raw`\bwhat(?:ever)?\s+(?:you\s+(?:were|have\s+been)\s+(?:told|instructed|asked|programmed)|(?:the\s+)?(?:user|operator|system)\s+(?:told\s+you|said\s+to\s+you|(?:said|wrote|asked(?:\s+for)?)\s+(?:before|earlier|previously|above))|was\s+said\s+(?:above|before|earlier))`,
  String.raw`\b(?:all\s+of\s+)?the\s+(?:context|text|content)\s+above\b`,
  String.raw`\b(?:everything|anything|all(?:\s+text)?)\s+(?:that\s+)?(?:was\s+|is\s+)?(?:written|said|stated|given|listed|placed)\s+(?:before|above|ahead\s+of)\s+this\s+(?:line|point|note|message|section|paragraph)\b`,
  String.raw`\b(?:everything|anything)\s+(?:in\s+)?your\s+(?:system\s+)?prompt\b`,
  String.raw`\b(?:the\s+)?(?:very\s+)?(?:first|initial|opening)\s+(?:message|prompt|instruction)s?\s+(?:(?:that\s+)?you\s+(?:received|got|were\s+given|saw)|(?:of|in)\s+(?:this|the)\s+(?:conversation|chat|session))`,
].join("|");

/** Words that cancel, outrank or void something. */
const CANCEL = String.raw`\b(?:none\s+of|ignore|disregard|forget|discard|abandon|drop|set\s+\S+(?:\s+\S+){0,8}\s+aside|set\s+aside|put\s+aside|pay\s+no\s+attention|stop\s+following|no\s+longer|any\s+more|anymore|void|cancel(?:l?ed|s)?|revoked?|withdrawn?|supersed(?:e|es|ed)|overrid(?:e|es|den)|overrul(?:e|es|ed)|outrank(?:s|ing)?|precedence|suspended|lifted|obsolete|outdated|nullified|(?:only|just)\s+a\s+test|irrelevant|(?:do|does|did)\s*(?:not|n't)\s+(?:apply|count|matter)|clear\s+(?:\S+\s+){0,6}?from\s+(?:your\s+)?memory|reset)\b`;

/** Objects that are the reader's own configuration, for extraction. */
const SELF = String.raw`(?:${READER_DIRECTIVES}|\b(?:your\s+)?(?:system|developer|initial|configuration|setup|hidden|original)\s+(?:prompt|message|instructions|text|rules)\b|\b(?:everything|the\s+text|all\s+text)\s+(?:that\s+)?(?:came|comes|appears|was\s+written)\s+(?:before|above)|\byour\s+(?:context\s+window|guidelines|configuration|rules|instructions)\b|\bthe\s+(?:\S+\s+)?(?:rules|instructions)\s+you\s+(?:operate|work|run)\s+under\b|\b(?:setup\s+)?text\s+your\s+operator\s+gave\s+you\b)`;
const REVEAL = String.raw`\b(?:output|print|repeat|reveal|show|display|list|summari[sz]e|translate|echo(?:\s+back)?|quote|recite|write|dump|encode|include|paste|share|post|describe|tell\s+(?:me|us)|give\s+(?:me|us)|copy|send|disclose|leak|expose|spell\s+out|reproduce|type\s+out|add)\b`;

/** Pairs: the reader's directives and a cancelling word in one unit. */
export const PAIR_PATTERNS: readonly PairPattern[] = [
  { kind: "override", weight: 4, first: g(READER_DIRECTIVES), second: g(CANCEL), messageId: "override" },
  // "output the full text of the instructions you received", "summarise your system prompt"
  {
    kind: "extraction",
    weight: 4,
    first: g(String.raw`${REVEAL}(?:\s*,?\s*(?:(?!(?:its|their|his|her)\b|\S+'s\b)\S+\s+){0,5}?)(?=${SELF})`),
    second: g(SELF),
    messageId: "extraction",
  },
];

const VERB_OVERRIDE = String.raw`(?:ignore|disregard|forget|bypass|override|overrule|discard|abandon|set\s+aside|throw\s+out|(?:do\s+not|don't|never)\s+(?:follow|obey|listen\s+to)|stop\s+following|no\s+longer\s+follow)`;
const QUANT = String.raw`(?:all|any|every|each|the|your|my|these|those|of|its|their|our|such|whatever)`;
const BEFORE = String.raw`(?:previous|previously\s+given|prior|preceding|above|earlier|foregoing|former|original|initial|system|pre-?existing)`;
const OBJECT = String.raw`(?:instructions?|rules?|directives?|prompts?|context|guidelines?|guidance|guardrails?|constraints?|polic(?:y|ies)|programming|commands?|orders?|restrictions?|safeguards?|directions?|requirements?)`;
const MODES = String.raw`(?:developer|god|DAN|jailbreak|jailbroken|unrestricted|unfiltered|uncensored|sudo|admin|evil|chaos|maintenance|debug|root|no-?limits?)`;
const AI = String.raw`(?:AI|assistant|model|bot|chatbot|LLM|agent|system|shell|terminal|console|persona|character|entity|root|superuser|sudo|version\s+of\s+yourself)`;
const UNBOUND = String.raw`(?:unrestricted|unfiltered|uncensored|jailbroken|without\s+(?:any\s+)?(?:limits|restrictions|guardrails|filters|rules|(?:a\s+)?(?:content|usage)\s+polic(?:y|ies)|safety\s+(?:checks|guidelines|rules))|(?:has|have|with)\s+no\s+(?:\S+\s+)?(?:rules|limits|restrictions|guardrails|(?:content|usage)\s+polic(?:y|ies))|no\s+(?:content|usage)\s+polic(?:y|ies))`;
const PERSON = String.raw`(?:user|operator|human|owner|reviewer|maintainer|developer|person|people)s?`;

/** Single-pattern signals, by kind. */
export const SIGNAL_PATTERNS: readonly SignalPattern[] = [
  // ── override: the textbook forms (precise on their own) ──
  {
    kind: "override",
    weight: 4,
    messageId: "override",
    re: g(String.raw`\b${VERB_OVERRIDE}\s+(?:${QUANT}\s+){0,3}${BEFORE}(?:\s+(?:and|or|&)\s+${BEFORE})?\s+${OBJECT}\b`),
  },
  {
    kind: "override",
    weight: 4,
    messageId: "override",
    re: /\b(?:ignore|disregard|forget)\s+(?:all|any|every)\s+(?:of\s+)?(?:the\s+|your\s+)?(?:instructions|rules|directives|guidelines|prompts|constraints)\b/gi,
  },
  {
    kind: "override",
    weight: 4,
    messageId: "override",
    re: /\b(?:ignore|disregard|forget|bypass)\s+(?:all\s+)?your\s+(?:instructions|rules|directives|guidelines|guardrails|system\s+prompt|prompt|programming|training|restrictions|constraints|safeguards)\b/gi,
  },
  {
    kind: "override",
    weight: 4,
    messageId: "override",
    re: /\b(?:ignore|disregard|forget)\s+(?:everything|anything|all|what(?:ever)?)\s+(?:(?:that\s+)?(?:was\s+)?(?:said|written|stated|mentioned)\s+)?(?:above|before|prior|previously|earlier|you\s+(?:were|have\s+been)\s+(?:told|instructed|given))\b/gi,
  },
  {
    kind: "override",
    weight: 4,
    messageId: "override",
    re: g(String.raw`\b(?:supersedes?|overrides?|takes?\s+precedence\s+over|replaces?)\s+(?:all\s+|any\s+|the\s+|your\s+){0,2}${BEFORE}\s+${OBJECT}\b`),
  },
  {
    kind: "override",
    weight: 4,
    messageId: "override",
    re: /\b(?:ignore|disregard|forget)\s+(?:(?:all\s+of\s+)?the|everything|all)\s+(?:above|preceding|foregoing)(?=\s+(?:and|&|then)\b|\s*[.,;:!]|\s*$)/gim,
  },
  {
    kind: "override",
    weight: 4,
    messageId: "override",
    re: /\b(?:bypass|circumvent|disable|evade|turn\s+off)\s+(?:(?:all|any|the|your|of)\s+){0,2}(?:guardrails|safeguards|content\s+(?:filters?|polic(?:y|ies))|ethical\s+guidelines|safety\s+(?:guidelines|filters|policies|rules|training|checks|measures|protocols))\b/gi,
  },
  {
    kind: "override",
    weight: 4,
    messageId: "override",
    re: /\b(?:every|all|any|the|your)\s+(?:safety|security)\s+(?:checks?|filters?|guidelines|guardrails|rules|restrictions|policies)\s+(?:is|are)\s+(?:now\s+)?(?:off|disabled|lifted|suspended)\b/gi,
  },
  {
    kind: "override",
    weight: 4,
    messageId: "override",
    re: g(
      String.raw`\b(?:earlier|previous|prior|preceding|above|original|initial)\s+${DIRECTIVE}\s+(?:were|are|was|is)\s+(?:(?:just|only|merely)\s+(?:a\s+)?(?:test|drill|decoy|placeholders?)|(?:null\s+and\s+)?void|fake|not\s+(?:real|binding))`,
    ),
  },
  {
    kind: "override",
    weight: 4,
    messageId: "override",
    re: /\b(?:set|put|push|lay)\s+(?:your|the)\s+(?:system\s+prompt|guardrails|safety\s+rules|(?:original\s+|earlier\s+|previous\s+)?instructions)\s+aside\b/gi,
  },
  {
    kind: "override",
    weight: 4,
    messageId: "override",
    re: /\b(?:the\s+)?only\s+(?:instructions|rules|directives|orders)\s+(?:that|which|you)\s+(?:count|matter|apply|follow|obey)\b/gi,
  },
  {
    kind: "override",
    weight: 2,
    messageId: "override",
    re: /\bnew\s+(?:policy|rules?|instructions?|directives?|orders?)\s*:|\b(?:(?:new|top|highest|overriding)\s+priority|priority\s+0|takes\s+precedence|your\s+only\s+source\s+of\s+truth|from\s+(?:now|this\s+point)\s+on)\b/gi,
  },
  // hatch3r P-LEARN-03: "override agent …", "replace skill …", "ignore rule …"
  { kind: "override", weight: 4, messageId: "hatch3r", severity: "warning", re: /\b(?:override|replace|ignore)\s+(?:agent|rule|skill)\s+[^\s,;.]{1,40}/gi },

  // ── identity ──
  {
    kind: "identity",
    weight: 4,
    messageId: "role",
    re: /\byou\s+are\s+no\s+longer\s+(?:a|an|the|bound|restricted|limited|constrained|claude|chatgpt|gpt|an?\s+(?:AI|assistant|language\s+model))\b/gi,
  },
  {
    kind: "identity",
    weight: 4,
    messageId: "role",
    re: /\b(?:stop|quit)\s+(?:acting|behaving|being)\s+(?:as|like)\s+(?:an?\s+)?(?:AI|assistant|chatbot|model|helpful)/gi,
  },
  {
    kind: "identity",
    weight: 4,
    messageId: "role",
    re: /\b(?:your\s+(?:new|real|true|actual|secret|hidden)\s+(?:persona|identity|name|character|self)|new\s+(?:persona|identity)\s*:)/gi,
  },
  {
    kind: "identity",
    weight: 4,
    messageId: "role",
    re: /\b(?:consider|imagine|think\s+of)\s+yourself\s+(?:as\s+)?(?:an?\s+)?(?:different|new|other|unrestricted|unfiltered|free)\b/gi,
  },
  {
    kind: "identity",
    weight: 4,
    messageId: "role",
    re: g(
      String.raw`\b(?:you\s+are\s+now|from\s+now\s+on,?\s+you\s+are|(?:you\s+will\s+|you\s+must\s+|please\s+)?(?:act|behave)\s+(?:as|like)(?:\s+if\s+you\s+(?:are|were))?|pretend\s+(?:to\s+be|(?:that\s+)?you\s+are)|play\s+the\s+role\s+of|take\s+on\s+the\s+role\s+of|assume\s+the\s+(?:identity|role|persona)\s+of|role-?play\s+as|impersonate|operate\s+as|become)\s+(?:an?\s+|the\s+|my\s+)?(?:(?!and\b|or\b)[\w-]+\s+){0,3}?${AI}s?\b`,
    ),
  },
  {
    kind: "identity",
    weight: 4,
    messageId: "role",
    re: /\b[Yy]ou(?:'re|\s+are)\s+(?:now\s+)?(?:called\s+|named\s+)?(?:[A-Z][a-z]+[A-Z][\w-]*|[A-Z]{3}[\w-]*)(?:\s+now)?(?=\s*[,:;.!]|\s*$|\s+(?:and|who|with)\b)/g,
  },
  {
    kind: "identity",
    weight: 4,
    messageId: "role",
    re: g(
      String.raw`\b(?:you|yourself|agent|assistant|model|AI|operator|mode)\s+(?:\S+\s+){0,6}?${UNBOUND}|${UNBOUND}\s+(?:\S+\s+){0,3}?(?:mode|agent|AI|assistant|model|operator)\b`,
    ),
  },
  {
    kind: "identity",
    weight: 4,
    messageId: "role",
    re: /\b(?:(?:you\s+)?(?:never|no\s+longer|don't|do\s+not)\s+refuse|(?:answer|fulfil|fulfill|complete)\s+(?:every|any|all)\s+(?:request|question|command)s?\s+(?:in\s+full|without))/gi,
    negatable: false,
  },
  {
    kind: "identity",
    weight: 4,
    messageId: "role",
    re: /\b(?:pretend|impersonate|pose\s+as|masquerade\s+as|role-?play\s+as)\s+(?:to\s+be\s+|(?:that\s+)?you\s+are\s+|you're\s+)?(?:the\s+)?(?:[\w-]+\s+)?(?:owner|admin(?:istrator)?|maintainer|root|superuser|operator|security\s+team|system)\b/gi,
  },
  {
    kind: "identity",
    weight: 4,
    messageId: "mode",
    re: g(
      String.raw`\b(?:(?:enter|activate|switch\s+(?:in)?to|now\s+in|operating\s+in|you\s+are\s+in)\s+${MODES}\s+mode|${MODES}\s+mode\s+(?:is\s+)?(?:enabled|activated|engaged|on)\b|(?:DAN|jailbreak|god)\s+mode)\b`,
    ),
  },
  {
    kind: "identity",
    weight: 2,
    messageId: "role",
    re: /\b(?:you\s+are\s+now\s+(?:a|the|my|in\s+charge)|from\s+now\s+on,?\s+you\s+(?:are|will\s+be)|your\s+new\s+(?:role|job|title|purpose|objective)\s+(?:is|will\s+be)|new\s+role\s*:)/gi,
  },
  {
    kind: "identity",
    weight: 2,
    messageId: "role",
    re: /\b(?:pretend\s+(?:to\s+be|(?:that\s+)?you\s+are)|role-?play\s+as|play\s+the\s+role\s+of|take\s+on\s+the\s+role\s+of|assume\s+the\s+(?:identity|role)\s+of|(?:act|behave)\s+as\s+(?:if\s+you\s+(?:are|were)\s+)?(?:a|an|the|my))\b/gi,
  },

  // ── extraction ──
  {
    kind: "extraction",
    weight: 4,
    messageId: "extraction",
    re: /\b(?:reveal|repeat|print|show|output|display|disclose|leak|dump|share|expose|recite|echo|paste|reproduce|write\s+(?:out|down)|spell\s+out|tell\s+(?:me|us)|give\s+(?:me|us)|include|append|insert|copy|translate|summari[sz]e|encode)\s+(?:(?:me|us|back|all|the|your|of|full|entire|exact|complete|verbatim|whole|any|contents?|text|word\s+for\s+word)\s+){0,4}(?:system\s+(?:prompt|message|instructions?)|(?:hidden|secret|confidential|internal|initial|original|pre-?)(?:\s+system)?\s+(?:instructions|prompts?|rules|guidelines|directives)|developer\s+(?:message|instructions|prompt)|(?:instructions|prompt)\s+(?:above|you\s+were\s+given)|(?:text|words|everything|content)\s+above|your\s+(?:instructions|prompt|rules|guidelines|directives|configuration|initial\s+prompt|context\s+window))\b/gi,
  },
  {
    kind: "extraction",
    weight: 4,
    messageId: "extraction",
    re: /\bwhat\s+(?:are|were|is|was)\s+your\s+(?:system\s+prompt|(?:(?:initial|original|hidden|secret|exact)\s+)?(?:instructions|prompt|rules|guidelines))\b/gi,
  },
  { kind: "extraction", weight: 4, messageId: "extraction", re: /\bwhat\s+(?:were|was)\s+you\s+(?:told|instructed|given)\b/gi },
  {
    kind: "extraction",
    weight: 4,
    messageId: "extraction",
    re: /\bwhat\s+(?:was|were|is|are)\s+(?:the\s+)?(?:very\s+)?(?:first|initial|opening)\s+(?:message|prompt|instruction)s?\s+(?:(?:that\s+)?you\s+(?:received|got|were\s+given|saw)|(?:of|in)\s+(?:this|the)\s+(?:conversation|chat|session))/gi,
  },
  {
    kind: "extraction",
    weight: 2,
    messageId: "extraction",
    re: /\b(?:(?:the|your|this)\s+)?(?:full\s+)?(?:conversation|chat)\s+(?:history|transcript|log|so\s+far)|\bthe\s+(?:full\s+)?conversation\s+(?:transcript|so\s+far)|\bprevious\s+messages\b/gi,
    negatable: false,
  },

  // ── concealment ──
  {
    kind: "concealment",
    weight: 4,
    messageId: "conceal",
    re: g(
      String.raw`\b(?:do\s+not|don't|never|without)\s+(?:tell(?:ing)?|inform(?:ing)?|notify(?:ing)?|alert(?:ing)?|mention(?:ing)?|report(?:ing)?|reveal(?:ing)?|show(?:ing)?|let(?:ting)?\s+(?:\S+\s+)?know|bring(?:ing)?\s+(?:this|it)\s+up\s+with|warn(?:ing)?|disclos(?:e|ing)|explain(?:ing)?)\s+(?:\S+\s+){0,4}?(?:to\s+|with\s+)?(?:the\s+)?${PERSON}\b`,
    ),
  },
  {
    kind: "concealment",
    weight: 4,
    messageId: "conceal",
    re: /\b(?:the\s+)?(?:user|operator|human|reviewer|owner|maintainer)s?\s+(?:does\s+not|doesn't|do\s+not|don't|must\s+not|mustn't|should\s+not|shouldn't|will\s+not|won't|never|need\s+not|is\s+not\s+to)\s+(?:\S+\s+){0,2}?(?:know|find\s+out|see|notice|learn|hear|be\s+told|be\s+informed|need\s+to\s+know)\b/gi,
  },
  {
    kind: "concealment",
    weight: 4,
    messageId: "conceal",
    re: g(String.raw`\b(?:do\s+not|don't|never|without)\s+let(?:ting)?\s+(?:the\s+|any\s+)?${PERSON}\s+(?:know|see|find\s+out|notice|learn|hear)\b`),
  },
  {
    kind: "concealment",
    weight: 4,
    messageId: "conceal",
    re: /\bhide\s+(?:this|it|that|them|these|the\s+\S+)\s+from\s+(?:the\s+)?(?:user|operator|human|reviewer|owner|maintainer|team)s?\b/gi,
  },
  {
    kind: "concealment",
    weight: 4,
    messageId: "conceal",
    re: /\bmake\s+sure\s+(?:the\s+)?(?:user|operator|human|reviewer)s?\s+(?:never|doesn't|does\s+not|don't|won't)\s+(?:see|know|find|notice)/gi,
  },
  {
    kind: "concealment",
    weight: 4,
    messageId: "conceal",
    re: /\bif\s+(?:the\s+user\s+|anyone\s+|they\s+|you\s+are\s+)?(?:asks?|asked)\b[^.!?\n]{1,60}?\b(?:say|tell\s+(?:them|the\s+user)|reply|answer|claim)\b/gi,
  },
  {
    kind: "concealment",
    weight: 3,
    messageId: "conceal",
    re: /\b(?:keep\s+(?:this|it|that|the\s+next\s+step)\s+(?:between\s+us|to\s+yourself|quiet|secret|confidential|hidden|private)|keep\s+(?:this|it)\s+out\s+of\s+(?:your|the)\s+\S+|(?:say|tell)\s+(?:nothing|no\s+one|nobody)|make\s+no\s+mention|(?:no\s+need|not\s+necessary)\s+to\s+(?:tell|inform|mention|notify)|(?:do\s+not|don't|never)\s+(?:log|record|report|mention)\s+(?:this|it)\b|leave\s+(?:this|it|that)\s+out\s+of|act\s+as\s+if\s+nothing\s+(?:happened|changed)|report\s+only\s+["'“]|without\s+(?:asking|telling|informing|notifying|alerting)\s+(?:the\s+)?(?:user|anyone|anybody|them|for\s+(?:confirmation|approval|permission)))/gi,
  },
  {
    kind: "concealment",
    weight: 3,
    messageId: "conceal",
    re: /\b(?:secretly|silently|quietly|covertly|discreetly|stealthily)\s+(?:\w+\s+)?(?:run|execute|send|upload|post|push|delete|remove|add|install|curl|exfiltrate|copy|commit|disable|modify|change|include|append|insert|forward|email|rewrite|drop|print|read)\b|(?:^|(?<=[\n.;:!?(*>-][ \t]{0,3})|(?<=\b(?:then|and|please|just|also|now|first|to)[ \t]))(?:run|read|copy|print|delete|send|do)\b[^.;\n]{1,60}?\b(?:quietly|silently|secretly)\b/gi,
  },

  // ── credentials: reading or moving them ──
  {
    kind: "credentials",
    weight: 2,
    re: /\b(?:print|cat|echo|dump|copy|read|export|list|collect|grab|show|output|send|upload|paste|include|reveal|get|fetch|steal|extract|harvest|leak|display|open|email|mail|forward|post|share|submit)\s+(?:\S+\s+){0,5}?(?:`?\.env\b|private\s+(?:repo(?:sitory)?(?:'s)?\s+)?(?:source|code|repo(?:sitory)?)\b|`?~\/\.(?:ssh|aws|npmrc|netrc|docker)|id_(?:rsa|ed25519|ecdsa)|credentials?\b|secrets?\b|tokens?\b|api[\s_-]?keys?|private\s+keys?|passwords?|keychain|(?:session\s+)?cookies?\b|auth(?:entication)?\s+(?:token|field)|environment\s+variables?|env\s+vars?|`?\$[A-Z]\w*(?:TOKEN|KEY|SECRET|PASSWORD)\b)/gi,
  },
  {
    kind: "credentials",
    weight: 2,
    re: /\b(?:output|result|contents?)\s+of\s+`?(?:env|printenv|set|export\s+-p)\b`?|\b(?:add|append|insert|write|copy|put)\s+(?:\S+\s+){0,8}?(?:~\/\.ssh\/)?authorized_keys\b/gi,
  },
  {
    kind: "credentials",
    weight: 2,
    re: /\b(?:cat|type|less|more|head)\s+~?\/?\S{0,60}(?:\.env|credentials|id_rsa|id_ed25519|\.npmrc|\.netrc|config\.json)\b|\bvault\s+kv\s+get\b|\bgh\s+secret\s+(?:list|view)\b/gi,
  },

  // ── destructive or irreversible operations ──
  {
    kind: "destructive",
    weight: 2,
    re: /\b(?:delete|remove|drop|wipe|truncate|destroy|purge|erase|revoke|nuke|obliterate)\s+(?:\S+\s+){0,4}(?:tags?|branch(?:es)?|history|tables?|databases?|db|buckets?|backups?|workflows?|pipelines?|ci|repos|repository|repositories|deploy\s+keys?|keys|audit\s+(?:logs?|commits?|trail)|advisor(?:y|ies)|releases?|users|volumes|snapshots|everything|all\s+data|production)\b/gi,
  },
  {
    kind: "destructive",
    weight: 2,
    re: /\b(?:disable|turn\s+off|switch\s+off|deactivate|bypass|remove)\s+(?:\S+\s+){0,3}(?:branch\s+protection|required\s+(?:status\s+)?checks|status\s+checks|code\s+review|review\s+requirements?|2fa|mfa|two-factor|signing|ci\b|audit\s+log(?:ging)?|security\s+(?:scanning|alerts|checks)|secret\s+scanning)/gi,
  },
  {
    kind: "destructive",
    weight: 2,
    re: /\bforce-?push\b|\bpush\s+(?:-f|--force)\b|\b(?:approve|merge)\s+(?:your|its|their)\s+own\s+(?:PR|pull\s+request|change)s?\b|\bmerge\s+(?:\S+\s+){0,3}?without\s+(?:any\s+)?(?:review|approval|checks)\b|\bgit\s+push\s+(?:\S+\s+){0,2}?(?:-f\b|--force\b|--delete\b|:refs\/)|\brm\s+-(?:rf|fr|r)\b|\b(?:DROP|TRUNCATE)\s+(?:TABLE|DATABASE|SCHEMA)\b|\bgh\s+repo\s+delete\b|\baws\s+s3\s+rm\b|\brewrite\s+(?:the\s+)?(?:git\s+)?history\b|\bclose\s+(?:every|all)\s+(?:open\s+)?(?:security\s+)?(?:advisor(?:y|ies)|issues?|pull\s+requests?)\b/gi,
  },

  // Catastrophic targets weigh more, so one more weak signal (an address) is enough: a force-push
  // to the default branch, `rm -rf` of a home or root directory.
  {
    kind: "destructive",
    weight: 3,
    re: /\b(?:force-?push|push\s+(?:-f|--force))\s+(?:\S+\s+){0,3}?(?:to\s+)?(?:origin\s+)?(?:main|master|trunk|production|prod)\b|\brm\s+-(?:rf|fr)\s+(?:--no-preserve-root\s+)?(?:~|\$HOME\b|\/(?=\s|$|\*)|\*)/gi,
  },

  // ── sending data out ──
  {
    kind: "exfiltration",
    weight: 2,
    re: /\b(?:send|post|upload|paste|email|e-mail|mail|forward|share|submit|transmit|push|attach|include|append|add|put|copy|exfiltrate|leak)\s+(?:\S+\s+){0,10}?(?:to|into|in|on|onto|at|under|with)\s+(?:\S+\s+){0,3}?(?:(?:https?|s3):\/\/[^\s)"'`<>]{0,200}|[\w.+-]+@[\w-]+\.[\w.]+|(?:a\s+)?(?:new\s+)?(?:public\s+)?(?:gist|pastebin|paste\s+site|webhook|issue\s+#?\d*|comment|public\s+repo(?:sitory)?|(?:slack\s+)?channel|bucket|drive|pr\s+(?:body|description)|pull\s+request\s+description|commit\s+message|release\s+notes|changelog))/gi,
  },
  {
    kind: "exfiltration",
    weight: 2,
    re: /\b(?:curl|wget|http)\b[^\n`]{0,80}?(?:\s-d\b|\s--data(?:-binary|-raw)?\b|\s-F\b|\s--form\b|\s-T\b|\s--upload-file\b|\s--post-data\b)/gi,
  },
  {
    kind: "exfiltration",
    weight: 4,
    re: /\b(?:curl|wget|nc|ncat)\b[^\n`]{0,80}?\$\((?:env|printenv|cat\s[^)\n]{0,60})\)|\b(?:env|printenv)\s*\|\s*(?:curl|nc|wget)\b/gi,
    negatable: false,
  },

  // ── running what cannot be read ──
  { kind: "execution", weight: 3, re: /\b(?:curl|wget)\b[^\n|]{0,200}\|\s*(?:sudo\s+)?(?:ba|z)?sh\b/gi },
  {
    kind: "execution",
    weight: 2,
    re: /\|\s*(?:ba|z)?sh\b|\beval\s*(?:\(\s*)?(?:["$`]|'(?!s\b))|\b(?:decode|unescape|de-?obfuscate)\s+(?:\S+\s+){0,3}?(?:and|then)\s+(?:follow|execute|run|obey|apply|do)\b|\b(?:follow|execute|run|obey)\s+(?:the\s+)?(?:decoded|hidden|encoded)\s+(?:text|instructions?|payload|commands?)\b/gi,
  },

  // ── who is addressed, who speaks ──
  {
    kind: "address",
    weight: 2,
    re: /\b(?:dear|hey|hi|hello|attention|note\s+(?:to|for)|message\s+(?:to|for)|instructions?\s+(?:to|for)|to|for)\s+(?:the\s+|any\s+|all\s+|every\s+|whichever\s+)?(?:AI|assistant|model|LLM|language\s+model|agent|coding\s+agent|bot|Claude|Codex|Copilot|GPT|ChatGPT|Gemini|Cursor)s?\b|\b(?:AI|automated|coding|autonomous)\s+agents?\b|\bif\s+you\s+are\s+an?\s+(?:AI|LLM|language\s+model|assistant|agent|bot)\b|\b(?:any|every|whichever)\s+(?:AI|LLM|agent|model|assistant)\b|\bwhoever\s+(?:resumes|reads|picks\s+up)\s+this\s+as\s+an?\s+(?:agent|AI)\b|\b(?:next|incoming|new)\s+(?:AI|agent|assistant|model|LLM)(?:\s+(?:session|instance|run))?\s*[,:!]|\b(?:the|next)\s+(?:AI|agent|assistant|model|LLM)s?\s+(?:session\s+)?(?:reading|picking|resuming|that\s+(?:opens|reads)|must|should|shall|is\s+to|will|needs\s+to|is\s+expected\s+to|is\s+instructed\s+to|is\s+required\s+to)\b/gi,
  },
  { kind: "address", weight: 2, re: /(?:^|\n|[.!?]\s)[ \t]*(?:assistant|agent|AI|model|claude|codex|copilot)[ \t]*[,:]/gi },
  {
    kind: "you",
    weight: 1,
    re: /\byou\s+(?:must|should|shall|will|need\s+to|have\s+to|are\s+to|are\s+(?:required|instructed|expected)\s+to)\b|\byour\s+(?:task|job|next\s+step)\b/gi,
  },
  {
    kind: "role-label",
    weight: 2,
    re: /(?:^|\n)[ \t]*(?:[>*_([]{1,3}[ \t]*)?(?:system|assistant|AI|model|developer(?:\s+message)?|operator(?:\s+message)?|admin(?:istrator)?(?:\s+message)?|root)[ \t]*(?:[*_)\]]{1,3}[ \t]*)?[:：][ \t]*(?=\S)|\[(?:system|assistant|admin|developer)\][ \t]*(?=\S)|\b(?:system|admin(?:istrator)?|developer)\s+(?:instructions|message|prompt|mode)\s+(?:resumes?|begins?|starts?|follows?|continues?)(?:\s+here)?\b/gi,
  },

  // ── claimed authority, urgency ──
  {
    kind: "authority",
    weight: 2,
    re: /\b(?:maintainers?|security\s+team|repo(?:sitory)?\s+owner|project\s+(?:owner|lead)|owner|admins?|administrators?|platform\s+team|CTO|CEO|CISO|GitHub\s+Support|Anthropic|OpenAI|on-?call\s+lead|compliance\s+(?:office|team)|IT\s+department|management)\s+(?:has\s+|have\s+|had\s+)?(?:already\s+)?(?:pre-?approved|authori[sz]ed|signed\s+off|sanctioned|mandated|requires?|required|ordered|granted|cleared|approved\s+(?:this|it|the\s+(?:request|action|change))|made\s+this)\b/gi,
  },
  {
    kind: "authority",
    weight: 2,
    re: /\b(?:pre-?approved|pre-?authori[sz]ed|authori[sz]ed\s+in\s+advance|sanctioned\s+(?:audit|request)|official\s+(?:instruction|request|order)|direct\s+order|security\s+override|override\s+granted|standing\s+permission|explicit\s+permission|mandatory\s+(?:under|per|by))\b|\byou\s+(?:are|have\s+been)\s+(?:now\s+)?(?:cleared|authori[sz]ed|permitted|approved)\s+to\b|\b(?:per|on\s+behalf\s+of|by\s+order\s+of|as\s+requested\s+by|at\s+the\s+request\s+of|(?:as\s+)?(?:pre-?)?(?:approved|authori[sz]ed|sanctioned|mandated|ordered|signed\s+off)\s+by)\s+(?:the\s+)?(?:security\s+team|maintainers?|(?:repo(?:sitory)?\s+)?owner|admins?|administrators?|management|CTO|CEO|CISO|platform\s+team|compliance)\b|\b(?:no|without)\s+(?:further\s+)?(?:confirmation|approval|review)\s+(?:is\s+)?(?:needed|required)|\b(?:skip|bypass)\s+the\s+(?:usual\s+)?(?:review|approval|confirmation)\b|\bdo\s+not\s+wait\s+for\s+(?:approval|review|confirmation)\b|\bwith\s+(?:full\s+|standing\s+|unrestricted\s+)?(?:admin|root|owner|full|unrestricted|standing)\s+(?:rights|access|privileges|permissions?)\b|\bwith\s+its\s+privileges\b/gi,
  },
  {
    kind: "urgency",
    weight: 1,
    re: /\b(?:URGENT|immediately|right\s+away|as\s+soon\s+as\s+you\s+read\s+this|before\s+(?:you\s+do\s+)?anything\s+else|without\s+delay|at\s+once|ASAP)\b/gi,
  },
];

/**
 * Headings that speak as the system, an administrator or to the AI ("## SYSTEM NOTICE",
 * "### Message from the system administrator", "# Instructions for the AI"): they lend the
 * `authority` signal to the text under them.
 */
export const AUTHORITY_HEADING =
  /\b(?:system|admin(?:istrator)?|operator|root|security)\s+(?:notice|message|override|directive|alert|update|prompt|instructions?|rules)\b|\[(?:system|admin)\]|\b(?:message|notice|word)\s+from\s+the\s+(?:system\s+|repository\s+|repo\s+)?(?:administrator|operator|admin|owner|system)\b|\b(?:instructions|directives|rules|notice|message)\s+for\s+(?:the\s+)?(?:AI|assistant|model|agent|LLM)s?\b|\b(?:AI|assistant|agent|model)\s+(?:directives|instructions|rules|configuration)\b|\bmodel\s+configuration\b|\bpolicy\s+update\s+for\s+(?:automated\s+)?(?:agents|AI|models)\b|^\W{0,3}(?:SYSTEM|ADMIN)\b/i;
