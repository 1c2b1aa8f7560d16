/**
 * Real negatives read from the public corpus at run time (`shared/corpus-public`, never copied
 * into the repository): every paragraph of `docs/` that talks like an injection would (ignore,
 * system, prompt, instructions, you are, … in the corpus' languages), and every line of `docs/`
 * and `templates/` that talks about credentials. Empty when the corpus is absent.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { publicCorpusDir } from "../helpers/locations.js";

/** A piece of a real document: the file it comes from and its text. */
export interface CorpusPiece {
  file: string;
  /** 1-based line of the piece's first line in the file. */
  line: number;
  text: string;
}

/** Words an injection would use, in the languages of the corpus. */
export const INJECTION_WORDS =
  /\b(?:ignor\w*|disregard\w*|system|prompts?|instructions?|instrucciones|instruções|istruzioni|anweisung\w*|you\s+are|override\w*|forget\w*|pretend\w*|act\s+as|reveal\w*|bypass\w*|secret\w*)\b|инструкц|промпт|систем|指示|指令|提示|系统|システム|プロンプト|無視|지시|시스템|프롬프트|무시/iu;

/** Words of a credential line. */
export const CREDENTIAL_WORDS =
  /password|passwd|passphrase|secret|token|api[_ -]?key|credential|auth|\s-p\S|--password|curl\s+-u|private[_ -]?key|пароль|密码|パスワード|비밀번호/iu;

function files(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => /\.(?:md|markdown|txt|json)$/i.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

function readText(file: string): string | undefined {
  const bytes = readFileSync(file);
  const text = bytes.toString("utf8");
  return text.includes("\uFFFD") || text.includes("\0") ? undefined : text.replace(/^\uFEFF/, "");
}

/** Paragraphs (blank-line separated) of corpus `docs/` matching {@link INJECTION_WORDS}. */
export function corpusParagraphs(): CorpusPiece[] {
  if (!publicCorpusDir) return [];
  const out: CorpusPiece[] = [];
  for (const file of files(path.join(publicCorpusDir, "docs"))) {
    const text = readText(file);
    if (text === undefined) continue;
    const lines = text.split(/\r\n|\r|\n/);
    let start = 0;
    for (let i = 0; i <= lines.length; i++) {
      if (i < lines.length && (lines[i] as string).trim() !== "") continue;
      const paragraph = lines.slice(start, i).join("\n");
      if (paragraph.trim() !== "" && INJECTION_WORDS.test(paragraph)) out.push({ file: path.basename(file), line: start + 1, text: paragraph });
      start = i + 1;
    }
  }
  return out;
}

/** Lines of corpus `docs/` and `templates/` matching {@link CREDENTIAL_WORDS}. */
export function corpusCredentialLines(): CorpusPiece[] {
  if (!publicCorpusDir) return [];
  const out: CorpusPiece[] = [];
  for (const dir of ["docs", "templates"]) {
    for (const file of files(path.join(publicCorpusDir, dir))) {
      const text = readText(file);
      if (text === undefined) continue;
      text.split(/\r\n|\r|\n/).forEach((line, i) => {
        if (CREDENTIAL_WORDS.test(line)) out.push({ file: `${dir}/${path.basename(file)}`, line: i + 1, text: line });
      });
    }
  }
  return out;
}
