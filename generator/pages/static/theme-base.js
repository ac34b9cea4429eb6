/* mkdocs-material 9.8.1's inline head script (partials/javascripts/base.html), as a file so the
 * site's Content-Security-Policy allows no inline script. The scope (the site root, relative to
 * the page) comes from the tag's data-md-scope attribute; the theme's bundle reads these globals. */
var __md_scope=new URL(document.currentScript.getAttribute("data-md-scope"),location),__md_hash=e=>[...e].reduce(((e,_)=>(e<<5)-e+_.charCodeAt(0)),0),__md_get=(e,_=localStorage,t=__md_scope)=>JSON.parse(_.getItem(t.pathname+"."+e)),__md_set=(e,_,t=localStorage,a=__md_scope)=>{try{t.setItem(a.pathname+"."+e,JSON.stringify(_))}catch(e){}};
