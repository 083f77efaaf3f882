// Translations for browser code. The builder embeds, in every page, the
// page locale's translations of the messages found in these JS files:
//   <script type="application/json" id="i18n">{"lang": "sv", "messages": {...}}</script>
// A message is a string, or for plurals [form0, form1] keyed by the singular.
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

/** Translate a message; untranslated messages fall back to the English. */
export function t(msgid, params = {}) {
  const text = messages[msgid];
  return format(typeof text === "string" ? text : msgid, params);
}

/** Translate a message with a count: plural rule "one" picks form 0, any other form 1. */
export function tn(singular, plural, n, params = {}) {
  const forms = Array.isArray(messages[singular]) ? messages[singular] : [singular, plural];
  const form = pluralRules.select(n) === "one" ? 0 : 1;
  return format(forms[form], { num: n, ...params });
}
