/**
 * The context detectors (`src/3-check/secrets/context-detectors.ts`), one table each: texts where the
 * detector must find exactly the planted value (and no other detector claims it), texts that
 * share its words and shapes and must give nothing at all, and growth on 1 MB adversarial lines
 * against 100 KB ones. Values are FAKE and built at run time; nothing credential-shaped is written
 * in this file.
 */
import { describe, expect, it } from "vitest";
import { CONTEXT_DETECTORS } from "../../src/3-check/secrets/context-detectors.js";
import type { SecretDetector } from "../../src/3-check/secrets/detector.js";
import { detectorMatches, scanSecrets } from "../../src/3-check/secrets/scan.js";
import { ALPHABETS, randomStrings } from "./labelled.js";

const r = randomStrings(42424);
const { b62, b64, hex } = ALPHABETS;
/** A typed password: a word, digits, a symbol and letters (three or four character classes). */
const pw = (): string => `Fk${r("bcdfghjkmnpqrstvwxz", 4)}${r("2468", 2)}${r("!#%&*?@+", 1)}${r("bcdfghjkmnpqrstvwxz", 3)}`;

/** One detector's table: `found` as [text, value], `quiet` texts with no finding at all. */
interface Table {
  found: Array<[string, string]>;
  quiet: string[];
}

const fence = (line: string): string => "```sh\n" + line + "\n```";
const v =
  (make: () => string): ((use: (value: string) => string) => [string, string]) =>
  (use) => {
    const value = make();
    return [use(value), value];
  };
const P = v(pw);

const TABLES: Record<string, Table> = {
  "aws-access-key-id-named": {
    found: [
      v(() => `AKIA${r("0189", 2)}${r(b62.toUpperCase().replace(/[a-z]/g, ""), 14)}`)((x) => `AWS_ACCESS_KEY_ID=${x}`),
      v(() => `ASIA${r("0189", 2)}${r("ABCDEFGHJKMNPQRSTUVWXYZ0123456789", 14)}`)((x) => `{"AccessKeyId": "${x}"}`),
      v(() => `AKIA${r("0189", 2)}${r("ABCDEFGHJKMNPQRSTUVWXYZ0123456789", 14)}`)((x) => `aws configure set aws_access_key_id ${x}`),
    ],
    quiet: [
      "AWS_ACCESS_KEY_ID=$AWS_ACCESS_KEY_ID",
      "aws_access_key_id: from-instance-role",
      "Access key ID: see the IAM console",
      "access_key_id = AKIA_TOO_SHORT",
    ],
  },
  "cloud-secret-key": {
    found: [
      v(() => `Q${r(b62, 20)}/${r(b64, 17)}9`)((x) => `MINIO_SECRET_KEY=${x}`),
      v(() => r(hex, 64))((x) => `R2_SECRET_ACCESS_KEY=${x}`),
      v(() => `Z${r(b62, 19)}+${r(b62, 18)}a`)((x) => `The Wasabi secret key is ${x}, the access key is in the vault.`),
    ],
    quiet: [`secret_digest: ${r(hex, 64)}`, `client_secret_hash: ${r(hex, 40)}`, "S3_SECRET=${S3_SECRET}", "secret: from-env", `secret_id: ${r(hex, 40)}`],
  },
  "hex-api-key": {
    found: [
      v(() => r(hex, 32))((x) => fence(`DD_API_KEY=${x}`)),
      v(() => r(hex, 40))((x) => `NEW_RELIC_LICENSE_KEY: ${x}`),
      v(() => `${r(hex, 32)}-us6`)((x) => `MAILCHIMP_API_KEY=${x}`),
      v(() => r(hex, 32))((x) => `The Datadog app key for staging is ${x}.`),
    ],
    quiet: [
      `api_key_sha256: ${r(hex, 64)}`,
      `commit ${r(hex, 40)}`,
      `trace_id=${r(hex, 32)}`,
      "DD_API_KEY=<your-datadog-api-key>",
      `api_key_id = ${r(hex, 8)}-${r(hex, 4)}-4${r(hex, 3)}-a${r(hex, 3)}-${r(hex, 12)}`,
    ],
  },
  "framework-secret-key": {
    found: [
      v(() => `${r("abcdefghijklmnopqrstuvwxyz0123456789", 20)}(${r("abcdefghijklmnopqrstuvwxyz0123456789!@#%^&*-_=+", 29)}`)(
        (x) => "```python\nSECRET_KEY = '" + x + "'\n```",
      ),
      v(() => r(hex, 128))((x) => `secret_key_base: ${x}`),
      v(() => `${r(b62, 30)}&${r(b62, 9)}`)((x) => `app.config["SECRET_KEY"] = "${x}"`),
    ],
    quiet: [
      'SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]',
      "SECRET_KEY = get_random_secret_key()",
      "app.secret_key = os.urandom(24)",
      'secret_key_base: <%= ENV["SECRET_KEY_BASE"] %>',
      "NEXTAUTH_SECRET=$(openssl rand -base64 32)",
    ],
  },
  "laravel-app-key": {
    found: [v(() => `base64:${r(b64, 43)}=`)((x) => `Laravel's key in prod is \`${x}\`.`), v(() => `base64:${r(b64, 43)}=`)((x) => `The APP_KEY value: ${x}`)],
    quiet: ["APP_KEY= # run php artisan key:generate", `Laravel encodes keys as base64:${r(b64, 12)} strings.`],
  },
  "mysql-password-option": {
    found: [
      P((x) => fence(`mysql -u root -p${x} app`)),
      P((x) => fence(`mysqldump -uapp -p'${x}' app > dump.sql`)),
      P((x) => `Connect with \`mysql -uroot -p${x}\`.`),
      // The option is the evidence: a weak or dictionary password is still one.
      ["  Database: rpm_db, reachable as: mysql -u root -proot -h 127.0.0.1 rpm_db", "root"],
      [fence("mariadb -u admin -padmin2024 shop"), "admin2024"],
    ],
    quiet: [
      "mysql -u root -p app",
      "mysql -h db -P 3306 -u app -p",
      'mysql -uroot -p"$MYSQL_ROOT_PASSWORD"',
      "mysqldump -u app -p < dump.sql",
      "mysql -u root -ppassword app",
      "mysql -u root -p<password> app",
      "mysql -u root -pxxx app",
      "mysql -u root -p*** app",
    ],
  },
  "sshpass-password": {
    found: [P((x) => fence(`sshpass -p ${x} ssh deploy@10.0.4.12`)), P((x) => fence(`sshpass -p '${x}' scp a.tgz ops@host:/tmp/`))],
    quiet: ['sshpass -p "$SSH_PASS" ssh deploy@host', "sshpass -f ~/.ssh/pass.txt ssh deploy@host", "sshpass -e ssh root@box"],
  },
  "basic-auth-option": {
    found: [
      P((x) => fence(`curl -u admin:${x} https://ci.internal/api/json`)),
      P((x) => fence(`curl --user "bot:${x}" https://ci.internal`)),
      P((x) => fence(`http -a admin:${x} GET https://api.internal/health`)),
    ],
    quiet: [
      'curl -u "$JENKINS_USER:$JENKINS_TOKEN" https://ci.internal',
      "curl -u admin https://ci.internal",
      "curl --user-agent handoffkit/1.0 https://example.com",
      "curl -u user:<password> https://api.example.com",
    ],
  },
  "password-option": {
    found: [
      P((x) => fence(`./deploy.sh --password=${x}`)),
      P((x) => fence(`docker login ghcr.io -u ci --password ${x}`)),
      P((x) => fence(`redis-cli -h cache -a ${x} ping`)),
      P((x) => fence(`openssl pkcs12 -export -passout pass:${x} -out c.p12`)),
      P((x) => fence(`zip -P ${x} backup.zip db.sql`)),
      P((x) => fence(`keytool -list -keystore app.jks -storepass ${x}`)),
      P((x) => fence(`htpasswd -b -c .htpasswd admin ${x}`)),
      P((x) => fence(`rabbitmqctl add_user app ${x}`)),
    ],
    quiet: [
      "docker login -u ci --password-stdin < token.txt",
      "./deploy.sh --password-file /run/secrets/deploy",
      'redis-cli -a "$REDIS_PASSWORD" ping',
      "openssl pkcs12 -export -passout env:P12_PASS",
      "wget --user=ci --ask-password https://files.internal/b.tgz",
      "htpasswd -c .htpasswd admin",
      "ssh -p 2222 deploy@host",
    ],
  },
  "password-dotfile": {
    found: [P((x) => "```\nmachine api.example.com login ci password " + x + "\n```"), P((x) => "```\nrequirepass " + x + "\n```")],
    quiet: ["machine api.example.com login ci", "requirepass ${REDIS_PASSWORD}", "The machine password policy is strict."],
  },
  "pgpass-entry": {
    found: [P((x) => "```\n# ~/.pgpass\ndb.internal:5432:app:app:" + x + "\n```"), P((x) => "~/.pgpass holds:\n\n    *:*:*:report:" + x + "\n")],
    quiet: ["# ~/.pgpass\ndb.internal:5432:app:app:*", "See ~/.pgpass (host:port:db:user:password)."],
  },
  "password-table-cell": {
    found: [
      P((x) => `| host | user | password |\n| --- | --- | --- |\n| db.internal | app | ${x} |`),
      P((x) => `| key | value |\n| --- | --- |\n| password | \`${x}\` |`),
      P((x) => `| Account | Credentials |\n| --- | --- |\n| ci-bot | ci-bot:${x} |`),
      P((x) => `| admin password | ${x} |\n| --- | --- |`),
    ],
    quiet: [
      "| password | in the vault (prod/db) |\n| --- | --- |",
      "| Service | Login | Password |\n|---|---|---|\n| Grafana | admin | see 1Password |",
      "| password_min_length | 12 |\n| --- | --- |",
      "| Check | Pass |\n|---|---|\n| lint | Pass |",
    ],
  },
  "password-assignment": {
    found: [
      P((x) => fence(`PGPASSWORD=${x} psql -h db.internal -U app`)),
      P((x) => fence(`export SSHPASS='${x}'`)),
      P((x) => "```properties\nspring.datasource.password=" + x + "\n```"),
      P((x) => `---\nadmin_pass: "${x}"\n---\n\n# Admin\n`),
    ],
    quiet: [
      "PGPASSWORD=$(pass show db) psql",
      "password_policy: strict",
      "bypass: true",
      "SMTP_PASSWORD=",
      "DB_PASS=${DB_PASS}",
      "password: hunter2",
      "bypass: Hero-Overlay2",
      "Clarity Pass: Hero-Overlay, Spacing",
      "Smoke pass: Login-Flow3 ok",
    ],
  },
  "password-in-prose": {
    found: [
      P((x) => `The staging password is ${x} until we move it.`),
      P((x) => `Password for the test account: ${x}`),
      P((x) => `Log in as \`admin\` with password \`${x}\`.`),
      P((x) => `Use ${x} as the password for the Grafana admin.`),
      P((x) => `Credentials: deploy / ${x}`),
      P((x) => `login admin, pass ${x}`),
      // A bold label, its colon inside or outside the bold; a label line in a list.
      P((x) => `- **Password:** \`${x}\``),
      P((x) => `**Passwort**: ${x}`),
      P((x) => `- **Pass:** ${x}`),
      P((x) => `The admin pw is ${x}.`),
      // A user / password pair under a key naming a user, a login or an account (JSON, YAML, prose).
      P((x) => `{ "credentials": {\n  "deploy_user": "deploy / ${x}"\n} }`),
      P((x) => `staging_account: ops / ${x}`),
      v(() => `${r("bcdfghjkmnpqrstvwxz", 5)}-${r("bcdfghjkmnpqrstvwxz", 5)}-${r("2468", 2)}-${r("bcdfghjkmnpqrstvwxz", 6)}`)((x) => `The passphrase is ${x}.`),
    ],
    quiet: [
      "All tests pass on CI now.",
      "### Must Pass (Blocking)",
      "The password reset flow is live on staging.",
      "The password is rotated every 30 days by the vault.",
      "Password: stored in Bitwarden (collection: infra).",
      "postgres://user:password@localhost:5432/app",
      "Passwords are hashed with argon2id (m=64MiB, t=3).",
      "Credentials: ask the platform team (deploy / see vault).",
      "The first pass uses the small model; the second pass (LLM critic) the large one.",
      // A verb or a heading word, not a label: commit titles, steps, headings.
      "3. `9f9fa1b` — **refactor(ui)** — Clarity Pass: Hero-Overlay, 1 Label/Screen, Progressive Disclosure",
      "2. Pass `config.webhook.ORY_ACTION_API_KEY` to `buildApp({ webhookApiKey })`",
      "**Password Reset:** Updated admin password to standard project credential.",
      "Durchlauf 2 — Pass: Header-Layout, Farben",
      "Second pass: Tighten-Spacing, Fonts2",
      "user: main / dev",
    ],
  },
};

const detector = (id: string): SecretDetector => CONTEXT_DETECTORS.find((d) => d.id === id) as SecretDetector;

describe("context detectors: table tests", () => {
  it("every context detector has a table with at least two positives and two negatives", () => {
    expect(Object.keys(TABLES).sort()).toEqual(CONTEXT_DETECTORS.map((d) => d.id).sort());
    for (const [id, table] of Object.entries(TABLES)) {
      expect(table.found.length, id).toBeGreaterThanOrEqual(2);
      expect(table.quiet.length, id).toBeGreaterThanOrEqual(2);
    }
  });

  for (const [id, table] of Object.entries(TABLES)) {
    describe(id, () => {
      for (const [i, [text, value]] of table.found.entries()) {
        it(`finds positive #${i + 1} with ${id}, and the scan reports that value once`, () => {
          const doc = `# Notes\n\n${text}\n`;
          expect(detectorMatches(detector(id), doc).map((m) => m.value)).toEqual([value]);
          expect(scanSecrets(doc).map((m) => m.value)).toEqual([value]);
        });
      }
      for (const text of table.quiet) {
        it(`finds nothing in '${text.slice(0, 50).replace(/\n/g, "⏎")}'`, () => {
          expect(scanSecrets(`# Notes\n\n${text}\n`)).toEqual([]);
        });
      }
    });
  }
});

/** Lines built to make each context pattern try hard: its own prefixes and near-misses, repeated. */

/** CPU milliseconds of the detector over `line` (the best of three runs). */
