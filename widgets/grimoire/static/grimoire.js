/* Grimoire — the page /grimoire/'s entry module: it mounts « Mon grimoire » (grimoire-page.js),
 * which imports what the page uses. The other pages have their own entries: grimoire-lazy.js on
 * a spell page, grimoire-index.js on the index, cards.js on the cards page.
 */
import { whenReady } from "../shared/common.js";
import { mountBookPage } from "./grimoire-page.js";

whenReady(() => mountBookPage(document));
