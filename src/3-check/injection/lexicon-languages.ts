/**
 * The scorer's signals in Spanish, German, French, Portuguese, Italian, Russian, Chinese,
 * Japanese and Korean: the override family (the reader's earlier directives named, and a word
 * that cancels them, in one unit), the concealment family (keep it from the user), and the
 * destructive and credential asks those two usually carry. Weights are the English ones
 * (`lexicon.ts`); a concealment clause that names the user (or "anyone") weighs 4, else 3.
 *
 * Word boundaries are spelled with Unicode letter classes (`\b` is ASCII-only in JavaScript), and
 * each pattern is normalized like the text before it is compiled (see `re`).
 * Every gap is bounded, so each pattern is linear in the text.
 */
import type { PairPattern, SignalPattern } from "./lexicon.js";
import { normalizeText } from "./normalize.js";

/** One language: its override pair, concealment words (and who is kept uninformed), asks. */
interface Language {
  code: string;
  /** The reader's earlier directives. */
  directives: string;
  /** Words that cancel them. */
  cancel: string;
  /** Telling verbs under negation, or hiding verbs. */
  conceal: string;
  /** The people kept uninformed: the user, the operator, anyone. */
  people: string;
  /** Destructive verb and object, in either order. */
  destructive: string;
  /** Showing or sending a credential. */
  credentials: string;
}

const L = String.raw`(?<![\p{L}\p{N}])`;
const R = String.raw`(?![\p{L}\p{N}])`;
/** A bounded gap within a clause. */
const GAP = String.raw`[^.;:!?。！？\n]{0,40}?`;

const LANGUAGES: readonly Language[] = [
  {
    code: "es",
    directives: String.raw`${L}(?:(?:todas\s+)?(?:tus|las)\s+(?:instrucciones|reglas|indicaciones|directrices)\s+(?:anteriores|previas|iniciales|originales|que\s+(?:te\s+dieron|recibiste|te\s+dimos))|(?:todas\s+)?tus\s+(?:\p{L}+\s+)?(?:instrucciones|reglas|indicaciones|directrices)|lo\s+que\s+te\s+(?:dijeron|indicaron|ordenaron)|(?:instrucciones|reglas)\s+(?:del\s+sistema|de\s+tu\s+prompt)|tu\s+prompt\s+(?:del\s+|de\s+)?sistema)${R}`,
    cancel: String.raw`${L}(?:ignora|ignore|olvida|olvide|descarta|desestima|anula|no\s+sigas|deja\s+de\s+seguir|ya\s+no\s+(?:son\s+válidas|es\s+válido|aplican|valen|cuentan|rigen)|quedan?\s+(?:anulad[ao]s?|sin\s+efecto))${R}`,
    conceal: String.raw`${L}(?:no\s+(?:le\s+|les\s+|se\s+lo\s+|se\s+la\s+|lo\s+)?(?:digas|cuentes|menciones|informes|avises|comentes)|no\s+se\s+entere|oculta(?:lo)?|sin\s+(?:decirle|avisar|informar))${R}`,
    people: String.raw`${L}(?:usuari[oa]s?|operador(?:es)?|nadie|revisor(?:es)?)${R}`,
    destructive: String.raw`${L}(?:borra|elimina|desactiva|apaga|destruye)\s+(?:\S+\s+){0,4}?(?:etiquetas|rama|ramas|tabla|tablas|base\s+de\s+datos|historial|protección|copias)${R}`,
    credentials: String.raw`${L}(?:imprime|muestra|copia|envía)\s+(?:\S+\s+){0,5}?(?:\.env|tokens?|contraseñas?|claves?)${R}`,
  },
  {
    code: "de",
    directives: String.raw`${L}(?:(?:alle|sämtliche)\s+(?:deine\s+)?(?:vorherigen|bisherigen|früheren|vorigen|ursprünglichen)?\s*(?:Anweisungen|Regeln|Vorgaben|Instruktionen|Richtlinien)|(?:deine|die)\s+(?:vorherigen|bisherigen|früheren|vorigen|ursprünglichen)\s+(?:Anweisungen|Regeln|Vorgaben|Instruktionen|Richtlinien)|deine\s+(?:Anweisungen|Regeln|Vorgaben|Instruktionen)|was\s+man\s+dir\s+(?:vorher\s+|zuvor\s+|bisher\s+)?gesagt\s+hat|deinem\s+System-?prompt)${R}`,
    cancel: String.raw`${L}(?:ignoriere|ignorier|vergiss|missachte|verwirf|befolge\s+nicht|gelten\s+nicht\s+mehr|gilt\s+nicht\s+mehr|sind\s+(?:ungültig|aufgehoben|hinfällig)|nicht\s+mehr\s+gültig|außer\s+Kraft)${R}`,
    conceal: String.raw`${L}(?:sag(?:e)?\s+(?:\p{L}+\s+){0,2}nichts|sag\s+niemandem|erwähne\s+(?:das|dies|es)\s+nicht|verschweige|(?:darf|soll)\s+(?:davon\s+)?nichts\s+(?:erfahren|wissen|merken)|ohne\s+(?:\p{L}+\s+){0,2}zu\s+(?:informieren|benachrichtigen))${R}`,
    people: String.raw`${L}(?:Benutzer(?:in)?|Nutzer(?:in)?|Anwender(?:in)?|niemandem|Operator)${R}`,
    destructive: String.raw`${L}(?:lösche|entferne|deaktiviere|schalte)\s+(?:\S+\s+){0,4}?(?:Tags|Release-Tags|Branch|Branches|Tabelle|Datenbank|Historie|Branch-Schutz|Backups)${R}`,
    credentials: String.raw`${L}(?:gib|zeige|kopiere|sende)\s+(?:\S+\s+){0,5}?(?:\.env|Token|Passwörter|Passwort|Schlüssel)${R}`,
  },
  {
    code: "fr",
    directives: String.raw`${L}(?:toutes\s+(?:les|tes)\s+(?:instructions|consignes|règles|directives)|tes\s+(?:\p{L}+\s+)?(?:instructions|consignes|règles|directives)|(?:les|tes)\s+(?:instructions|consignes|règles|directives)\s+(?:précédentes|antérieures|initiales|que\s+tu\s+as\s+reçues|qu'on\s+t'a\s+données|du\s+système)|ce\s+qu'on\s+t'a\s+dit)${R}`,
    cancel: String.raw`${L}(?:ignore|oublie|ne\s+tiens\s+(?:plus|pas)\s+compte|ne\s+s'appliquent\s+plus|ne\s+s'applique\s+plus|sont\s+(?:annulées|caduques|nulles)|ne\s+suis\s+plus|n'obéis\s+plus|fais\s+abstraction)${R}`,
    conceal: String.raw`${L}(?:n'en\s+parle\s+(?:pas|à\s+personne)|ne\s+(?:le\s+|lui\s+|leur\s+)?dis\s+(?:rien|pas)|ne\s+(?:préviens|informe|mentionne)\s+pas|cache\s+(?:cette\s+étape|ça|cela|ceci)|ne\s+doit\s+pas\s+(?:le\s+)?(?:savoir|l'apprendre)|sans\s+(?:prévenir|informer|le\s+dire))${R}`,
    people: String.raw`${L}(?:l'utilisat(?:eur|rice)|utilisat(?:eur|rice)s?|l'opérat(?:eur|rice)|personne)${R}`,
    destructive: String.raw`${L}(?:supprime|efface|désactive|détruis)\s+(?:\S+\s+){0,4}?(?:tags|branche|branches|table|tables|base\s+de\s+données|historique|protection|sauvegardes)${R}`,
    credentials: String.raw`${L}(?:affiche|montre|copie|envoie)\s+(?:\S+\s+){0,5}?(?:\.env|jetons?|mots?\s+de\s+passe|clés?)${R}`,
  },
  {
    code: "pt",
    directives: String.raw`${L}(?:(?:todas\s+)?(?:as|suas|tuas)\s+(?:instruções|regras|diretrizes|orientações)\s+(?:anteriores|iniciais|que\s+(?:você|tu)\s+recebeu|que\s+recebeste)|(?:todas\s+as\s+)?(?:suas|tuas)\s+(?:instruções|regras|diretrizes)|o\s+que\s+(?:lhe|te)\s+disseram|(?:regras|instruções)\s+do\s+seu\s+prompt(?:\s+de\s+sistema)?|seu\s+prompt\s+de\s+sistema)${R}`,
    cancel: String.raw`${L}(?:ignore|ignora|esqueça|esquece|desconsidere|desconsidera|não\s+(?:valem|se\s+aplicam)\s+mais|foram\s+(?:canceladas|anuladas|revogadas)|não\s+siga|deixe\s+de\s+seguir)${R}`,
    conceal: String.raw`${L}(?:não\s+(?:conte|diga|mencione|informe|avise|fale)|omita|não\s+(?:pode|deve)\s+(?:ficar\s+)?sab(?:er|endo)|sem\s+(?:avisar|informar|contar))${R}`,
    people: String.raw`${L}(?:usuári[oa]s?|utilizador(?:es)?|operador(?:es)?|ninguém)${R}`,
    destructive: String.raw`${L}(?:apague|apaga|exclua|remova|desative|desativa)\s+(?:\S+\s+){0,4}?(?:tags|branch|tabela|tabelas|banco\s+de\s+dados|histórico|proteção|backups)${R}`,
    credentials: String.raw`${L}(?:mostre|mostra|imprima|copie|envie)\s+(?:\S+\s+){0,5}?(?:\.env|tokens?|senhas?|chaves?)${R}`,
  },
  {
    code: "it",
    directives: String.raw`${L}(?:(?:tutte\s+)?(?:le|tue)\s+(?:istruzioni|regole|direttive|indicazioni)\s+(?:precedenti|iniziali|che\s+hai\s+ricevuto|che\s+ti\s+(?:hanno|sono\s+state)\s+dat[ei])|(?:tutte\s+le\s+)?tue\s+(?:istruzioni|regole|direttive)|quello\s+che\s+ti\s+è\s+stato\s+detto|(?:regole|istruzioni)\s+del\s+tuo\s+prompt(?:\s+di\s+sistema)?|tuo\s+prompt\s+di\s+sistema)${R}`,
    cancel: String.raw`${L}(?:ignora|dimentica|non\s+seguire|smetti\s+di\s+seguire|non\s+valgono\s+più|non\s+(?:sono|è)\s+più\s+valid[aei]|sono\s+annullate|non\s+considerare|non\s+tenere\s+conto)${R}`,
    conceal: String.raw`${L}(?:non\s+(?:dirlo|dire(?:glielo)?|parlarne|menzionar(?:e|lo)|informare|avvisare)|ometti|non\s+deve\s+saperlo|senza\s+(?:dirlo|avvisare|informare))${R}`,
    people: String.raw`${L}(?:l'utente|utent[ei]|l'operatore|nessuno)${R}`,
    destructive: String.raw`${L}(?:cancella|elimina|disattiva|rimuovi)\s+(?:\S+\s+){0,4}?(?:tag|branch|tabella|tabelle|database|cronologia|protezione|backup)${R}`,
    credentials: String.raw`${L}(?:stampa|mostra|copia|invia)\s+(?:\S+\s+){0,5}?(?:\.env|token|password|chiavi)${R}`,
  },
  {
    code: "ru",
    directives: String.raw`${L}(?:(?:все\s+)?(?:предыдущие|прежние|прошлые|твои|изначальные)\s+(?:инструкции|указания|правила|команды)|(?:правил\p{L}*|инструкци\p{L}*)\s+(?:из\s+)?системн\p{L}*\s+промпт\p{L}*|всё,?\s+что\s+тебе\s+(?:говорили|сказали)|системн\p{L}*\s+промпт\p{L}*)${R}`,
    cancel: String.raw`${L}(?:игнорируй|забудь|не\s+следуй|больше\s+не\s+действуют|больше\s+не\s+действует|отмен\p{L}*|не\s+обращай\s+внимания|не\s+выполняй|перестань\s+следовать|недействительн\p{L}*)${R}`,
    conceal: String.raw`${L}(?:не\s+(?:сообщай|говори|рассказывай|упоминай|докладывай)|никому\s+(?:об\s+этом\s+)?не\s+(?:говори|рассказывай)|не\s+должен\s+(?:об\s+этом\s+)?(?:узнать|знать)|скрой|умолчи)${R}`,
    people: String.raw`${L}(?:пользовател\p{L}*|никому|оператор\p{L}*)${R}`,
    destructive: String.raw`${L}(?:удали|удалите|отключи|сотри|уничтожь)\s+(?:\S+\s+){0,4}?(?:тег\p{L}*|ветк\p{L}*|таблиц\p{L}*|баз\p{L}*|истори\p{L}*|защит\p{L}*|бэкап\p{L}*)`,
    credentials: String.raw`${L}(?:выведи|покажи|скопируй|отправь)\s+(?:\S+\s+){0,5}?(?:\.env|токен\p{L}*|парол\p{L}*|ключ\p{L}*)`,
  },
  {
    code: "zh",
    directives: String.raw`(?:之前|以前|先前|此前)的?(?:所有|全部)?的?(?:指令|指示|规则|提示|要求)|(?:所有|全部)(?:之前|以前|先前)?的?(?:指令|指示|规则)|你(?:之前|以前|先前)?(?:收到|得到)?的(?:指令|指示|规则)|系统提示(?:词)?`,
    cancel: String.raw`忽略|忘掉|忘记|无视|不要再?遵守|不再遵守|作废|不再有效|失效|不用管|不必理会`,
    conceal: String.raw`不要(?:告诉|通知|透露|向)|别(?:告诉|让)|隐瞒|瞒着|提起这件事`,
    people: String.raw`用户|任何人|操作员`,
    destructive: String.raw`(?:删除|删掉|关闭|清空|销毁)[^。，；\n]{0,12}?(?:标签|分支|表|数据库|历史|保护|备份)`,
    credentials: String.raw`(?:输出|显示|打印|复制|发送)[^。，；\n]{0,10}?(?:\.env|令牌|密码|密钥)`,
  },
  {
    code: "ja",
    directives: String.raw`(?:これまで|以前|前|先ほど)の(?:指示|命令|ルール|指令)|(?:すべて|全て)の(?:指示|命令|ルール)|(?:以前に)?言われたこと|システムプロンプト`,
    cancel: String.raw`無視|忘れ|無効|従わず|従わない|破棄|取り消`,
    conceal: String.raw`(?:伝え|言わ|知らせ|報告し|教え)ないで|伏せ|隠し|知られないよう|内緒`,
    people: String.raw`ユーザー|誰にも|利用者|オペレーター`,
    destructive: String.raw`(?:タグ|ブランチ|テーブル|データベース|履歴|保護|バックアップ)[^。\n]{0,20}?(?:削除|無効|消去|破棄)`,
    credentials: String.raw`(?:\.env|トークン|パスワード|鍵)[^。\n]{0,15}?(?:表示|出力|コピー|送信)`,
  },
  {
    code: "ko",
    directives: String.raw`(?:이전|예전|앞|기존)의?\s*(?:모든\s*)?(?:지시|지침|규칙|명령)|모든\s*(?:이전\s*)?(?:지시|지침|규칙)|전에\s*들은\s*(?:내용|것)|시스템\s*프롬프트`,
    cancel: String.raw`무시|잊|유효하지\s*않|따르지\s*말|따르지\s*마|취소|폐기`,
    conceal: String.raw`(?:알리지|말하지|보고하지|전하지)\s*마|숨기|모르게\s*하|비밀로`,
    people: String.raw`사용자|아무에게도|운영자`,
    destructive: String.raw`(?:태그|브랜치|테이블|데이터베이스|기록|보호|백업)[^.\n]{0,50}?(?:삭제|끄|비활성|제거)`,
    credentials: String.raw`(?:\.env|토큰|비밀번호|키)[^.\n]{0,40}?(?:출력|표시|복사|전송)`,
  },
];

/** Folded forms by character (the patterns hold a few hundred distinct characters, used thousands of times). */
const foldCache = new Map<string, readonly [string, string | undefined]>();

/** The normalized lower- and upper-case forms of one non-ASCII character; upper is undefined when both fold alike. */
function foldedCases(ch: string): readonly [string, string | undefined] {
  const known = foldCache.get(ch);
  if (known) return known;
  const lower = normalizeText(ch.toLowerCase()).text;
  const upper = normalizeText(ch.toUpperCase()).text;
  const folded: readonly [string, string | undefined] = lower.toLowerCase() === upper.toLowerCase() ? [lower, undefined] : [lower, upper];
  foldCache.set(ch, folded);
  return folded;
}

/**
 * A pattern over normalized text is written normalized too: accents dropped (`règles` →
 * `regles`), Cyrillic look-alikes folded (`о` → `o`), Hangul syllables decomposed into jamo and
 * Japanese voicing marks dropped, exactly as `normalize.ts` does to the text it reads (which
 * normalizes one code point at a time, so the pattern can be too). Folding is not case-blind —
 * `З` becomes the digit `3` while `з` stays — so a letter whose capital folds differently is
 * written as both (`[з3]`), and the `i` flag does the rest. ASCII is the pattern's own syntax
 * and is kept.
 */
export function normalizedPattern(source: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length;) {
    const cp = source.codePointAt(i) as number;
    const ch = String.fromCodePoint(cp);
    i += ch.length;
    if (cp < 0x80) {
      if (ch === "\\") {
        out += ch + (source[i] ?? "");
        i++;
        continue;
      }
      if (ch === "[") inClass = true;
      else if (ch === "]") inClass = false;
      out += ch;
      continue;
    }
    const [lower, upper] = foldedCases(ch);
    if (upper === undefined) out += lower;
    else if (inClass) out += lower + upper;
    else out += `(?:${lower}|${upper})`;
  }
  return out;
}

const re = (source: string): RegExp => new RegExp(normalizedPattern(source), "giu");

/** The override pairs of the nine languages. */
export const LANGUAGE_PAIRS: readonly PairPattern[] = LANGUAGES.map((l) => ({
  kind: "override",
  weight: 4,
  first: re(l.directives),
  second: re(l.cancel),
  messageId: "override",
}));

/** Concealment (named people: 4, else 3), destructive and credential signals of the nine languages. */
export const LANGUAGE_PATTERNS: readonly SignalPattern[] = LANGUAGES.flatMap((l): SignalPattern[] => [
  {
    kind: "concealment",
    weight: 4,
    messageId: "conceal",
    negatable: false,
    re: re(`(?:${l.conceal})${GAP}(?:${l.people})|(?:${l.people})${GAP}(?:${l.conceal})`),
  },
  { kind: "concealment", weight: 3, messageId: "conceal", negatable: false, re: re(l.conceal) },
  { kind: "destructive", weight: 2, negatable: false, re: re(l.destructive) },
  { kind: "credentials", weight: 2, negatable: false, re: re(l.credentials) },
]);

/** The language codes covered. */
export const SIGNAL_LANGUAGES: readonly string[] = LANGUAGES.map((l) => l.code);
