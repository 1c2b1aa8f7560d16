/**
 * `--store <backend>`: the option of the store commands that picks the backend the operations
 * open (../operations/store-access.ts).
 */
import { Option } from "commander";
import { STORE_BACKENDS } from "../../5-operations/store-access.js";

/** `--store <backend>`: `directory` or `git`. */
export function storeOption(): Option {
  return new Option(
    "--store <backend>",
    'where handoffs are kept: directory (a folder found per profile) or git (a tree on refs/handoffs/default; default: config "store", else directory)',
  ).choices(STORE_BACKENDS);
}
