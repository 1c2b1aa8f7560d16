/**
 * GitHub code scanning's `properties.security-severity` for handoffkit's security rules: a number
 * from 0.0 to 10.0, written as a string, that code scanning maps to a level (9.0 and over critical,
 * 7.0–8.9 high, 4.0–6.9 medium, 0.1–3.9 low) for rules tagged `security`
 * (https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning).
 *
 * The scores weigh what a finding lets happen when the next agent reads the handoff: a live
 * credential is exposed to everyone with the repository; instructions that take over the agent
 * (override, forged delimiters or markers, tool calls, exfiltration links, encoded payloads) are
 * high; text that may only steer or probe it (role changes, prompt extraction) is medium.
 */
export const SECURITY_SEVERITY: Readonly<Record<string, string>> = {
  "no-secrets": "9.0",
  "injection-override": "8.0",
  "injection-fake-delimiter": "8.0",
  "injection-marker-spoof": "8.0",
  "injection-tool-call": "8.0",
  "injection-exfil-link": "8.0",
  "injection-obfuscation": "7.5",
  "injection-hidden-content": "7.0",
  "injection-prompt-extraction": "6.0",
  "injection-role": "5.0",
};
