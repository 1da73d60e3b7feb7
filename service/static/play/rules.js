// Rule ids link to the rule's text: GET /v1/games/{game}/rules/{rule_id}, shown in a dialog.

import { h, fill, byId } from "./dom.js";
import * as api from "./api.js";

/** A link that opens the rule (a real link too: the API answer, in a new tab). */
export function ruleLink(game, id) {
  return h(
    "a.rule-link",
    {
      href: `v1/games/${encodeURIComponent(game)}/rules/${encodeURIComponent(id)}`,
      dataset: { rule: id, game },
      title: `rule ${id}: read it`,
      onclick: (event) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey) return; // let the browser open it
        event.preventDefault();
        showRule(game, id);
      },
    },
    id,
  );
}

export async function showRule(game, id) {
  const dialog = byId("rule-dialog");
  fill("rule-body", h("p", {}, `Loading ${id}…`));
  if (!dialog.open) dialog.showModal();
  try {
    const r = await api.rule(game, id);
    fill(
      "rule-body",
      h("h2", {}, r.title, " ", h("code", {}, r.id)),
      h("p.statement", {}, r.statement),
      h("p.meta", {}, `Level: ${r.level}`, r.options?.length ? ` · options: ${r.options.join(", ")}` : ""),
      r.ruling ? h("p", {}, h("strong", {}, "Ruling: "), r.ruling) : null,
      r.not_adjudicated ? h("p", {}, h("strong", {}, "Not adjudicated: "), r.not_adjudicated) : null,
      r.sources?.length ? [h("h3", {}, "From the rule document"), h("ul", {}, r.sources.map((s) => h("li", {}, s)))] : null,
      r.reason_codes?.length
        ? [h("h3", {}, "Reason codes"), h("ul.codes", {}, r.reason_codes.map((c) => h("li", {}, h("code", {}, c.code), " ", c.template)))]
        : null,
    );
  } catch (error) {
    fill("rule-body", h("p.error", {}, `Could not load rule ${id}: ${error.message}`));
  }
}
