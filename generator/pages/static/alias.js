/* An alias address (sorts/<autre-graphie>/) leads to the spell's page, keeping the query and the
 * fragment; a file, not an inline script, for the Content-Security-Policy. */
(() => {
  var canonical = document.querySelector('link[rel="canonical"]');
  if (canonical) location.replace(canonical.getAttribute("href") + location.search + location.hash);
})();
