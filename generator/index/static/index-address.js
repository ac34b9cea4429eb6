/* Grimoire — the index's address, read in the page's head before the theme's scripts: an address
   written before the index's text filter had its own name (?q=…) is a filtered index, not a site
   search (the theme opens its search on ?q=). Its q becomes the index's ?texte=. */
(() => {
  var params = new URLSearchParams(location.search);
  if (!params.has("q")) return;
  if (!params.has("texte")) params.set("texte", params.get("q"));
  params.delete("q");
  var search = params.toString();
  history.replaceState(
    history.state,
    "",
    location.pathname + (search ? "?" + search : "") + location.hash,
  );
})();
