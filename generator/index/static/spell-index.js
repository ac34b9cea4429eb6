/* Grimoire — the entry of the index of all spells (/sorts/): mounts spell-index-view.js on the
   page's index once the page is parsed. Its modules are named here too, so that the browser
   asks for them all at once, not one after another as each names the next. Without this script
   the index is the whole list in name order. */
import { whenReady } from "../shared/common.js";
import { keepCardsLink } from "./spell-index-cards.js";
import "./spell-index-rank.js";
import "./spell-index-rows.js";
import "./spell-index-select.js";
import "./spell-index-state.js";
import { mountIndex } from "./spell-index-view.js";

whenReady(() => {
  const index = document.querySelector(".gr-index");
  if (!index) return;
  mountIndex(index);
  keepCardsLink(index);
});
