// The playground's entry point: tabs (Play, Inspect), keyboard shortcuts, start-up.

import { byId } from "./dom.js";
import { installSprite } from "./cards.js";
import { Play } from "./game.js";
import { Inspect } from "./inspect.js";

const play = new Play();
const inspect = new Inspect(play);
// For the browser tests and the curious: the page's objects, read-only by convention.
window.playground = { play, inspect };

function showTab(name) {
  for (const tab of document.querySelectorAll("[role=tab]")) {
    const selected = tab.dataset.tab === name;
    tab.setAttribute("aria-selected", String(selected));
    tab.tabIndex = selected ? 0 : -1;
    byId(`${tab.dataset.tab}-tab`).hidden = !selected;
  }
}

for (const tab of document.querySelectorAll("[role=tab]")) {
  tab.addEventListener("click", () => showTab(tab.dataset.tab));
  // Arrow keys move between tabs, as a tab list does.
  tab.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const tabs = [...document.querySelectorAll("[role=tab]")];
    const next = tabs[(tabs.indexOf(tab) + (event.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
    next.focus();
    showTab(next.dataset.tab);
  });
}

byId("rule-close").addEventListener("click", () => byId("rule-dialog").close());

// Shortcuts, never while typing in a field: / search, h hint, n next bot move, Esc clear,
// Ctrl+Enter send the action built.
document.addEventListener("keydown", (event) => {
  const typing = event.target.closest("input, textarea, select");
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
    const send = byId("send-action");
    if (send && !send.disabled) send.click();
    return;
  }
  if (typing || event.ctrlKey || event.metaKey || event.altKey || byId("play-tab").hidden) return;
  if (event.key === "/") {
    event.preventDefault();
    play.listing.focusSearch();
  } else if (event.key === "h") play.hint();
  else if (event.key === "n") play.stepBot();
  else if (event.key === "Escape" && !byId("rule-dialog").open) play.builder.clear();
});

installSprite();
showTab("play");
Promise.all([play.init(), inspect.init()]).then(
  () => document.body.classList.add("ready"),
  (error) => {
    byId("errors").textContent = `The playground could not start: ${error.message}`;
  },
);
