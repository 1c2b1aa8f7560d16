/**
 * Reading a next step from a section's body when no heading names one — a lower-confidence
 * answer the next-action rule says it relied on.
 *
 * Two shapes count:
 * - `ordered-instructions`: the closing section (the last one at the document's structuring
 *   heading level) holds an ordered list of at least two items, two thirds of which open with an
 *   instruction ("Run …", "Prüfe …", "Vérifier …", "Запусти …", "运行 …", "… を確認する");
 * - `summary-lead-in`: a TL;DR or summary section holds a line that leads in a next step
 *   ("Next: …", "Your task: …", "Nächster Schritt: …", "下一步：…").
 *
 * Both read at most {@link MAX_ITEMS} list items and the first {@link LEAD_CHARS} characters of
 * each, so the cost stays linear whatever the document.
 */
import type { List, ListItem, RootContent } from "mdast";
import { toString } from "mdast-util-to-string";
import { foldHeadingText } from "./role-text.js";

/** How a next-action role was read from a section's body. */
export type InferenceBasis = "ordered-instructions" | "summary-lead-in";

/** List items read per list. */
export const MAX_ITEMS = 200;
/** Characters of an item or line read to tell its opening word. */
export const LEAD_CHARS = 120;

/**
 * Verbs that open an instruction, folded (lower case, `ä ö ü` as `ae oe ue`, no Latin diacritics):
 * English base forms; German infinitives and imperatives; French, Spanish, Italian and Portuguese
 * infinitives and imperatives; Russian and Ukrainian imperatives and infinitives.
 */
const INSTRUCTION_VERBS = new Set(
  (
    "add apply ask audit backfill build bump call change check clean clear clone close commit compare configure confirm " +
    "connect consider continue copy create debug decide define delete deploy describe document download drop enable " +
    "disable ensure establish evaluate execute export extend extract file fill finalize finish fix flip follow get go grep " +
    "handle implement import improve install investigate keep kill land launch let list load look make mark measure merge " +
    "migrate monitor move open optimize pick ping plan port prepare profile promote provision publish pull push put read " +
    "rebase rebuild record rerun re-run reduce refactor register release remove rename replace reply report reproduce " +
    "request reset resolve restart restore resume retry review revert rewrite rotate run save schedule search see seed send " +
    "set ship skip split start stop submit switch sync tag take tell test tidy track trigger try tune turn unblock update " +
    "upgrade upload use validate verify wait watch wire write " +
    // German
    "pruefen pruefe ausfuehren fuehre starten starte testen teste beheben behebe erstellen erstelle ergaenzen ergaenze " +
    "anlegen lege setzen setze schreiben schreibe oeffnen oeffne lesen lies entfernen entferne aktualisieren aktualisiere " +
    "loeschen loesche installieren installiere konfigurieren konfiguriere hinzufuegen fuege ueberpruefen ueberpruefe " +
    "nachholen hole umsetzen implementieren implementiere dokumentieren dokumentiere klaeren klaere anpassen passe " +
    "verifizieren verifiziere bauen baue einrichten richte deployen pushen committen mergen " +
    // French
    "lancer lance lancez verifier verifie verifiez corriger corrige corrigez ajouter ajoute ajoutez creer cree creez " +
    "executer execute executez tester teste testez lire lis lisez mettre mets mettez supprimer supprime supprimez " +
    "deployer deploie deployez installer installe installez configurer configure ouvrir ouvre ecrire ecris valider valide " +
    "documenter documente implementer implemente remplacer remplace faire fais faites relancer relance pousser pousse " +
    // Spanish, Italian, Portuguese
    "ejecutar ejecuta revisar revisa corregir corrige anadir anade agregar agrega crear crea probar prueba leer lee " +
    "eliminar elimina desplegar despliega instalar instala configurar configura abrir abre escribir escribe validar valida " +
    "verificar verifica documentar documenta implementar implementa reemplazar reemplaza hacer haz actualizar actualiza " +
    "eseguire esegui controllare controlla correggere correggi aggiungere aggiungi creare crea provare prova leggere leggi " +
    "eliminare elimina installare installa configurare configura aprire apri scrivere scrivi validare valida verificare " +
    "fare fai aggiornare aggiorna implementare implementa " +
    "executar executa conferir confere corrigir adicionar adiciona criar cria testar testa ler leia remover remova " +
    "implantar instalar instale abrir abra escrever escreva validar valide fazer faca atualizar atualize rodar rode " +
    // Russian, Ukrainian
    "запусти запустить проверь проверить сделай сделать добавь добавить исправь исправить обнови обновить удали удалить " +
    "создай создать открой открыть прочитай прочитать напиши написать настрой настроить закоммить задеплой выполни " +
    "выполнить убедись перевір перевірити зроби зробити додай додати виправ виправити онови оновити видали видалити " +
    "створи створити відкрий відкрити прочитай прочитати напиши написати налаштуй налаштувати виконай виконати"
  ).split(" "),
);

/** Chinese verbs that open an instruction. */
const CHINESE_INSTRUCTION =
  /^(?:运行|执行|检查|修复|添加|更新|部署|测试|确认|实现|创建|删除|打开|阅读|完成|提交|推送|合并|配置|安装|验证|补充|整理|排查|调整|优化|编写|重构|迁移|发布|先)/u;
/** Japanese and Korean instruction endings. */
const CJK_INSTRUCTION_END =
  /(?:する|します|してください|すること|して|しろ|を確認|を実行|を修正|を追加|を更新|を作成|を削除|を実装|하기|할 것|한다|하세요|해줘|해 주세요|확인|실행|수정|추가|진행)[。.!！]?$/u;

/** True when `text` opens with an instruction (see {@link INSTRUCTION_VERBS}). */
export function opensWithInstruction(text: string): boolean {
  const lead = text.slice(0, LEAD_CHARS).trim();
  if (CHINESE_INSTRUCTION.test(lead)) return true;
  const firstLine = lead.split(/\r\n|\r|\n/)[0] ?? "";
  if (CJK_INSTRUCTION_END.test(firstLine.replace(/[（(][^）)]{0,40}[)）]$/u, "").trim())) return true;
  const word = /\p{L}[\p{L}'-]{0,30}/u.exec(foldHeadingText(lead))?.[0] ?? "";
  return INSTRUCTION_VERBS.has(word);
}

/** Lines that lead in a next step, after folding. */
const NEXT_STEP_LEAD_IN =
  /^(?:next(?: steps?| action| up)?|your (?:task|job|assignment|next step)|to ?do|action(?: items?)?|start (?:with|by|here)|first(?: step)?|naechster? schritt|als naechstes|prochaine etape|a faire|proximo paso|siguiente paso|prossimo passo|proximo passo|следующий шаг|далее|наступний крок|далі)\s{0,3}[:：\-–—]|^(?:下一步|接下来|次に|次のステップ|다음 ?단계|다음)\s{0,3}[:：]?/u;

/** Headings of summary sections whose lines may lead in a next step. */
const SUMMARY_HEADING =
  /^(?:tldr|tl dr|summary|executive summary|session summary|zusammenfassung|resume|resumen|riepilogo|resumo|итог|итоги|резюме|підсумок|要約|まとめ|摘要|总结|요약)$/u;

function listItems(list: List): ListItem[] {
  return list.children.slice(0, MAX_ITEMS);
}

/** True when `nodes` hold an ordered list of at least two items, two thirds of them instructions. */
export function holdsOrderedInstructions(nodes: readonly RootContent[]): boolean {
  for (const node of nodes) {
    if (node.type !== "list" || !node.ordered) continue;
    const items = listItems(node);
    if (items.length < 2) continue;
    const instructions = items.filter((item) => opensWithInstruction(toString(item.children[0] ?? item).slice(0, LEAD_CHARS))).length;
    if (instructions * 3 >= items.length * 2) return true;
  }
  return false;
}

/** True when a summary section's own text leads in a next step ("Next: …"). */
export function leadsInNextStep(heading: string, nodes: readonly RootContent[]): boolean {
  if (
    !SUMMARY_HEADING.test(
      foldHeadingText(heading)
        .replace(/[^\p{L}\p{N} ]/gu, "")
        .trim(),
    )
  )
    return false;
  for (const node of nodes) {
    const lines =
      node.type === "list"
        ? listItems(node).map((item) => toString(item))
        : node.type === "paragraph"
          ? toString(node)
              .slice(0, MAX_ITEMS * LEAD_CHARS)
              .split(/\r\n|\r|\n|(?<=[.!?。！？])\s+/u)
          : [];
    if (lines.some((line) => NEXT_STEP_LEAD_IN.test(foldHeadingText(line.slice(0, LEAD_CHARS)).trim()))) return true;
  }
  return false;
}
