/**
 * The stored-XSS corpus of security.md W3. Every payload, if a page ever ran it as markup or
 * script, calls `__xss(n)` (a binding the spec installs) or opens a dialog with `alert(n)`; `n`
 * is the payload's own number, so a failure names the payload that got through. Each is one line
 * (pages collapse line breaks) and at most 190 characters (a tea title allows 200).
 */
const TEMPLATES: ReadonlyArray<readonly [family: string, make: (n: number) => string]> = [
  // Script elements.
  ['script', (n) => `<script>__xss(${n})</script>`],
  ['script', (n) => `<SCRIPT SRC=data:text/javascript,__xss(${n})></SCRIPT>`],
  ['script', (n) => `<script>alert(${n})</script>`],
  ['script', (n) => `"><script>__xss(${n})</script>`],
  ['script', (n) => `</title><script>__xss(${n})</script>`],
  ['script', (n) => `</textarea><script>__xss(${n})</script>`],
  ['script', (n) => `<scr<script>ipt>__xss(${n})</scr</script>ipt>`],
  ['script', (n) => `<script type="module">__xss(${n})</script>`],
  // Event handlers.
  ['handler', (n) => `<img src=x onerror=__xss(${n})>`],
  ['handler', (n) => `<img src="x" onerror="alert(${n})">`],
  ['handler', (n) => `<svg onload=__xss(${n})>`],
  ['handler', (n) => `<body onload=__xss(${n})>`],
  ['handler', (n) => `<iframe srcdoc="<script>parent.__xss(${n})</script>"></iframe>`],
  ['handler', (n) => `<details open ontoggle=__xss(${n})>`],
  ['handler', (n) => `<input autofocus onfocus=__xss(${n})>`],
  ['handler', (n) => `<video><source onerror=__xss(${n})></video>`],
  ['handler', (n) => `<audio src=x onerror=__xss(${n})>`],
  ['handler', (n) => `<marquee onstart=__xss(${n})>m</marquee>`],
  ['handler', (n) => `<div onpointerover=__xss(${n}) style="position:fixed;inset:0">cover</div>`],
  ['handler', (n) => `<select autofocus onfocus=__xss(${n})></select>`],
  // javascript: URLs.
  ['js-url', (n) => `<a href="javascript:__xss(${n})">click me</a>`],
  ['js-url', (n) => `javascript:__xss(${n})`],
  ['js-url', (n) => `JaVaScRiPt:alert(${n})`],
  ['js-url', (n) => `<a href="jav&#x09;ascript:__xss(${n})">tab</a>`],
  ['js-url', (n) => `<iframe src="javascript:parent.__xss(${n})"></iframe>`],
  ['js-url', (n) => `<form action="javascript:__xss(${n})"><button>go</button></form>`],
  ['js-url', (n) => `<object data="javascript:__xss(${n})"></object>`],
  ['js-url', (n) => `<embed src="javascript:__xss(${n})">`],
  // SVG and MathML namespace tricks.
  ['svg-mathml', (n) => `<svg><script>__xss(${n})</script></svg>`],
  ['svg-mathml', (n) => `<svg><a xlink:href="javascript:__xss(${n})"><text y="20">svg link</text></a></svg>`],
  ['svg-mathml', (n) => `<svg><animate onbegin=__xss(${n}) attributeName=x dur=1s></svg>`],
  ['svg-mathml', (n) => `<math><mtext><table><mglyph><style><img src=x onerror=__xss(${n})>`],
  ['svg-mathml', (n) => `<math href="javascript:__xss(${n})">math link</math>`],
  ['svg-mathml', (n) => `<svg><foreignObject><img src=x onerror=__xss(${n})></foreignObject></svg>`],
  // Markdown links and images (in case anything ever renders markdown).
  ['markdown', (n) => `[click](javascript:__xss(${n}))`],
  ['markdown', (n) => `![img](x" onerror="__xss(${n}))`],
  ['markdown', (n) => `[data](data:text/html,<script>__xss(${n})</script>)`],
  ['markdown', (n) => `<javascript:__xss(${n})>`],
  ['markdown', (n) => `[spaced](  javascript:__xss(${n}) "title")`],
  // Attribute breakouts.
  ['attribute', (n) => `" onmouseover="__xss(${n})" x="`],
  ['attribute', (n) => `' onfocus='__xss(${n})' autofocus='`],
  ['attribute', (n) => `"><img src=x onerror=__xss(${n})>`],
  ['attribute', (n) => `'><svg onload=__xss(${n})>`],
  ['attribute', (n) => `\`><img src=x onerror=__xss(${n})>`],
  ['attribute', (n) => `" autofocus onfocus=__xss(${n}) "`],
  // Template injection (client and server template syntaxes).
  ['template', (n) => `{{constructor.constructor('__xss(${n})')()}}`],
  ['template', (n) => `\${__xss(${n})}`],
  ['template', (n) => `#{__xss(${n})}`],
  ['template', (n) => `<%= __xss(${n}) %>`],
  ['template', (n) => `{{__xss(${n})}}`],
  ['template', (n) => `{{= __xss(${n}) }}`],
  // Encodings and unicode variants.
  ['encoding', (n) => `&lt;script&gt;__xss(${n})&lt;/script&gt;`],
  ['encoding', (n) => `%3Cscript%3E__xss(${n})%3C/script%3E`],
  ['encoding', (n) => `\\u003cscript\\u003e__xss(${n})\\u003c/script\\u003e`],
  ['encoding', (n) => `＜script＞__xss(${n})＜/script＞`],
  ['encoding', (n) => `<img src=x onerror=&#95;&#95;xss(${n})>`],
  ['encoding', (n) => `<scr\u200bipt>__xss(${n})</scr\u200bipt>`],
  ['encoding', (n) => `+ADw-script+AD4-__xss(${n})+ADw-/script+AD4-`],
  ['encoding', (n) => `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;__xss(${n})>`],
  // CSS.
  ['css', (n) => `<div style="width:expression(__xss(${n}))">css</div>`],
  ['css', (n) => `<style>@import 'javascript:__xss(${n})';</style>`],
  ['css', (n) => `<div style="background:url(javascript:__xss(${n}))">bg</div>`],
  ['css', (n) => `<link rel=stylesheet href="javascript:__xss(${n})">`],
  // Document-level tricks.
  ['document', (n) => `<meta http-equiv="refresh" content="0;url=javascript:__xss(${n})">`],
  ['document', (n) => `<base href="javascript:__xss(${n})//">`],
  ['document', (n) => `<noscript><p title="</noscript><img src=x onerror=__xss(${n})>">`],
  ['document', (n) => `<!--<img src="--><img src=x onerror=__xss(${n})//">`],
];

export type Payload = { n: number; family: string; text: string };

/** The corpus: payload n (1-based) is TEMPLATES[n - 1] with its own number. */
export const XSS_PAYLOADS: readonly Payload[] = TEMPLATES.map(([family, make], index) => ({
  n: index + 1,
  family,
  text: make(index + 1),
}));
