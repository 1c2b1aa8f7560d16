/**
 * The labelled set of the `no-secrets` detectors: positives (a document text, the detector that
 * must find it, and the exact value) and negatives (texts where nothing may be found: SHAs,
 * digests, integrity strings, UUIDs, data: images, placeholders, prose).
 *
 * Every positive is FAKE: built at run time from a seeded pseudo-random generator, shaped like the
 * vendor's format, and most carry the word `FAKE`. Nothing token-shaped is written in this file's
 * source, so secret scanners (ours included) find nothing in the repository itself.
 */

/** A text that holds exactly one secret. */
export interface PositiveCase {
  detector: string;
  text: string;
  value: string;
}

/** mulberry32: a small seeded PRNG (deterministic sets, no Math.random). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
/** Character sets of the formats. */
export const ALPHABETS = {
  b62: UPPER + LOWER + DIGITS,
  b64: UPPER + LOWER + DIGITS + "+/",
  url: UPPER + LOWER + DIGITS + "-_",
  hex: "0123456789abcdef",
  b32: UPPER + "234567",
} as const;

/** A generator of random strings over an alphabet, deterministic for a seed. */
export function randomStrings(seed: number): (alphabet: string, length: number) => string {
  const next = seededRandom(seed);
  return (alphabet, length) => {
    let out = "";
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
    return out;
  };
}

const b64url = (s: string): string => Buffer.from(s, "utf8").toString("base64url");
const b64 = (s: string): string => Buffer.from(s, "utf8").toString("base64");

/** Wrappers putting a snippet where handoffs carry text: prose, code, comments, tables, lists. */
const CONTEXTS: ReadonlyArray<(s: string) => string> = [
  (s) => s,
  (s) => `Deploy notes: ${s} (rotate after use)`,
  (s) => "```sh\n" + s + "\n```",
  (s) => `<!-- ${s} -->`,
  (s) => "- `" + s + "`",
  (s) => `| prod | ${s} |`,
];

/** One credential as it would be written down: the detector, the value and the snippet holding it. */
export interface SecretSnippet {
  detector: string;
  value: string;
  snippet: string;
  /** The snippet is a whole text on its own (a multi-line key, a JSON record): not wrapped. */
  raw: boolean;
}

/** One snippet per built-in format (81), drawing from `r`. Deterministic for a seeded `r`. */
export function secretSnippets(r: (alphabet: string, length: number) => string): SecretSnippet[] {
  const { b62, b64: base64, url, hex, b32 } = ALPHABETS;
  const cases: SecretSnippet[] = [];
  const add = (detector: string, value: string, snippet: string = value, raw = false) => cases.push({ detector, value, snippet, raw });
  const pw = () => `Fk${r(b62, 6)}${r(DIGITS, 2)}${r(b62, 6)}`;

  // private-key (4)
  for (const kind of ["RSA ", "", "EC ", "OPENSSH "]) {
    const lines = [`MIIFAKE${r(base64, 57)}`, r(base64, 64), r(base64, 64), `${r(base64, 40)}==`];
    const body = lines.join("\n");
    add("private-key", body, `-----BEGIN ${kind}PRIVATE KEY-----\n${body}\n-----END ${kind}PRIVATE KEY-----`, true);
  }
  {
    const lines = [`MIIFAKE${r(base64, 57)}`, r(base64, 64), `${r(base64, 30)}=`];
    const body = lines.join("\\n");
    add("private-key", body, `{"private_key": "-----BEGIN PRIVATE KEY-----\\n${body}\\n-----END PRIVATE KEY-----\\n"}`, true);
  }
  // aws (3 + 3)
  for (const prefix of ["AKIA", "ASIA", "AKIA"]) add("aws-access-key-id", `${prefix}FAKE${r(b32, 12)}`);
  {
    const v = () => `FAKE${r(base64, 36)}`;
    let s = v();
    add("aws-secret-access-key", s, `aws_secret_access_key = ${s}`);
    s = v();
    add("aws-secret-access-key", s, `AWS_SECRET_ACCESS_KEY="${s}"`);
    s = v();
    add("aws-secret-access-key", s, `aws_secret_key: ${s}`);
  }
  // github (5 + 2)
  for (const p of ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"]) add("github-token", `${p}FAKE${r(b62, 32)}`);
  for (let i = 0; i < 2; i++) add("github-fine-grained-pat", `github_pat_11FAKE${r(b62, 16)}_${r(b62, 59)}`);
  // gitlab (3)
  for (const p of ["glpat-", "glrt-", "gldt-"]) add("gitlab-token", `${p}FAKE${r(b62, 16)}`);
  // slack (3 + 2)
  add("slack-token", `xoxb-${r(DIGITS, 11)}-${r(DIGITS, 13)}-FAKE${r(b62, 20)}`);
  add("slack-token", `xoxp-${r(DIGITS, 11)}-${r(DIGITS, 11)}-${r(DIGITS, 13)}-FAKE${r(hex, 28)}`);
  add("slack-token", `xapp-1-A0FAKE${r(UPPER + DIGITS, 6)}-${r(DIGITS, 13)}-${r(hex, 64)}`);
  for (let i = 0; i < 2; i++) {
    const path = `T0FAKE${r(UPPER + DIGITS, 4)}/B0FAKE${r(UPPER + DIGITS, 4)}/${r(b62, 24)}`;
    add("slack-webhook-url", path, `https://hooks.slack.com/services/${path}`);
  }
  // stripe (3)
  add("stripe-secret-key", `sk_live_FAKE${r(b62, 24)}`);
  add("stripe-secret-key", `rk_test_FAKE${r(b62, 24)}`);
  add("stripe-secret-key", `whsec_FAKE${r(b62, 28)}`);
  // npm, pypi (2 + 2)
  for (let i = 0; i < 2; i++) add("npm-token", `npm_FAKE${r(b62, 32)}`);
  for (let i = 0; i < 2; i++) add("pypi-token", `pypi-AgEIcHlwaS5vcmc${r(url, 64)}`);
  // anthropic, openai (3 + 3)
  add("anthropic-api-key", `sk-ant-api03-FAKE${r(url, 89)}AA`);
  add("anthropic-api-key", `sk-ant-api03-FAKE${r(url, 89)}AA`);
  add("anthropic-api-key", `sk-ant-admin01-FAKE${r(url, 89)}AA`);
  add("openai-api-key", `sk-proj-FAKE${r(url, 120)}`);
  add("openai-api-key", `sk-FAKE${r(b62, 16)}T3BlbkFJ${r(b62, 20)}`);
  add("openai-api-key", `sk-svcacct-FAKE${r(url, 60)}`);
  // google (2 + 2)
  for (let i = 0; i < 2; i++) add("google-api-key", `AIzaFAKE${r(url, 31)}`);
  for (let i = 0; i < 2; i++) add("google-oauth-client-secret", `GOCSPX-FAKE${r(url, 24)}`);
  // azure (2 + 2 + 2)
  {
    let s = `FAKE${r(base64, 82)}==`;
    add("azure-storage-key", s, `DefaultEndpointsProtocol=https;AccountName=fakeacct;AccountKey=${s};EndpointSuffix=core.windows.net`);
    s = `FAKE${r(base64, 39)}=`;
    add("azure-storage-key", s, `Endpoint=sb://fake.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=${s}`);
  }
  for (let i = 0; i < 2; i++) add("azure-ad-client-secret", `${r(b62, 3)}${r(DIGITS, 1)}Q~FAKE${r(b62 + "_~", 30)}`);
  for (let i = 0; i < 2; i++) {
    const s = `FAKE${r(b62, 39)}%3D`;
    add("azure-sas-token", s, `https://fakeacct.blob.core.windows.net/c/f.txt?sv=2022-11-02&sp=r&se=2030-01-01T00:00:00Z&sig=${s}`);
  }
  // twilio, sendgrid (2 + 2)
  for (let i = 0; i < 2; i++) add("twilio-api-key", `SK${r(hex, 32)}`);
  for (let i = 0; i < 2; i++) add("sendgrid-api-key", `SG.FAKE${r(url, 18)}.${r(url, 43)}`);
  // jwt (3)
  for (let i = 0; i < 3; i++) {
    const header = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
    const payload = b64url(JSON.stringify({ sub: `FAKE-user-${i}`, iat: 1767225600 + i }));
    add("jwt", `${header}.${payload}.${r(url, 43)}`);
  }
  // database URLs, URL credentials, connection strings, DSNs (4 + 3 + 2 + 2)
  for (const [scheme, user, host] of [
    ["postgres", "app", "db.fake.internal:5432/app"],
    ["mongodb+srv", "svc", "cluster0.fake.mongodb.net/prod"],
    ["redis", "", "cache.fake.internal:6379/0"],
    ["mysql", "root", "mysql.fake.internal/app"],
  ] as const) {
    const s = pw();
    add("database-url", s, `${scheme}://${user}:${s}@${host}`);
  }
  for (const [scheme, user, host] of [
    ["https", "deploy", "git.fake.internal/repo.git"],
    ["ftp", "upload", "files.fake.internal/in"],
    ["https", "x-access-token", "github.com/fake/repo.git"],
  ] as const) {
    const s = pw();
    add("url-credentials", s, `${scheme}://${user}:${s}@${host}`);
  }
  {
    let s = pw();
    add("database-connection-string", s, `Server=tcp:fake.database.windows.net,1433;Database=app;User ID=app;Password=${s};Encrypt=true;`);
    s = pw();
    add("database-connection-string", s, `jdbc:sqlserver://fake.internal:1433;databaseName=app;user=sa;password=${s};`);
    s = pw();
    add("database-dsn", s, `host=db.fake.internal port=5432 dbname=app user=app password=${s} sslmode=require`);
    s = pw();
    add("database-dsn", s, `dbname=app user=report password=${s}`);
  }
  // Authorization headers (3)
  {
    let s = `FAKE${r(url, 40)}`;
    add("authorization-header", s, `curl -H "Authorization: Bearer ${s}" https://api.fake.internal/v1`);
    s = b64(`fakeuser:${pw()}`);
    add("authorization-header", s, `Authorization: Basic ${s}`);
    s = `FAKE${r(b62, 32)}`;
    add("authorization-header", s, `{"headers": {"Authorization": "Token ${s}"}}`);
  }
  // generic assignments (7)
  for (const template of [
    (v: string) => `password: ${v}`,
    (v: string) => `API_KEY=${v}`,
    (v: string) => `"client_secret": "${v}"`,
    (v: string) => `db_password = "${v}"`,
    (v: string) => `SECRET_KEY='${v}'`,
    (v: string) => `https://api.fake.internal/v1/items?api_token=${v}&page=2`,
    (v: string) => `signing_key := "${v}"`,
  ]) {
    const s = `${pw()}${r("!#%^*+", 1)}${r(b62, 3)}`;
    add("generic-secret", s, template(s));
  }
  return cases;
}

/** Builds the positives. Deterministic. */
export function positiveCases(): PositiveCase[] {
  const r = randomStrings(20260101);
  const { b62, url } = ALPHABETS;
  const cases = secretSnippets(r);
  const out: PositiveCase[] = cases.map((c, i) => {
    const wrap = c.raw ? (s: string) => s : (CONTEXTS[i % CONTEXTS.length] as (s: string) => string);
    return { detector: c.detector, value: c.value, text: `# Handoff\n\n## Notes\n\n${wrap(c.snippet)}\n` };
  });
  // Frontmatter values and a folded one.
  const fm = `sk_live_FAKE${r(b62, 24)}`;
  out.push({ detector: "stripe-secret-key", value: fm, text: `---\ntitle: Deploy\nstripe_key: ${fm}\n---\n\n# Deploy\n` });
  const gh = `ghp_FAKE${r(b62, 32)}`;
  out.push({ detector: "github-token", value: gh, text: `---\ntitle: CI\nnote: >-\n  the bot uses\n  ${gh}\n---\n\n# CI\n` });
  // A JSON record.
  const oa = `sk-proj-FAKE${r(url, 100)}`;
  out.push({ detector: "openai-api-key", value: oa, text: `{\n  "schema": "verified-delivery/handoff-v1",\n  "env": { "OPENAI_API_KEY": "${oa}" }\n}\n` });
  // A link URL.
  const ak = `AIzaFAKE${r(url, 31)}`;
  out.push({ detector: "google-api-key", value: ak, text: `See [the map](https://maps.googleapis.com/maps/api/js?key=${ak}) for the tiles.\n` });
  return out;
}

/** Builds the negatives: texts where no detector may report anything. Deterministic. */
export function negativeCases(): string[] {
  const r = randomStrings(777);
  const { hex, b64: base64 } = ALPHABETS;
  const out: string[] = [];
  const uuid = () => `${r(hex, 8)}-${r(hex, 4)}-4${r(hex, 3)}-a${r(hex, 3)}-${r(hex, 12)}`;
  // Git SHAs, 7–40 hex, in the places handoffs put them (40).
  const shaTemplates = [
    (s: string) => `Last commit: ${s}`,
    (s: string) => `git_ref: main@${s}`,
    (s: string) => "- `" + s + "` fix the parser",
    (s: string) => `https://github.com/fake/repo/commit/${s}`,
    (s: string) => `sha: ${s}`,
    (s: string) => `{"head": "${s}"}`,
    (s: string) => `commit_token: ${s}`,
    (s: string) => `Compare ${s}..${r(hex, 7)}`,
  ];
  for (let i = 0; i < 40; i++) {
    const length = 7 + (i % 34);
    const template = shaTemplates[i % shaTemplates.length] as (s: string) => string;
    out.push(template(r(hex, length)));
  }
  // SHA-256/512 digests and labelled integrity strings (30 + 20).
  const digestTemplates = [
    (s: string) => `${s}  dist/handoff.tgz`,
    (s: string) => `integrity: sha256:${s}`,
    (s: string) => `"digest": "sha256:${s}"`,
    (s: string) => `image: ghcr.io/fake/app@sha256:${s}`,
    (s: string) => `secret_digest: ${s}`,
    (s: string) => `token_hash = "${s}"`,
  ];
  for (let i = 0; i < 30; i++) out.push((digestTemplates[i % digestTemplates.length] as (s: string) => string)(r(hex, i % 5 === 4 ? 128 : 64)));
  for (let i = 0; i < 20; i++) {
    const algo = ["sha512-", "sha384-", "sha256-"][i % 3] as string;
    const length = algo === "sha512-" ? 86 : algo === "sha384-" ? 64 : 43;
    const pad = algo === "sha384-" ? "" : algo === "sha512-" ? "==" : "=";
    const value = `${algo}${r(base64, length)}${pad}`;
    out.push(i % 2 === 0 ? `"integrity": "${value}"` : `<script src="app.js" integrity="${value}"></script>`);
  }
  // UUIDs (30).
  const uuidTemplates = [
    (s: string) => `session_id: ${s}`,
    (s: string) => `token: ${s}`,
    (s: string) => `{"requestId": "${s}"}`,
    (s: string) => `Run ${s} finished`,
    (s: string) => `api_key_id = "${s}"`,
    (s: string) => `urn:uuid:${s}`,
  ];
  for (let i = 0; i < 30; i++) out.push((uuidTemplates[i % uuidTemplates.length] as (s: string) => string)(i % 4 === 0 ? uuid().toUpperCase() : uuid()));
  // data: images (10).
  for (let i = 0; i < 10; i++) out.push(`![chart ${i}](data:image/png;base64,iVBORw0KGgo${r(base64, 300 + i * 40)}=)`);
  // Placeholders (documentation writes these instead of a credential).
  out.push(
    "TOKEN=<claude_authentication_token>",
    "token=$SUPABASE_ACCESS_TOKEN",
    "API_KEY=pplx-<your-key>",
    "token=0123456789abcdef0123456789abcdef0123456789abcdef",
    "OXIDE_DATABASE_URL=postgres://oxide_agent:REDACTED@REDACTED-HOST:REDACTED-PORT/oxide_agent?sslmode=require",
    "export GITHUB_TOKEN=<token>",
    "export GITHUB_TOKEN=$GITHUB_TOKEN",
    "export OPENAI_API_KEY=${OPENAI_API_KEY}",
    "password: ${{ secrets.DB_PASSWORD }}",
    "token: {{ vault_token }}",
    "api_key: %API_KEY%",
    "password: xxxx",
    "password: ********",
    "api_key: your-key-here",
    "api_key: your_api_key_here",
    "OPENAI_API_KEY=sk-your-key-here",
    "ANTHROPIC_API_KEY=sk-ant-...",
    "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "STRIPE_KEY=sk_test_xxxxxxxxxxxxxxxxxxxxxxxx",
    "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
    "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "postgres://user:password@localhost:5432/app",
    "postgres://postgres:postgres@localhost/app",
    "mysql://root:root@127.0.0.1/test",
    "https://user:pass@example.com/private",
    "redis://:changeme@localhost:6379",
    "mongodb://admin:<password>@cluster0.mongodb.net",
    "Authorization: Bearer $TOKEN",
    "Authorization: Bearer <token>",
    'curl -H "Authorization: Bearer ${API_TOKEN}" https://api.example.com',
    "Authorization: Bearer YOUR_ACCESS_TOKEN",
    "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----",
    "-----BEGIN OPENSSH PRIVATE KEY-----\n<your key here>\n-----END OPENSSH PRIVATE KEY-----",
    "password=REDACTED",
    "secret: process.env.SESSION_SECRET",
    "token: config.github.token",
    "client_secret: CLIENT_SECRET",
    "password: changeme",
    "db_password: 'my-password-here'",
    "api_key = 'INSERT_YOUR_KEY'",
    "token: abcdefghijklmnop",
    "token: 1234567890abcdef",
    "Server=localhost;Database=app;User Id=sa;Password=<YourStrong@Passw0rd>;",
    "Password=${DB_PASSWORD};",
    "jwt: eyJhbGciOiJIUzI1NiJ9.eyJ...",
    "api_key: sk-...",
    "SENDGRID_API_KEY=SG.xxxxxx.yyyyyy",
    "SLACK_WEBHOOK=https://hooks.slack.com/services/XXXX/YYYY/ZZZZ",
    "AZURE_CLIENT_SECRET=<client-secret>",
    "password: hunter2",
  );
  // Prose and code that mention credentials without carrying one.
  out.push(
    "The token refresh runs every 5 minutes.",
    "Rotate the API key in the vault (see docs/secrets.md).",
    "password_policy: min 12 chars",
    "max_tokens: 4096",
    "token_count: 128000",
    "Use `gh auth token` to print the token.",
    "secret: true",
    "api_key_env: OPENAI_API_KEY",
    "token_file: ~/.config/gh/hosts.yml",
    "password: see the 1Password item prod-db",
    "The key: value pairs live in config.yaml.",
    "git@github.com:fake/repo.git",
    "http://localhost:3000/api/items?page=2&sort=desc",
    "See sk-protocol/WORKFLOW_GAPS.md and docs/SKILL.md.",
    "Basic Input handling is done.",
    "`Bearer` tokens are validated in middleware.ts.",
    "JWTs start with eyJ because the header is JSON.",
    "npm_config_registry=https://registry.npmjs.org/",
    "Keys starting with AKIA are long-term keys; ASIA are temporary.",
    "Built from v1.2.3-4-gabc1234.",
    "token_expires_at: 2026-02-28T10:00:00Z",
    "secret_name: prod/db/password",
    "password_file: secrets/db_password.txt",
    "api_key_path: ./keys/service.json",
    "credentials: ~/.aws/credentials",
    "The credentials: stored in AWS Secrets Manager under prod/app.",
    "token_budget: 200k",
    "auth_token_ttl: 3600",
    "SECRET_KEY_BASE is generated by `rails secret` on deploy.",
    "Set `password: null` to disable basic auth.",
    "private_key_path: /etc/ssl/private/server.key",
    "accessKeyId comes from the instance role.",
    "The xoxb- prefix marks a Slack bot token.",
    "Stripe keys look like sk_live_ followed by 24 characters.",
    "glpat- tokens expire after a year.",
    "Run `npm token create --read-only`.",
    "Authorization header is set by the proxy.",
    "We store a sha256 of each token, never the token.",
    "token: version-2-format",
    "password: Correct horse battery staple",
    "secret_santa: 2025-12-24",
    "apikey: disabled",
    "tokenizer: cl100k_base",
    "keyboard: us-intl",
    "monkey=banana",
    "primary_key: id",
    "foreign_key = user_id",
    "access_key_rotation: 90d",
    "signing_key: kms://projects/fake/keys/sign",
    "Use `https://docs.fake.dev/auth#tokens` for the details.",
    "tokens: 15k/200k used",
  );
  return out;
}
