// Translations for browser code. The builder embeds, in every page, the
// page locale's translations of the messages found in these JS files:
//   <script type="application/json" id="i18n">{"lang": "sv", "messages": {...}}</script>
// A message is a string, or for plurals the catalog's forms keyed by the singular;
// "plural" maps each CLDR plural category to a form's index (Polish has three).
// Placeholders are %(name)s, as in Python and Jinja, so Babel checks them.

const source = document.getElementById("i18n");
const data = source ? JSON.parse(source.textContent) : {};
const messages = data.messages || {};

export const lang = data.lang || document.documentElement.lang || "en";
const pluralRules = new Intl.PluralRules(lang);

function format(text, params) {
  return text.replace(/%(?:\((\w+)\))?s|%%/g, (match, name) => {
    if (match === "%%") return "%";
    if (name in params) return String(params[name]);
    console.error(`i18n: no value for %(${name})s in "${text}"`);
    return match;
  });
}

// How the locale writes numbers, from CLDR at build time (i18n.number_formats): no
// Intl.NumberFormat, whose first use is a long task on a slow phone.
const numbers = data.numbers || { decimal: ".", percent: "%(num)s%", megabytes: "%(num)s MB" };

/** A number with one decimal, such as 3,2. */
export function decimalText(x) {
  return x.toFixed(1).replace(".", numbers.decimal);
}

/** A whole percentage, such as 18 %. */
export function percentText(n) {
  return format(numbers.percent, { num: n });
}

/** A size in megabytes with one decimal, such as 17,3 MB. */
export function megabytesText(x) {
  return format(numbers.megabytes, { num: decimalText(x) });
}

/** Translate a message; untranslated messages fall back to the English. */
export function t(msgid, params = {}) {
  const text = messages[msgid];
  return format(typeof text === "string" ? text : msgid, params);
}

/** Translate a message with a count, in the plural form the locale uses for it. */
export function tn(singular, plural, n, params = {}) {
  const translated = Array.isArray(messages[singular]);
  const forms = translated ? messages[singular] : [singular, plural];
  const category = pluralRules.select(n);
  const index = translated ? data.plural?.[category] : undefined;
  const form = index ?? (category === "one" ? 0 : forms.length - 1);
  return format(forms[Math.min(form, forms.length - 1)], { num: n, ...params });
}

// A message with a context (pgettext): the builder keys it as context, U+0004, msgid.
const key = (context, msgid) => `${context}\u0004${msgid}`;

/** Translate a message with a context, where one English text words several things. */
export function pt(context, msgid, params = {}) {
  const text = messages[key(context, msgid)];
  return format(typeof text === "string" ? text : msgid, params);
}

/** pt with a count, as tn. */
export function ptn(context, singular, plural, n, params = {}) {
  const forms = messages[key(context, singular)];
  const category = pluralRules.select(n);
  const index = Array.isArray(forms) ? data.plural?.[category] : undefined;
  const chosen = Array.isArray(forms) ? forms : [singular, plural];
  const form = index ?? (category === "one" ? 0 : chosen.length - 1);
  return format(chosen[Math.min(form, chosen.length - 1)], { num: n, ...params });
}
