/* mkdocs-material 9.8.1's inline content script (partials/javascripts/content.html), as a file so
 * the site's Content-Security-Policy allows no inline script. */
var target=document.getElementById(location.hash.slice(1));target&&target.name&&(target.checked=target.name.startsWith("__tabbed_"))
