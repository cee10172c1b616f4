// Stepping through a finished table: buttons, the keyboard (← and →), the slider and the seat
// tabs. Each step comes from the server as JSON and is put in as text (never as HTML).
"use strict";
(function () {
  const root = document.getElementById("replay");
  if (!root) { return; }
  const base = root.dataset.base;
  const lang = root.dataset.lang;
  const steps = Number(root.dataset.steps);
  let step = Number(root.dataset.step);
  let seat = Number(root.dataset.seat);
  let data = null;
  const tags = { b: "strong", i: "em", u: "u", s: "s", code: "code", block: "pre" };

  function byId(id) { return document.getElementById(id); }

  // Runs of text ([text, styles, kind]; web/text.py): each run's characters as text, inside
  // the elements its styles name, a name someone chose isolated (bdi) from the text around it.
  function text(el, runs) {
    el.replaceChildren();
    for (const [part, style, kind] of runs) {
      let inner;
      if (kind === "name") {
        inner = document.createElement("bdi");
        inner.className = "name";
        inner.textContent = part;
      } else {
        inner = document.createTextNode(part);
      }
      for (const one of style.split(" ").filter(Boolean).reverse()) {
        if (!tags[one]) { continue; }
        const styled = document.createElement(tags[one]);
        styled.append(inner);
        inner = styled;
      }
      el.append(inner);
    }
    return el;
  }

  function card(box, c, cls) {
    const section = document.createElement("section");
    section.className = "card " + cls;
    if (c.title.length) {
      section.append(text(document.createElement("h3"), c.title));
      section.lastChild.className = "card-title";
    }
    const description = text(document.createElement("div"), c.description);
    description.className = "card-description";
    section.append(description);
    const fields = document.createElement("dl");
    fields.className = "card-fields";
    for (const f of c.fields) {
      fields.append(text(document.createElement("dt"), f.name));
      fields.append(text(document.createElement("dd"), f.value));
    }
    section.append(fields);
    box.replaceChildren(section);
  }

  function lines(list, entries) {
    list.replaceChildren();
    for (const e of entries) {
      const item = document.createElement("li");
      if (e.now) { item.className = "now"; }
      const at = document.createElement("span");
      at.className = "at";
      at.textContent = String(e.step);
      item.append(at, document.createTextNode(" "));
      const words = document.createElement("span");
      item.append(text(words, e.line));
      list.append(item);
    }
    list.scrollTop = list.scrollHeight;
  }

  function address() {
    return "?step=" + step + "&seat=" + seat + "&lang=" + encodeURIComponent(lang);
  }

  function showSeat() {
    if (!data) { return; }
    for (const tab of byId("seat-tabs").querySelectorAll("a")) {
      const mine = Number(tab.dataset.seat) === seat;
      tab.classList.toggle("current", mine);
      tab.href = "?step=" + step + "&seat=" + tab.dataset.seat + "&lang=" + encodeURIComponent(lang);
    }
    const s = data.seats[seat];
    card(byId("panel"), s.panel, "panel");
    lines(byId("private"), s.private);
    history.replaceState(null, "", address());
    // The language switch opens the step and the seat shown, in the other language.
    for (const link of document.querySelectorAll("a.lang-link")) {
      const target = new URL(link.href);
      target.searchParams.set("step", String(data.step));
      target.searchParams.set("seat", String(seat));
      link.href = target.toString();
    }
  }

  function show(d) {
    data = d;
    byId("counter").textContent = byId("counter-template").textContent
      .replace("{step}", String(d.step)).replace("{steps}", String(d.steps));
    byId("actor").textContent = d.actor || byId("setup-text").textContent;
    byId("slider").value = String(d.step);
    const box = byId("picture-box");
    if (d.picture) { byId("picture").src = d.picture; box.hidden = false; } else { box.hidden = true; }
    card(byId("board"), d.board, "board");
    byId("reveal-box").hidden = !d.reveal;
    if (d.reveal) { card(byId("reveal"), d.reveal, "reveal"); }
    lines(byId("log"), d.log);
    byId("first").href = "?step=0&seat=" + seat + "&lang=" + lang;
    byId("prev").href = "?step=" + Math.max(0, d.step - 1) + "&seat=" + seat + "&lang=" + lang;
    byId("next").href = "?step=" + Math.min(steps, d.step + 1) + "&seat=" + seat + "&lang=" + lang;
    byId("last").href = "?step=" + steps + "&seat=" + seat + "&lang=" + lang;
    showSeat();
    root.dataset.step = String(d.step);
  }

  // One step asked for at a time: steps wanted while one is on its way (a held arrow key)
  // fold into the latest, so the page asks no faster than the server answers.
  let loading = false;
  let wanted = null;

  async function load(to) {
    loading = true;
    try {
      const answer = await fetch(base + "/step/" + to + ".json?lang=" + encodeURIComponent(lang));
      if (!answer.ok) { throw new Error(String(answer.status)); }
      const d = await answer.json();
      if (wanted === null) { show(d); }
    } catch (failure) {
      if (wanted === null) { byId("actor").textContent = root.dataset.failed; }
    } finally {
      loading = false;
    }
    if (wanted !== null) {
      const next = wanted;
      wanted = null;
      load(next);
    }
  }

  function go(to) {
    step = Math.max(0, Math.min(steps, to));
    if (loading) { wanted = step; } else { load(step); }
  }

  function click(id, to) {
    byId(id).addEventListener("click", function (event) {
      event.preventDefault();
      go(to());
    });
  }
  click("first", function () { return 0; });
  click("prev", function () { return step - 1; });
  click("next", function () { return step + 1; });
  click("last", function () { return steps; });
  byId("slider").addEventListener("input", function (event) {
    go(Number(event.target.value));
  });
  document.addEventListener("keydown", function (event) {
    // The slider moves itself with the arrow keys (and says so through "input").
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) {
      return;
    }
    if (event.key === "ArrowLeft") { event.preventDefault(); go(step - 1); }
    if (event.key === "ArrowRight") { event.preventDefault(); go(step + 1); }
  });
  byId("seat-tabs").addEventListener("click", function (event) {
    const tab = event.target.closest("a[data-seat]");
    if (!tab) { return; }
    event.preventDefault();
    seat = Number(tab.dataset.seat);
    showSeat();
  });
  go(step);
})();
