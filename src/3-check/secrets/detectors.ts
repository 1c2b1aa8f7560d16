/**
 * The secret detectors, as data (after gitleaks' `gitleaks.toml` and secretlint's rule presets):
 * each has an id, the words that must occur before its pattern runs (a cheap prefilter), a
 * pattern whose named group `secret` is the credential, an entropy floor, the public source of
 * the format and its precision (`detector.ts`). Vendor detectors come first and the generic
 * assignment detector after them, so an overlapping vendor match wins; the context detectors
 * (`context-detectors.ts`) follow and only add what these refused.
 *
 * Every pattern is linear on any input: each starts after a negative look-behind for its own
 * character class (a run of token characters is tried once, at its start, not at every position)
 * and every repetition is bounded. `test/secrets/detectors-linear.test.ts` runs each one over 1 MB
 * adversarial lines.
 */
import { CONTEXT_DETECTORS } from "./context-detectors.js";
import type { SecretDetector } from "./detector.js";
import { acceptGeneric } from "./values.js";

export type { DetectorPrecision, SecretDetector } from "./detector.js";

/** A JWT's header must decode to JSON naming `alg` or `typ` (RFC 7515 §4.1). */
function isJwtHeader(value: string): boolean {
  const header = value.slice(0, value.indexOf("."));
  try {
    const json = Buffer.from(header, "base64url").toString("utf8");
    return /"(?:alg|typ)"\s*:/.test(json);
  } catch {
    return false;
  }
}

/** Characters around a token: a token starts where none of these precede it. */
const TOKEN_CHARS = "A-Za-z0-9_";

/** The format detectors (vendor formats first, the generic assignment last), in priority order. */
const FORMAT_DETECTORS: readonly SecretDetector[] = [
  {
    id: "private-key",
    description: "Private key block",
    keywords: ["private key"],
    pattern:
      /-----BEGIN[ A-Z0-9]{0,30}PRIVATE KEY(?: BLOCK)?-----(?:\s{0,4}(?:\\n)?[A-Za-z-]{1,20}: [^\r\n\\]{0,100}){0,4}(?<secret>[A-Za-z0-9+/=\s\\]{40,40000})/dg,
    entropy: 4.0,
    source: "RFC 7468 §10 (PKCS #8), RFC 1421 (PEM), OpenSSH PROTOCOL.key",
    precision: "very-high",
  },
  {
    id: "aws-access-key-id",
    description: "AWS access key id",
    keywords: ["akia", "asia", "abia", "acca", "a3t"],
    pattern: /(?<![A-Za-z0-9])(?<secret>(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z2-7]{16})(?![A-Za-z0-9])/dg,
    entropy: 3.0,
    source: "https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html#identifiers-unique-ids",
    precision: "very-high",
  },
  {
    id: "aws-secret-access-key",
    description: "AWS secret access key",
    keywords: ["aws"],
    pattern:
      /(?<![A-Z0-9])aws[_.-]?(?:secret[_.-]?access[_.-]?key|secret[_.-]?key|secret)["']?\s{0,3}(?:[:=]|:=|=>)\s{0,3}["']?(?<secret>[A-Z0-9/+]{40})(?![A-Z0-9/+=])/dgi,
    entropy: 3.5,
    source: "https://docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_access-keys.html",
    precision: "high",
  },
  {
    id: "github-token",
    description: "GitHub token",
    keywords: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"],
    // eslint-disable-next-line regexp/prefer-w, regexp/prefer-predefined-assertion -- the provider's token alphabet as it documents it; the look-arounds use TOKEN_CHARS, not \b
    pattern: new RegExp(`(?<![${TOKEN_CHARS}])(?<secret>gh[pousr]_[A-Za-z0-9]{36,251})(?![${TOKEN_CHARS}])`, "dg"),
    entropy: 3.5,
    source: "https://github.blog/engineering/platform-security/behind-githubs-new-authentication-token-formats/",
    precision: "very-high",
  },
  {
    id: "github-fine-grained-pat",
    description: "GitHub fine-grained personal access token",
    keywords: ["github_pat_"],
    // eslint-disable-next-line regexp/prefer-w, regexp/prefer-predefined-assertion -- the provider's token alphabet as it documents it; the look-arounds use TOKEN_CHARS, not \b
    pattern: new RegExp(`(?<![${TOKEN_CHARS}])(?<secret>github_pat_[A-Za-z0-9_]{50,255})(?![${TOKEN_CHARS}])`, "dg"),
    entropy: 3.5,
    source: "https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/managing-your-personal-access-tokens",
    precision: "very-high",
  },
  {
    id: "gitlab-token",
    description: "GitLab token",
    keywords: ["glpat-", "gldt-", "glrt-", "glptt-", "glft-", "glimt-", "glcbt-", "glsoat-", "gloas-", "glffct-", "glagent-", "gr1348941"],
    pattern: /(?<![\w-])(?<secret>(?:gl(?:pat|dt|rt|ptt|ft|imt|cbt|soat|oas|ffct|agent)-|GR1348941)[\w-]{20,80})(?![\w-])/dg,
    entropy: 3.0,
    source: "https://docs.gitlab.com/security/tokens/#token-prefixes",
    precision: "very-high",
  },
  {
    id: "slack-token",
    description: "Slack token",
    keywords: ["xoxa-", "xoxb-", "xoxp-", "xoxo-", "xoxs-", "xoxe-", "xoxr-", "xoxc-", "xapp-"],
    pattern: /(?<![\w-])(?<secret>(?:xox[abposecr]|xapp)-[0-9A-Za-z-]{10,250})(?![\w-])/dg,
    entropy: 3.0,
    source: "https://api.slack.com/authentication/token-types",
    precision: "very-high",
  },
  {
    id: "slack-webhook-url",
    description: "Slack webhook URL",
    keywords: ["hooks.slack.com"],
    pattern: /hooks\.slack\.com\/(?:services|workflows|triggers)\/(?<secret>[\w+/-]{20,120})/dg,
    entropy: 3.5,
    source: "https://api.slack.com/messaging/webhooks",
    precision: "very-high",
  },
  {
    id: "stripe-secret-key",
    description: "Stripe secret key",
    keywords: ["sk_live_", "sk_test_", "rk_live_", "rk_test_", "whsec_"],
    // eslint-disable-next-line regexp/prefer-w, regexp/prefer-predefined-assertion -- the provider's token alphabet as it documents it; the look-arounds use TOKEN_CHARS, not \b
    pattern: new RegExp(`(?<![${TOKEN_CHARS}])(?<secret>(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{20,247}|whsec_[A-Za-z0-9+/=]{24,128})(?![${TOKEN_CHARS}])`, "dg"),
    entropy: 3.5,
    source: "https://docs.stripe.com/keys",
    precision: "very-high",
  },
  {
    id: "npm-token",
    description: "npm access token",
    keywords: ["npm_"],
    // eslint-disable-next-line regexp/prefer-w, regexp/prefer-predefined-assertion -- the provider's token alphabet as it documents it; the look-arounds use TOKEN_CHARS, not \b
    pattern: new RegExp(`(?<![${TOKEN_CHARS}])(?<secret>npm_[A-Za-z0-9]{36})(?![${TOKEN_CHARS}])`, "dg"),
    entropy: 3.5,
    source: "https://github.blog/changelog/2021-09-23-npm-has-a-new-access-token-format/",
    precision: "very-high",
  },
  {
    id: "pypi-token",
    description: "PyPI API token",
    keywords: ["pypi-ageichlwas5vcmc", "pypi-agendgvzdc5wexbpln"],
    pattern: /(?<![\w-])(?<secret>pypi-(?:AgEIcHlwaS5vcmc|AgENdGVzdC5weXBpLm9yZw)[\w-]{50,1000})(?![\w-])/dg,
    entropy: 3.5,
    source: "https://pypi.org/help/#apitoken (macaroon serialised as pypi-AgEIcHlwaS5vcmc…)",
    precision: "very-high",
  },
  {
    id: "anthropic-api-key",
    description: "Anthropic API key",
    keywords: ["sk-ant-"],
    pattern: /(?<![\w-])(?<secret>sk-ant-(?:api|admin|sid|oat|ort)\d{2}-[\w-]{32,200})(?![\w-])/dg,
    entropy: 3.5,
    source: "https://docs.anthropic.com/en/api/overview#authentication (keys sk-ant-api03-…)",
    precision: "very-high",
  },
  {
    id: "openai-api-key",
    description: "OpenAI API key",
    keywords: ["sk-proj-", "sk-svcacct-", "sk-admin-", "sk-none-", "t3blbkfj", "sk-"],
    pattern: /(?<![\w-])(?<secret>sk-(?:proj|svcacct|admin|None)-[\w-]{40,300}|sk-[A-Za-z0-9]{48})(?![\w-])/dg,
    entropy: 3.5,
    source: "https://platform.openai.com/docs/api-reference/authentication (T3BlbkFJ is base64 'OpenAI')",
    precision: "very-high",
  },
  {
    id: "google-api-key",
    description: "Google API key",
    keywords: ["aiza"],
    pattern: /(?<![\w-])(?<secret>AIza[\w-]{35})(?![\w-])/dg,
    entropy: 3.5,
    source: "https://cloud.google.com/docs/authentication/api-keys",
    precision: "very-high",
  },
  {
    id: "google-oauth-client-secret",
    description: "Google OAuth client secret",
    keywords: ["gocspx-"],
    pattern: /(?<![\w-])(?<secret>GOCSPX-[\w-]{28})(?![\w-])/dg,
    entropy: 3.5,
    source: "https://developers.google.com/identity/protocols/oauth2 (client secrets GOCSPX-…)",
    precision: "very-high",
  },
  {
    id: "azure-storage-key",
    description: "Azure storage or Service Bus account key",
    keywords: ["accountkey", "sharedaccesskey"],
    pattern: /(?<![A-Z0-9])(?:AccountKey|SharedAccessKey)\s{0,2}=\s{0,2}(?<secret>[A-Z0-9+/]{40,100}={0,2})(?![A-Z0-9+/=])/dgi,
    entropy: 4.0,
    source: "https://learn.microsoft.com/en-us/azure/storage/common/storage-configure-connection-string",
    precision: "high",
  },
  {
    id: "azure-ad-client-secret",
    description: "Azure AD (Entra ID) client secret",
    keywords: ["q~"],
    pattern: /(?<![\w~.-])(?<secret>[\w~.]{3}\dQ~[\w~.-]{31,34})(?![\w~.-])/dg,
    entropy: 3.5,
    source: "https://learn.microsoft.com/en-us/entra/identity-platform/how-to-add-credentials (gitleaks azure-ad-client-secret)",
    precision: "high",
  },
  {
    id: "azure-sas-token",
    description: "Azure shared access signature",
    keywords: ["sig="],
    pattern: /(?<=[?&])sig=(?<secret>[A-Za-z0-9%+/]{40,120}(?:%3D|=){0,2})(?![A-Za-z0-9%+/=])/dg,
    entropy: 3.5,
    source: "https://learn.microsoft.com/en-us/rest/api/storageservices/create-service-sas",
    precision: "high",
  },
  {
    id: "twilio-api-key",
    description: "Twilio API key",
    keywords: ["sk"],
    pattern: /(?<![A-Za-z0-9])(?<secret>SK[0-9a-fA-F]{32})(?![A-Za-z0-9])/dg,
    entropy: 3.0,
    source: "https://www.twilio.com/docs/iam/api-keys",
    precision: "high",
  },
  {
    id: "sendgrid-api-key",
    description: "SendGrid API key",
    keywords: ["sg."],
    pattern: /(?<![\w.-])(?<secret>SG\.[\w-]{22}\.[\w-]{43})(?![\w-])/dg,
    entropy: 3.5,
    source: "https://www.twilio.com/docs/sendgrid/ui/account-and-settings/api-keys",
    precision: "very-high",
  },
  {
    id: "jwt",
    description: "JSON Web Token",
    keywords: ["eyj"],
    pattern: /(?<![\w-])(?<secret>eyJ[\w-]{8,4096}\.eyJ[\w-]{8,8192}\.[\w-]{8,4096})(?![\w-])/dg,
    entropy: 3.5,
    source: "RFC 7519 (JWT), RFC 7515 §7.1 (compact serialisation)",
    precision: "high",
    accept: isJwtHeader,
  },
  {
    id: "database-url",
    description: "Password in a database URL",
    keywords: ["://"],
    pattern:
      /(?<![A-Z0-9+.-])(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|amqps?|mssql|sqlserver|oracle|cockroachdb|clickhouse|couchdb|neo4j(?:\+s)?|bolt|jdbc:[a-z]{2,20}|(?:postgresql|mysql)\+[a-z0-9]{1,20}):\/\/(?<user>[^\s:/?#@"'<>`]{0,128}):(?<secret>[^\s/?#@"'<>`]{1,256})@/dgi,
    entropy: 0,
    source: "https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING-URIS, RFC 3986 §3.2.1",
    precision: "high",
  },
  {
    id: "url-credentials",
    description: "Password in a URL",
    keywords: ["://"],
    pattern: /(?<![A-Z0-9+.-])[A-Z][A-Z0-9+.-]{1,30}:\/\/(?<user>[^\s:/?#@"'<>`]{0,128}):(?<secret>[^\s/?#@"'<>`]{1,256})@/dgi,
    entropy: 0,
    source: "RFC 3986 §3.2.1 (userinfo: 'user:password' is deprecated)",
    precision: "high",
  },
  {
    id: "database-connection-string",
    description: "Password in a connection string",
    keywords: ["password", "pwd"],
    pattern: /\b(?:Password|Pwd)\s{0,2}=\s{0,2}(?<secret>[^;"'\s]{1,128})(?=\s{0,2};)/dgi,
    entropy: 0,
    source: "https://learn.microsoft.com/en-us/dotnet/framework/data/adonet/connection-string-syntax (ADO.NET, ODBC, JDBC)",
    precision: "high",
  },
  {
    id: "database-dsn",
    description: "Password in a database DSN",
    keywords: ["password="],
    pattern: /\b(?:(?:host|hostaddr|dbname|user|port|sslmode)=[^\s;'"]{1,100}[ \t]{1,4}){1,6}password=(?<secret>[^\s;'"]{1,128})/dgi,
    entropy: 0,
    source: "https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING-KEYWORD-VALUE",
    precision: "high",
  },
  {
    id: "authorization-header",
    description: "Credential in an Authorization header",
    keywords: ["authorization"],
    pattern: /(?<![\w-])Authorization["']?\s{0,3}[:=]\s{0,3}["']?(?:Bearer|Basic|Token|Bot)[ \t]{1,4}(?<secret>[\w.~+/=-]{8,4096})/dgi,
    entropy: 3.0,
    source: "RFC 6750 §2.1 (Bearer), RFC 7617 (Basic)",
    precision: "high",
  },
  {
    id: "generic-secret",
    // Key, separator and value on one line ([ \t], not \s): `password:` followed by blank lines
    // and some later text is not an assignment (and \s made LF and CRLF copies disagree).
    description: "Secret assigned to a credential-named key",
    keywords: ["password", "passwd", "passphrase", "pwd", "secret", "token", "key", "credential"],
    // The key's syntaxes: `k = v`, `k: v`, `k := v` (Go), `k => v`, Makefile `k ::= v`, `k :::= v`,
    // `k ?= v`, `k += v`, PHP `$k .= v`, a typed declaration (`var k string = v`, `val k: String = v`),
    // a quoted key and value as two arguments (`setProperty("K", "v")`), and an XML element
    // (`<k>v</k>`, the value on the element's line or the next).
    pattern:
      /(?:(?<![\w.-])[\w.-]{0,40}?(?:password|passwd|passphrase|pwd|secret(?:[_.-]?key)?|token|(?:api|access|auth|private|signing|encryption|master|client)[_.-]?key|client[_.-]?secret|credentials?)(?:["'][ \t]{0,3},|["']?(?:[ \t]{0,3}:?[ \t]{0,3}(?:string|str))?[ \t]{0,3}(?:[:=]|:{1,3}=|[?.+]=|=>))|<[\w.-]{0,40}?(?:password|passwd|passphrase|secret(?:[_.-]?key)?|token|(?:api|access|auth|private|signing|encryption|master|client)[_.-]?key|client[_.-]?secret)>(?=[^<\n]{0,300}(?:\r?\n[^<\n]{0,300}){0,2}<\/)(?:[ \t]{0,40}\r?\n)?)[ \t]{0,40}["'`]?(?<secret>[^\s"'`<>,;&()[\]{}|\\]{8,256})/dgi,
    entropy: 0,
    source: "gitleaks generic-api-key; detect-secrets KeywordDetector",
    precision: "medium",
    yieldsToLonger: true,
    accept: acceptGeneric,
  },
];

/**
 * Built-in detectors, in priority order: the format detectors, then the context detectors
 * (`context-detectors.ts`), which only add what the format detectors refused.
 */
export const SECRET_DETECTORS: readonly SecretDetector[] = [...FORMAT_DETECTORS, ...CONTEXT_DETECTORS];
