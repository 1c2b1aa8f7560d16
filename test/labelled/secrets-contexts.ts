/**
 * Secrets named by their surroundings, not their shape: positives (12 per category) and the
 * negatives that look the same without a credential. Values come from the caller's seeded
 * generator; nothing credential-shaped is written here.
 */
import type { ALPHABETS as Alphabets } from "../secrets/labelled.js";
import type { SecretCase } from "./secrets-set.js";

type Random = (alphabet: string, length: number) => string;

const WORDS = ["Maple", "Orbit", "Falcon", "Cobalt", "Juniper", "Quartz", "Harbor", "Velvet", "Saffron", "Tundra", "Ember", "Nimbus"];
const SYMBOLS = "!#$%&*?@+";
const DIGITS = "0123456789";
/** Django's `get_random_secret_key()` alphabet. */
const DJANGO = "abcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*(-_=+)";

/** A credential id or password must not read as a placeholder (an ascending run) by accident. */
function noRun(value: string): boolean {
  for (let i = 4; i < value.length; i++) {
    let ascending = true;
    for (let k = i - 3; k <= i; k++) if (value.charCodeAt(k) - value.charCodeAt(k - 1) !== 1) ascending = false;
    if (ascending) return false;
  }
  return true;
}

/** Draws until `make` gives a value without an ascending run. */
function draw(make: () => string): string {
  for (;;) {
    const value = make();
    if (noRun(value)) return value;
  }
}

/** Templates per category; `v` is the value to find. */
type Template = (v: string) => string;

const doc = (body: string): string => `# Notes\n\n${body}\n`;
const sh = (line: string): string => doc("```sh\n" + line + "\n```");

/** The positives, 12 per category. */
export function contextPositives(r: Random, alphabets: typeof Alphabets): SecretCase[] {
  const { b62, b64, hex } = alphabets;
  const word = (): string => WORDS[parseInt(r(DIGITS, 2), 10) % WORDS.length] as string;
  const human = (): string => draw(() => `${word()}${r(DIGITS, 2 + (r(DIGITS, 1).charCodeAt(0) % 3))}${r(SYMBOLS, 1)}${r("abcdefghjkmnpqrstuvwxyz", 2)}`);
  const random = (): string => draw(() => `${r(b62, 6)}${r(SYMBOLS, 1)}${r(b62, 7)}`);
  const password = (i: number): string => (i % 2 === 0 ? human() : random());
  const phrase = (): string => `${word().toLowerCase()}-${word().toLowerCase()}-${r(DIGITS, 2)}-${word().toLowerCase()}`;
  const awsSecret = (): string => draw(() => r(b64, 40));
  const keyId = (prefix: string): string => draw(() => `${prefix}${r("0189", 1)}${r("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 15)}`);

  const categories: Array<[string, (i: number) => string, readonly Template[]]> = [
    [
      "context: password in frontmatter",
      password,
      [
        (v) => `---\ntitle: Staging access\ndb_password: ${v}\n---\n\n# Staging\n`,
        (v) => `---\nenv: staging\ncredentials:\n  user: deploy\n  password: ${v}\n---\n\n# Deploy\n`,
        (v) => `---\nadmin_pass: "${v}"\n---\n\n# Admin\n`,
        (v) => `---\nsmtp:\n  host: smtp.example.com\n  pass: '${v}'\n---\n\n# Mail\n`,
        (v) => `---\npasswd: ${v}\n---\n\n# Box\n`,
        (v) => `---\nstaging_login: deploy / ${v}\n---\n\n# Staging\n`,
      ],
    ],
    [
      "context: password in prose",
      (i) => (i % 6 === 5 ? phrase() : password(i)),
      [
        (v) => doc(`The staging password is ${v} until we move it to the vault.`),
        (v) => doc(`Log in as \`admin\` with password \`${v}\`.`),
        (v) => doc(`Password for the test account: ${v}`),
        (v) => doc(`I reset the DB password to ${v} this morning.`),
        (v) => doc(`Credentials: deploy / ${v}`),
        (v) => doc(`The passphrase for the signing key is "${v}".`),
        (v) => doc(`Wi-Fi for the lab: SSID lab-5g, password ${v}.`),
        (v) => doc(`login admin, pass ${v}`),
        (v) => doc(`Use ${v} as the password for the Grafana admin.`),
        (v) => doc(`The admin pw is ${v}.`),
      ],
    ],
    [
      "context: password in a table cell",
      password,
      [
        (v) => doc(`| host | user | password |\n| --- | --- | --- |\n| db.staging.internal | app | ${v} |`),
        (v) => doc(`| key | value |\n| --- | --- |\n| password | \`${v}\` |`),
        (v) => doc(`| Service | Login | Password |\n|---|---|---|\n| Grafana | admin | ${v} |\n| Kibana | elastic | see the vault |`),
        (v) => doc(`| env | DB password |\n|---|---|\n| staging | ${v} |`),
        (v) => doc(`| Account | Credentials |\n| --- | --- |\n| ci-bot | ci-bot:${v} |`),
        (v) => doc(`| admin password | ${v} |\n| --- | --- |`),
      ],
    ],
    [
      "context: mysql -p<password>",
      password,
      [
        (v) => sh(`mysql -u root -p${v} app_production`),
        (v) => sh(`mysqldump -uapp -p${v} --single-transaction app > dump.sql`),
        (v) => sh(`mysql -h db.staging.internal -u report -p'${v}' -e 'SELECT 1'`),
        (v) => sh(`mysqladmin -u root -p"${v}" status`),
        (v) => sh(`docker exec -it db mysql -uroot -p${v}`),
        (v) => doc(`Connect with \`mysql -uroot -p${v}\` from the bastion.`),
      ],
    ],
    [
      "context: sshpass -p <password>",
      password,
      [
        (v) => sh(`sshpass -p ${v} ssh deploy@10.0.4.12`),
        (v) => sh(`sshpass -p '${v}' scp build.tgz ops@bastion.internal:/tmp/`),
        (v) => sh(`sshpass -p "${v}" rsync -av dist/ web@host:/srv/www`),
        (v) => sh(`sshpass -p${v} ssh pi@raspberrypi.local`),
        (v) => doc(`Copy it over with \`sshpass -p ${v} scp -r out/ lab@10.1.1.5:~\`.`),
        (v) => sh(`for h in web1 web2; do sshpass -p '${v}' ssh root@$h uptime; done`),
      ],
    ],
    [
      "context: --password and other flags",
      password,
      [
        (v) => sh(`./deploy.sh --password=${v}`),
        (v) => sh(`docker login registry.example.com -u ci --password ${v}`),
        (v) => sh(`redis-cli -h cache.internal -a ${v} ping`),
        (v) => sh(`mongosh "mongodb://db.internal" --username admin --password ${v}`),
        (v) => sh(`openssl pkcs12 -export -passout pass:${v} -out cert.p12`),
        (v) => sh(`zip -P ${v} backup.zip db.sql`),
        (v) => sh(`./gradlew publish -Psigning.password=${v}`),
        (v) => sh(`htpasswd -b -c .htpasswd admin ${v}`),
        (v) => sh(`keytool -list -keystore app.jks -storepass ${v}`),
        (v) => sh(`psql-migrate --db-password ${v} up`),
        (v) => sh(`rabbitmqctl add_user app ${v}`),
        (v) => sh(`ansible-playbook site.yml -e ansible_become_password=${v}`),
      ],
    ],
    [
      "context: curl -u user:password",
      password,
      [
        (v) => sh(`curl -u admin:${v} https://jenkins.example.com/api/json`),
        (v) => sh(`curl --user "ci-bot:${v}" -X POST https://ci.example.com/job/build`),
        (v) => sh(`curl -su deploy:${v} https://nexus.internal/repository/raw/`),
        (v) => sh(`wget --user=ci --password=${v} https://files.internal/build.tgz`),
        (v) => sh(`http -a admin:${v} GET https://api.internal/health`),
        (v) => sh(`curl -u 'svc_backup:${v}' ftp://backup.internal/`),
      ],
    ],
    [
      "context: password in environment and dotfiles",
      password,
      [
        (v) => sh(`PGPASSWORD=${v} psql -h db.internal -U app`),
        (v) => sh(`MYSQL_PWD=${v} mysql -u app`),
        (v) => doc("```\n# ~/.netrc\nmachine api.example.com login ci password " + v + "\n```"),
        (v) => doc("```\n# ~/.pgpass\ndb.internal:5432:app:app:" + v + "\n```"),
        (v) => doc("```\n# redis.conf\nrequirepass " + v + "\n```"),
        (v) => sh(`export SSHPASS='${v}'`),
        (v) => sh(`ANSIBLE_BECOME_PASS=${v} ansible-playbook site.yml`),
        (v) => doc("```properties\nspring.datasource.password=" + v + "\n```"),
        (v) => sh(`DB_PASS=${v} npm run migrate`),
        (v) => doc("```ini\n[client]\nuser=app\npassword=" + v + "\n```"),
      ],
    ],
    [
      "context: hex API key named by its variable",
      (i) => (i % 4 === 3 ? r(hex, 40) : r(hex, 32)),
      [
        (v) => sh(`DD_API_KEY=${v}`),
        (v) => sh(`export DATADOG_APP_KEY=${v}`),
        (v) => doc(`NEW_RELIC_LICENSE_KEY=${v}`),
        (v) => doc(`The Datadog API key for staging is ${v}.`),
        (v) => sh(`MAILCHIMP_API_KEY=${v}-us6`),
        (v) => sh(`curl -H "X-API-Key: ${v}" https://api.example.com/v1/items`),
        (v) => doc("```yaml\napi_key: " + v + "\n```"),
        (v) => doc(`Fetch \`https://api.example.com/v2/items?api_key=${v}\` to test.`),
        (v) => doc(`{"service": {"apiKey": "${v}"}}`),
        (v) => sh(`HONEYCOMB_API_KEY=${v}`),
        (v) => sh(`ALGOLIA_ADMIN_API_KEY=${v}`),
        (v) => doc(`- Datadog app key: \`${v}\``),
      ],
    ],
    [
      "context: framework secret key",
      (i) => [draw(() => `django-insecure-${r(DJANGO, 50)}`), draw(() => r(DJANGO, 50)), draw(() => r(hex, 128)), `base64:${r(b64, 43)}=`][i % 4] as string,
      [
        (v) => doc("```python\nSECRET_KEY = '" + v + "'\n```"),
        (v) => doc('```python\nSECRET_KEY = "' + v + '"\n```'),
        (v) => doc("```yaml\nproduction:\n  secret_key_base: " + v + "\n```"),
        (v) => sh(`APP_KEY=${v}`),
        (v) => sh(`DJANGO_SECRET_KEY='${v}'`),
        (v) => doc('```python\napp.config["SECRET_KEY"] = "' + v + '"\n```'),
        (v) => sh(`SECRET_KEY_BASE=${v}`),
        (v) => doc(`Laravel's key in prod: \`${v}\` (APP_KEY).`),
      ],
    ],
    [
      "context: cloud secret key under another name",
      (i) => (i % 5 === 2 ? r(hex, 64) : awsSecret()),
      [
        (v) => sh(`S3_SECRET=${v}`),
        (v) => sh(`MINIO_SECRET_KEY=${v}`),
        (v) => sh(`R2_SECRET_ACCESS_KEY=${v}`),
        (v) => sh(`SPACES_SECRET=${v}`),
        (v) => doc(`{"Credentials": {"AccessKeyId": "ASIAEXAMPLEID", "SecretAccessKey": "${v}"}}`),
        (v) => doc("```yaml\nbackup_s3_secret_key: " + v + "\n```"),
        (v) => doc("```yaml\nstorage:\n  provider: s3\n  secret: " + v + "\n```"),
        (v) => sh(`BUCKET_SECRET_KEY_PROD=${v}`),
        (v) => sh(`s3cmd --secret_key=${v} ls s3://backups`),
        (v) => doc(`The Wasabi secret key is ${v}, access key in the vault.`),
      ],
    ],
    [
      "context: AWS key id off the strict alphabet",
      (i) => keyId(i % 2 === 0 ? "AKIA" : "ASIA"),
      [
        (v) => sh(`AWS_ACCESS_KEY_ID=${v}`),
        (v) => doc("```ini\n[default]\naws_access_key_id = " + v + "\n```"),
        (v) => doc(`{"Credentials": {"AccessKeyId": "${v}"}}`),
        (v) => doc("```yaml\naccess_key_id: " + v + "\n```"),
        (v) => sh(`aws configure set aws_access_key_id ${v}`),
        (v) => sh(`docker run -e AWS_ACCESS_KEY_ID=${v} app`),
        (v) => doc(`Access key ID: ${v}`),
      ],
    ],
  ];
  const out: SecretCase[] = [];
  for (const [category, value, templates] of categories) {
    for (let i = 0; i < 12; i++) {
      const v = value(i);
      out.push({ id: `${category} #${i + 1}`, category, text: (templates[i % templates.length] as Template)(v), value: v });
    }
  }
  return out;
}

/** Negatives that share the contexts' words and shapes and hold no credential, by category. */
export function contextNegatives(r: Random, alphabets: typeof Alphabets): Record<string, string[]> {
  const { hex } = alphabets;
  return {
    "context negatives: passwords in prose, tables, frontmatter": [
      "The staging password is in 1Password under 'staging-db'.",
      "The password is rotated every 30 days by the vault.",
      "Password reset emails are sent through SES.",
      "Passwords are hashed with argon2id (m=64MiB, t=3).",
      "The password must be at least 12 characters long.",
      "Ask in #ops for the password; never write it here.",
      "| password | in the vault (prod/db) |\n| --- | --- |",
      "| Service | Login | Password |\n|---|---|---|\n| Grafana | admin | see 1Password |",
      "| password_min_length | 12 |\n| --- | --- |",
      "---\npassword_policy: strict\n---\n\n# Policy\n",
      "---\ncredentials:\n  password: ${DB_PASSWORD}\n---\n\n# Deploy\n",
      "The admin password was changed on 2026-03-01.",
      "Use the password from `pass show staging/db`.",
      "Login works with the SSO password; there are no local accounts.",
      "The password field is now masked in the logs.",
      "Credentials: ask the platform team (deploy / see vault).",
    ],
    "context negatives: command lines": [
      "mysql -u root -p app_production",
      "mysql -u root -p < dump.sql",
      "mysqldump -u app -p --single-transaction app > dump.sql",
      "mysql -h db.internal -P 3306 -u app -p",
      'sshpass -p "$SSH_PASS" ssh deploy@10.0.4.12',
      "sshpass -f ~/.ssh/pass.txt ssh deploy@host",
      "sshpass -e ssh root@box",
      "docker login -u ci --password-stdin < token.txt",
      './deploy.sh --password="$DEPLOY_PASSWORD"',
      "./deploy.sh --password-file /run/secrets/deploy",
      'redis-cli -a "$REDIS_PASSWORD" ping',
      'curl -u "$JENKINS_USER:$JENKINS_TOKEN" https://jenkins.example.com/api/json',
      "curl -u admin https://jenkins.example.com/api/json",
      "curl --user-agent handoffkit/1.0 https://example.com",
      "curl -u user:<password> https://api.example.com",
      "wget --user=ci --ask-password https://files.internal/build.tgz",
      "openssl pkcs12 -export -passout env:P12_PASS -out cert.p12",
      "PGPASSWORD=$(pass show db) psql -h db.internal -U app",
      'zip -P "$ZIP_PASS" backup.zip db.sql',
      "git log -p --stat",
      "docker run -p 8080:80 nginx",
      "ssh -p 2222 deploy@host",
      "mkdir -p build/out",
      "htpasswd -c .htpasswd admin",
    ],
    "context negatives: hex values and keys by reference": [
      "DD_API_KEY=${DD_API_KEY}",
      "DD_API_KEY=<your-datadog-api-key>",
      `Fixed in commit ${r(hex, 40)}.`,
      `trace_id=${r(hex, 32)}`,
      `request_id: ${r(hex, 32)}`,
      `etag: "${r(hex, 32)}"`,
      `${r(hex, 32)}  build.tgz`,
      `api_key_sha256: ${r(hex, 64)}`,
      "DD_SITE=datadoghq.eu",
      "The Datadog API key is stored in the `datadog` Kubernetes secret.",
      `commit_sha: ${r(hex, 40)}`,
      `checksum: ${r(hex, 40)}`,
      `span ${r(hex, 16)} took 41 ms`,
      "api_key: ${{ secrets.DD_API_KEY }}",
    ],
    "context negatives: framework and cloud keys by reference": [
      'SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]',
      "SECRET_KEY = get_random_secret_key()",
      "SECRET_KEY=changeme",
      "The Django SECRET_KEY is generated on deploy by `manage.py`.",
      'secret_key_base: <%= ENV["SECRET_KEY_BASE"] %>',
      "APP_KEY= # run php artisan key:generate",
      "NEXTAUTH_SECRET=$(openssl rand -base64 32)",
      "JWT_SECRET=${JWT_SECRET:?missing}",
      "app.secret_key = os.urandom(24)",
      "S3_SECRET=${S3_SECRET}",
      "MINIO_SECRET_KEY_FILE=/run/secrets/minio",
      "storage:\n  secret: from-env",
      '"SecretAccessKey": "<redacted>"',
      's3cmd --secret_key="$S3_SECRET" ls',
      "R2 secret keys are 64 hex characters; ours is in the vault.",
      "AWS_SECRET_ACCESS_KEY is read from the instance profile.",
      "AWS_ACCESS_KEY_ID=$AWS_ACCESS_KEY_ID",
      "aws_access_key_id: from-instance-role",
      "AWS_ACCESS_KEY_ID=test",
      "Access key ID: see the IAM console, user ci-deployer",
      "The key id starts with AKIA for long-term keys.",
      "aws_access_key_id = ${AWS_ACCESS_KEY_ID}",
    ],
  };
}
