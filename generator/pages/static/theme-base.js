/* mkdocs-material 9.8.1's inline head script (partials/javascripts/base.html), as a file so the
 * site's Content-Security-Policy allows no inline script. The scope (the site root, relative to
 * the page) comes from the tag's data-md-scope attribute; the theme's bundle reads these globals.
 * Grimoire: reading and writing the theme's settings never throws, with the browser's storage
 * blocked (the storage is then looked up inside the try) or a stored value that is not JSON. */
var __md_scope=new URL(document.currentScript.getAttribute("data-md-scope"),location),__md_hash=e=>[...e].reduce(((e,_)=>(e<<5)-e+_.charCodeAt(0)),0),__md_get=(e,_,t=__md_scope)=>{try{return JSON.parse((_||localStorage).getItem(t.pathname+"."+e))}catch(r){return null}},__md_set=(e,_,t,a=__md_scope)=>{try{(t||localStorage).setItem(a.pathname+"."+e,JSON.stringify(_))}catch(e){}};
