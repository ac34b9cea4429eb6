/* Grimoire — the page /table/'s entry module (« La table », the MJ's page): it mounts the table
 * (table-page.js), which imports what the page uses.
 */
import { whenReady } from "../shared/common.js";
import { mountTablePage } from "./table-page.js";

whenReady(() => mountTablePage(document));
