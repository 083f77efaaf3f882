// The settings form: opponent, side, level and table. Read when the player changes it; drawn
// from the state by the view (a question pending shows the settings it asks about).

export function readSettings(form, defaultGeese) {
  const f = form.elements;
  return {
    mode: f.mode.value,
    side: f.side.value,
    level: f.level.value,
    geese: f.geese ? Number(f.geese.value) : defaultGeese,
    sideways: f.sideways ? f.sideways.checked : false,
  };
}

// The form shows the settings asked about, else the game on the board; before there is one,
// the kind of game the page is loading (a friend's link), else what the page had chosen.
export function showSettings(form, s) {
  const shown = s.question?.settings ?? s.setup?.settings ?? s.game;
  rolesToForm(form, shown ?? s.early ?? s.defaults);
  if (!shown) return;
  const f = form.elements;
  f.level.value = shown.level;
  if (f.geese && shown.geese) f.geese.value = String(shown.geese);
  if (f.sideways) f.sideways.checked = Boolean(shown.sideways);
}

function rolesToForm(form, { mode, side, level }) {
  const f = form.elements;
  f.mode.value = mode;
  f.side.value = side;
  if (level) f.level.value = level; // a computer game's URL waiting for the engine names its level
  form.dataset.mode = mode;
  // By link the sides are fixed: the sender plays one, whoever opens the link the other. The
  // note says so, where the player looks for the disabled choice.
  const fixed = mode === "link";
  form.querySelector("fieldset.for-side").disabled = fixed;
  form.querySelector("#side-note").hidden = !fixed;
}
