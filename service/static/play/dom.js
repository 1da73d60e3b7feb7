// Tiny DOM helpers: the page builds its elements with h() instead of a framework.

/** h("button.primary", {onclick, title}, "text", child, ...): an element with classes, attributes
 * (on* keys become listeners, `dataset` an object, false/null values are left out) and children
 * (strings become text nodes; arrays are flattened; null/false are skipped). */
export function h(spec, attrs = {}, ...children) {
  const [tag, ...classes] = spec.split(".");
  const el = document.createElement(tag || "div");
  if (classes.length) el.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "class") el.className += (el.className ? " " : "") + value;
    else if (key in el && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replace every child of `el` (an element or its id). */
export function fill(el, ...children) {
  const target = typeof el === "string" ? byId(el) : el;
  target.replaceChildren();
  return append(target, children);
}

export const byId = (id) => document.getElementById(id);

/** JSON pretty-printed for a <pre>. */
export const pretty = (value) => JSON.stringify(value, null, 2);

/** Offer `value` as a JSON file download (export): no request leaves the page. */
export function download(name, value) {
  const blob = new Blob([pretty(value) + "\n"], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = h("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
