// Translations for browser code. The builder embeds, in every page, the
// page locale's translations of the messages found in these JS files:
//   <script type="application/json" id="i18n">{"lang": "sv", "messages": {...}}</script>
// A message is a string, or for plurals the catalog's forms keyed by the singular (a message
// with a context, such as the game whose pieces it names, after the context and "\u0004");
// "plural" maps each CLDR plural category to a form's index (Polish has three).
// Placeholders are %(name)s, as in Python and Jinja, so Babel checks them. The sentences that
// name the game's pieces come apart, already translated (#phrases, phrase below).

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
  return pluralText(singular, singular, plural, n, params);
}

/** Translate a message in a context (pgettext), such as the game whose pieces it names. */
export function pt(context, msgid, params = {}) {
  const text = messages[`${context}\u0004${msgid}`];
  return format(typeof text === "string" ? text : msgid, params);
}

/** Translate a message with a count in a context (npgettext). */
export function npt(context, singular, plural, n, params = {}) {
  return pluralText(`${context}\u0004${singular}`, singular, plural, n, params);
}

function pluralText(key, singular, plural, n, params) {
  const translated = Array.isArray(messages[key]);
  const forms = translated ? messages[key] : [singular, plural];
  return format(pluralForm(forms, n, translated), { num: n, ...params });
}

// One of a message's plural forms for the count n: the catalog's, by the locale's plural rule,
// or the English two.
function pluralForm(forms, n, translated) {
  const category = pluralRules.select(n);
  const index = translated ? data.plural?.[category] : undefined;
  const form = index ?? (category === "one" ? 0 : forms.length - 1);
  return forms[Math.min(form, forms.length - 1)];
}

// The sentences that name the game's pieces, translated by the builder (site_builder/
// phrasebook.py): by key, a text, or {count, forms} for a sentence with a number.
const phraseSource = document.getElementById("phrases");
const phrases = phraseSource ? JSON.parse(phraseSource.textContent) : {};

/**
 * A sentence of the page's phrasebook, filled in with params; null where the game has none by
 * that key (its rules never need it). A sentence with a number takes its form from the param
 * its entry names (its "count"), which also fills %(num)s unless params give one.
 */
export function phrase(key, params = {}) {
  const entry = phrases[key];
  if (entry === undefined) return null;
  if (typeof entry === "string") return format(entry, params);
  const n = params[entry.count];
  return format(pluralForm(entry.forms, n, true), { num: n, ...params });
}

