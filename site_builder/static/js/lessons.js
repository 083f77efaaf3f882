// The lessons on a rules page. Every position, legal move, result and reason comes from the
// engine at build time (site_builder/lessons.py, in the engine's view: game/view.py) in
// #lesson-data; this script looks moves up in it and says what happened, in the play page's
// words (texts.js, with the game's own pieces from #phrases). It holds no rule.

import { announcer } from "./shared/announce.js";
import { Board } from "./shared/board.js";
import { t } from "./i18n.js";
import * as text from "./texts.js";

const root = document.getElementById("lessons");
const data = JSON.parse(document.getElementById("lesson-data").textContent);
const lessons = data.lessons;
const FOXES = data.foxes;
const $ = (selector) => root.querySelector(selector);
const action = (name) => $(`[data-action="${name}"]`);
const messageEl = $("#lesson-message");
const speak = announcer($("#lesson-announce"));

let index = 0;
let lesson = lessons[0];

function say(message, spoken = message) {
  messageEl.textContent = message;
  speak(spoken);
}

// What a goal move did: the pieces it took, how the game ended, the lesson's point.
function outcomeText(after) {
  return [text.outcomeText(after, FOXES), lesson.done].filter(Boolean).join(" ");
}

function setStatus(status) {
  root.dataset.status = status;
  action("again").disabled = status === "ready";
  action("show-me").disabled = status !== "ready";
}

function show(i, { announce = true } = {}) {
  index = i;
  lesson = lessons[i];
  root.dataset.lesson = String(i);
  $("#lesson-count").textContent = t("Lesson %(num)s of %(total)s", { num: i + 1, total: lessons.length });
  $("#lesson-title").textContent = lesson.title;
  $("#lesson-text").textContent = lesson.text;
  for (const button of root.querySelectorAll(".lesson-list [data-lesson]")) {
    if (Number(button.dataset.lesson) === i) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  }
  const last = i === lessons.length - 1;
  action("next").hidden = last;
  root.classList.toggle("lessons-last", last);
  reset();
  messageEl.textContent = "";
  if (announce) speak(`${lesson.title}. ${lesson.text}`);
}

// The lesson's position, ready for the reader's move.
function reset() {
  const { start } = lesson;
  board.update(start,
    { interactive: true, must: start.must_jump, focusKind: start.to_move === "fox" ? "fox" : "goose" });
  setStatus("ready");
}

function finish(move, status) {
  const after = lesson.after[move];
  board.update({ ...after, legal: [] }, { animate: after.last, interactive: false, end: after.end });
  setStatus(status);
  const outcome = outcomeText(after);
  // Spoken: the move (a placement in words), then what it did (the captured geese are named there).
  say(outcome, [text.moveWords(after.last), outcome].filter(Boolean).join(" "));
}

function moved(move) {
  if (lesson.goal.includes(move)) {
    finish(move, "done");
    return;
  }
  // A legal move, but not this lesson's: the position comes back for another try.
  reset();
  say(t("That move is allowed, but this lesson asks for another one. Try again."));
}

function illegal(attempt) {
  const reason = attempt.code ?? lesson.tries[attempt.path.join(" ")] ?? lesson.otherwise;
  say(lesson.explain[reason] ?? text.illegalText(reason));
}

function selected(name, targets) {
  messageEl.textContent = targets.length ? "" : text.illegalText("no-moves");
  speak(text.selectedText(name, targets));
}

function showMe() {
  reset();
  finish(lesson.goal[0], "shown");
}

const board = new Board($("svg[data-board]"), {
  onMove: moved,
  onIllegal: illegal,
  onSelect: selected,
  onChain: (canStop) => say(text.chainText(canStop)),
  onCancel: () => say("", text.cancelledText()),
  onBlocked: () => say(t("This lesson is done: go on to the next one, or try it again.")),
  label: text.pointLabel,
});
board.svg.setAttribute("aria-describedby", "lesson-text lesson-board-help");

root.addEventListener("click", (e) => {
  const button = e.target.closest("button");
  if (!button || button.disabled) return;
  if (button.dataset.lesson) show(Number(button.dataset.lesson));
  else if (button.dataset.action === "show-me") showMe();
  else if (button.dataset.action === "again") {
    reset();
    say("", `${lesson.title}. ${lesson.text}`);
  } else if (button.dataset.action === "next" && index < lessons.length - 1) show(index + 1);
});

// Escape anywhere drops the piece chosen, as on the play page.
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") board.drop();
});

for (const button of root.querySelectorAll("button")) button.disabled = false;
show(0, { announce: false });
