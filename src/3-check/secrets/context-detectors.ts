/**
 * The context detectors: credentials named by what surrounds them rather than by their shape — a
 * password after `password is`, in a table's password column, after `mysql -p`, `sshpass -p`,
 * `--password`, `curl -u user:`, in `.netrc` and `.pgpass`; a hex key under an API-key name; a
 * framework's secret key; a cloud secret key or an AWS key id under a name that is not the
 * vendor's. They run after the format detectors (`detectors.ts`) and only add what those refused.
 *
 * Each value must still look like a credential for its context (`values.ts`): a password has
 * three character classes or is a passphrase, a secret key is long and near random, and
 * references (`$VAR`, `${VAR}`, `$(cmd)`, `<password>`, `os.environ[…]`) are refused.
 *
 * Every pattern is bounded: each repetition has an upper bound, a key starts after a negative
 * look-behind for its own characters, and a command's arguments are a bounded run of one
 * character class. `test/secrets/context-detectors.test.ts` times each on 1 MB adversarial lines.
 */
import type { SecretDetector } from "./detector.js";
import { DELIMITER_ROW, passwordCells } from "./table-cells.js";
import { acceptOptionPassword, acceptPassword, acceptSecretKey, characterClasses } from "./values.js";

/** A password value after its context: no quotes, spaces, angle brackets or pipes. */
const VALUE = String.raw`['"\`“]?(?<secret>[^\s'"\`”<>|\\]{1,128})`;
/** Where a shell command's arguments run: the rest of the line, up to a pipe or a separator. */
const ARGS = String.raw`[^\n|;&]{0,200}?`;
/** A key and its separator: `KEY=`, `key: `, `"key": "`, `key := `, `key => `, Makefile `key ::= `, `key ?= `, PHP `$key .= `. */
const SEPARATOR = String.raw`["'\]]{0,2}[ \t]{0,3}(?:[:=]|:{1,3}=|[?.+]=|=>)[ \t]{0,3}`;
/** Full stops and closing brackets after a value in prose. */
const TRAILING = ".,;:)]";

const g = (source: string, flags = "dgi"): RegExp => new RegExp(source, flags);

/** A 40-character AWS-style secret key mixes upper and lower case and digits. */
function acceptCloudSecret(value: string): boolean {
  if (/^[0-9a-f]{64}$/.test(value)) return true;
  const classes = characterClasses(value);
  return classes.upper && classes.lower && classes.digit;
}

/** The context detectors, in priority order (more specific first). */
export const CONTEXT_DETECTORS: readonly SecretDetector[] = [
  {
    id: "aws-access-key-id-named",
    description: "AWS access key id under its name",
    keywords: ["access_key_id", "accesskeyid", "access key id", "access-key-id"],
    pattern: g(
      String.raw`(?:(?<![A-Za-z0-9_.-])[A-Za-z0-9_.-]{0,20}?(?:access[_.-]?key[_.-]?id|ACCESS_KEY_ID|AccessKeyId|accessKeyId)["']?[ \t]{0,3}(?:[:=]|:=|=>|[ \t])|\bAccess[ \t]+key[ \t]+ID[ \t]*[:=])[ \t]{0,3}["'\`]?(?<secret>(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16})(?![A-Za-z0-9])`,
      "dg",
    ),
    entropy: 3.0,
    source:
      "https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html#identifiers-unique-ids (a key id named AWS_ACCESS_KEY_ID / aws_access_key_id / AccessKeyId)",
    precision: "high",
  },
  {
    id: "cloud-secret-key",
    description: "Cloud secret key under a secret-named key",
    keywords: ["secret"],
    pattern: g(
      String.raw`(?:(?<![A-Za-z0-9_.-])-{0,2}[A-Za-z0-9_.-]{0,40}?secret[A-Za-z0-9_.-]{0,30}?${SEPARATOR}|\bsecret(?:[ \t]+access)?[ \t]+key\b[^\n.:;!?]{0,30}?(?:[ \t]+is|[:=]))[ \t]*["'\`]?(?<secret>(?<=secret[_.-]?(?:access[_.-]?)?key(?:[_.-][A-Za-z0-9]{1,12})?["']?[ \t]{0,3}[:=][ \t]{0,3}["'\`]?)[0-9a-f]{64}|[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])`,
    ),
    entropy: 3.5,
    source:
      "https://docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_access-keys.html (40-character secret keys, also MinIO, DigitalOcean Spaces, Wasabi); https://developers.cloudflare.com/r2/api/tokens/ (R2: 64 hex)",
    precision: "high",
    hexValues: true,
    accept: acceptCloudSecret,
  },
  {
    id: "hex-api-key",
    description: "Hex API key under an API-key name",
    keywords: ["key"],
    pattern: g(
      String.raw`(?:(?<![A-Za-z0-9_.-])[A-Za-z0-9_.-]{0,40}?(?:api|app|application|license|licence|admin|client|account)[_.-]?key${SEPARATOR}|\b(?:api|app|application|license|licence)[ \t]+key\b[^\n.:;!?]{0,40}?(?:[ \t]+is|[:=]))[ \t]*["'\`]?(?<secret>[0-9a-f]{32}(?:[0-9a-f]{8})?(?:-[a-z]{2}\d{1,2})?)(?![0-9A-Za-z])`,
    ),
    entropy: 3.0,
    source:
      "https://docs.datadoghq.com/account_management/api-app-keys/ (32 and 40 hex), New Relic license keys (40 hex), Mailchimp (32 hex + -usN), Algolia and Honeycomb API keys (32 hex)",
    precision: "high",
    hexValues: true,
  },
  {
    id: "framework-secret-key",
    description: "Framework secret key",
    keywords: ["secret_key", "app_key"],
    pattern: g(
      String.raw`(?:\b(?:[A-Z][A-Z0-9]{0,20}_)?SECRET_KEY(?:_BASE)?\b|\bsecret_key_base\b|\bAPP_KEY\b|\bapp\.secret_key\b)${SEPARATOR}["'\`]?(?<secret>[^\s"'\`]{16,256})`,
      "dg",
    ),
    entropy: 3.5,
    source:
      "https://docs.djangoproject.com/en/stable/ref/settings/#secret-key, https://guides.rubyonrails.org/security.html (secret_key_base), https://laravel.com/docs/encryption (APP_KEY), https://flask.palletsprojects.com/en/stable/config/#SECRET_KEY",
    precision: "high",
    hexValues: true,
    accept: acceptSecretKey,
  },
  {
    id: "laravel-app-key",
    description: "Laravel application key",
    keywords: ["app_key", "laravel"],
    pattern: /(?<![A-Za-z0-9+/:])(?<secret>base64:[A-Za-z0-9+/]{43}=)(?![A-Za-z0-9+/=])/dg,
    entropy: 4.0,
    source: "https://laravel.com/docs/encryption#configuration (APP_KEY: base64: and 32 random bytes)",
    precision: "high",
  },
  {
    id: "mysql-password-option",
    description: "Password on a MySQL command line",
    keywords: ["mysql", "mariadb"],
    pattern: g(String.raw`\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlcheck|mysqlshow|mysqlpump|mariadb(?:-dump|-admin)?)\b${ARGS}[ \t]-p${VALUE}`, "dg"),
    entropy: 0,
    source: "https://dev.mysql.com/doc/refman/8.4/en/connection-options.html#option_general_password (-p<password>, no space)",
    precision: "high",
    accept: acceptOptionPassword,
    optionValue: true,
  },
  {
    id: "sshpass-password",
    description: "Password given to sshpass",
    keywords: ["sshpass"],
    pattern: g(String.raw`\bsshpass\b[^\n|;&]{0,80}?[ \t]-p[ \t]*${VALUE}`, "dg"),
    entropy: 0,
    source: "sshpass(1): -p password (https://linux.die.net/man/1/sshpass)",
    precision: "high",
    accept: acceptOptionPassword,
    optionValue: true,
  },
  {
    id: "basic-auth-option",
    description: "Password in a user:password option",
    keywords: ["curl", "http", "wget", "xh"],
    pattern: g(
      String.raw`\b(?:curl|http|https|xh|wget)\b${ARGS}[ \t](?:-[a-zA-Z]{0,4}u|--user|-a|--auth)(?:=|[ \t]*)['"]?(?<user>[^\s:'"]{1,64}):(?<secret>[^\s'"@]{1,128})`,
      "dg",
    ),
    entropy: 0,
    source: "curl(1) -u/--user <user:password> (https://curl.se/docs/manpage.html#-u), HTTPie -a/--auth",
    precision: "high",
    accept: acceptOptionPassword,
    optionValue: true,
  },
  {
    id: "password-option",
    description: "Password in a command-line option",
    keywords: ["pass", "pwd", "redis-cli", "zip", "htpasswd", "rabbitmqctl"],
    pattern: g(
      String.raw`(?:(?<![\w-])--?[\w-]{0,30}?(?:password|passwd|passphrase|pass|pwd|storepass|keypass)(?:=|[ \t]+)|\bredis-cli\b${ARGS}[ \t]-a[ \t]+|[ \t]-pass(?:in|out)?[ \t]+pass:|\b(?:zip|zipcloak)\b[^\n|;&]{0,100}?[ \t]-P[ \t]+|\bhtpasswd[ \t]+-[a-zA-Z]{0,3}b[a-zA-Z]{0,3}(?:[ \t]+-[a-zA-Z]{1,4}){0,4}[ \t]+\S{1,200}[ \t]+\S{1,100}[ \t]+|\brabbitmqctl[ \t]+(?:add_user|change_password)[ \t]+\S{1,100}[ \t]+)${VALUE}`,
      "dg",
    ),
    entropy: 0,
    source:
      "--password=<pw> (docker login, mongosh, wget), redis-cli -a, openssl -passin/-passout pass:, zip -P, keytool -storepass/-keypass, htpasswd -b, rabbitmqctl add_user",
    precision: "high",
    accept: acceptPassword,
  },
  {
    id: "password-dotfile",
    description: "Password in a .netrc or server configuration",
    keywords: ["machine", "requirepass", "masterauth"],
    pattern: g(String.raw`(?:\bmachine[ \t]+\S{1,253}(?:[ \t]+login[ \t]+\S{1,128})?[ \t]+password[ \t]+|\b(?:requirepass|masterauth)[ \t]+)${VALUE}`, "dg"),
    entropy: 0,
    source: "netrc(5) (https://www.gnu.org/software/inetutils/manual/html_node/The-_002enetrc-file.html), redis.conf requirepass/masterauth",
    precision: "high",
    accept: acceptPassword,
  },
  {
    id: "pgpass-entry",
    description: "Password in a .pgpass entry",
    keywords: ["pgpass"],
    pattern: /^[ \t]*[^\s:#]{1,253}:(?:\d{1,5}|\*):[^\s:]{1,63}:[^\s:]{1,63}:(?<secret>\S{1,128})[ \t]*$/dgm,
    entropy: 0,
    source: "https://www.postgresql.org/docs/current/libpq-pgpass.html (hostname:port:database:username:password)",
    precision: "high",
    accept: acceptPassword,
  },
  {
    id: "password-table-cell",
    description: "Password in a table's password cell",
    keywords: ["pass", "pwd", "credential"],
    pattern: new RegExp(DELIMITER_ROW.source, "dg"),
    entropy: 0,
    source: "GFM tables (https://github.github.com/gfm/#tables-extension-): a column or row headed password, passphrase, pwd or credentials",
    precision: "high",
    accept: acceptPassword,
    locate: passwordCells,
  },
  {
    id: "password-assignment",
    description: "Password assigned to a password-named key",
    keywords: ["pass", "pwd"],
    pattern: g(
      [
        String.raw`(?<![A-Za-z0-9_.-])(?:`,
        // Any key naming a password outright: `password`, `DB_PASSWORD`, `spring.datasource.password`.
        String.raw`[A-Za-z0-9_.-]{0,40}?(?:password|passwd|passphrase)`,
        // `pass` and `pwd` are words of prose too ("Clarity Pass: …", "bypass: …"): a key only after a separator or a known service name (`DB_PASS`, `MYSQL_PWD`, `sshpass`) …
        String.raw`|[A-Za-z0-9_.-]{0,39}[_.-](?:pass|pwd)|(?:db|sql|mysql|pg|ssh|smtp|mail|ftp|admin|root|user|redis|vnc|wifi|app|api)(?:pass|pwd)`,
        // … alone before `=`, or as the label a line, list item or quote starts with (`pass: …`).
        String.raw`|(?:pass|pwd)(?=["'\]]{0,2}[ \t]{0,3}(?:=|:=|=>))|(?<=(?<![^\n])[ \t]{0,8}(?:(?:[-*+>]|\d{1,3}[.)])[ \t]{1,4})?["']?)(?:pass|pwd)`,
        String.raw`)${SEPARATOR}${VALUE}`,
      ].join(""),
    ),
    entropy: 0,
    source: "environment variables and config keys ending in PASSWORD, PASS, PWD (PGPASSWORD, MYSQL_PWD, SSHPASS, spring.datasource.password, ini password=)",
    precision: "high",
    accept: acceptPassword,
    trailingChars: TRAILING,
  },
  {
    id: "password-in-prose",
    description: "Password named in prose",
    keywords: [
      "pass",
      "pw",
      "credential",
      "login",
      "user",
      "account",
      "kennwort",
      "contrase",
      "senha",
      "wachtwoord",
      "hasło",
      "haslo",
      "пароль",
      "密码",
      "密碼",
      "パスワード",
      "비밀번호",
    ],
    pattern: g(
      `(?:${[
        // A password word in one of a dozen languages (anywhere: it names nothing else), a bold label's closing `**`, then `is`, `was`, `now`, `set/reset/changed to`, `:` or `=`; or the value right after it, or quoted.
        String.raw`(?:\b(?:password|passphrase|passwd|pwd|passwort|kennwort|contrase[nñ]a|mot de passe|senha|wachtwoord|has[lł]o)\b|пароль|密码|密碼|パスワード|비밀번호)(?:[ \t]+(?:for|of|on)[ \t]+[^\n.:;!?"'\`]{1,40}?(?=[ \t]*(?:\bis\b|\bwas\b|[:=])))?(?:\*\*|__)?(?:[ \t]*(?:\bis\b|\bwas\b|\bnow\b|(?:\b(?:set|reset|changed)[ \t]+)?\bto\b|[:=])(?:\*\*|__)?[ \t]*|(?<=(?:password|passphrase|passwd|pwd))[ \t]+(?![^\s:]{1,40}:)|[ \t]*(?=['"\`“]))`,
        // `pass` and `pw` are verbs and abbreviations in prose: only a statement (`the pw is …`) or a label at the start of a line, list item or quote (`- **Pass:** …`, `pw = …`).
        String.raw`\b(?:pass|pw)[ \t]+(?:is|was)[ \t]+`,
        String.raw`(?<![^\n])[ \t]{0,8}(?:(?:[-*+>]|\d{1,3}[.)])[ \t]{1,4})?(?:\*\*|__)?(?:pass|pw)(?:\*\*|__)?[ \t]*[:=](?:\*\*|__)?[ \t]*`,
        String.raw`\blogin[ \t]+[\w.@+-]{1,40}[ \t]*[,;/][ \t]*(?:pass(?:word)?|pw)[ \t]*[:=]?[ \t]*`,
        String.raw`\buse[ \t]+(?=['"\`]?[^\s'"\`<>|\\]{8,128}['"\`]?[ \t]+as[ \t]+(?:the[ \t]+|a[ \t]+)?(?:[\w-]+[ \t]+)?(?:password|passphrase)\b)`,
        // A user / password pair under a credentials, login, account or user key (`"deploy_user": "deploy / …"`).
        String.raw`(?<![A-Za-z])(?:credentials?|logins?|accounts?|users?)\b[^\n:=]{0,30}?[:=][ \t]*['"\`]?[\w.@+-]{1,40}[ \t]*\/[ \t]*`,
      ]
        .map((part) => `(?:${part})`)
        .join("|")})${VALUE}`,
    ),
    entropy: 0,
    source:
      "prose naming a password: 'the password is …', 'password for X: …', '**Password:** `…`', 'with password `…`', 'use … as the password', 'credentials: user / …', 'login admin, pass …' (a bare 'pass' or 'pw' is a verb or an abbreviation: only a label at the start of a line counts)",
    precision: "medium",
    accept: acceptPassword,
    trailingChars: TRAILING,
  },
];
