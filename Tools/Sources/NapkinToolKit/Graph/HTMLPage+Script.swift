extension HTMLPage {
  /// The page's script: the tree drawn from the embedded data, the search box, the member index
  /// and `napkin why` on click, followed by ``snapshotScript``, which shares its scope.
  static let script = treeScript + snapshotScript

  /// Draws the tree and wires the search, the index and the why panel; opens the script's one
  /// function, which ``snapshotScript`` closes.
  /// Raw, so that the script's backslashes reach the page as written.
  private static let treeScript = #"""
    (function () {
      "use strict";
      const data = JSON.parse(document.getElementById("napkin-data").textContent);
      // Maps without a prototype: a name such as `__proto__` from the sources or a snapshot is a
      // key like any other.
      const byName = Object.create(null);
      data.components.forEach((c) => { byName[c.name] = c; });
      const nodesByName = Object.create(null);
      // Code-unit order, as Swift sorts the names `napkin why` prints.
      const order = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

      // An element holding `text`, or the `children` given after it (text stays text).
      function el(tag, className, text, ...children) {
        const e = document.createElement(tag);
        if (className) { e.className = className; }
        if (text !== undefined) { e.textContent = text; }
        e.append(...children);
        return e;
      }

      function card(component, via, note) {
        const n = component.findings.length;
        const box = el("div", "node" + (component.orphan ? " orphan" : "") + (n ? " flagged" : ""));
        box.setAttribute("data-component", component.name);
        // The state badge is filled by a snapshot; empty (and hidden) without one.
        box.append(el("div", "", undefined, el("span", "name", component.name),
          ...(via ? [el("span", "via", "via " + via)] : []),
          ...(n ? [el("span", "badge", n + (n === 1 ? " finding" : " findings"))] : []),
          el("span", "state")));
        box.append(el("div", "detached-note"), el("div", "where", component.location));
        if (component.orphan) { box.append(el("div", "note", "orphan: " + component.orphan)); }
        if (note) { box.append(el("div", "note", note)); }
        component.groups.forEach((group) => {
          // The chips wrap inside their own column, never under the label.
          const members = el("span", "members");
          box.append(el("div", "group kind-" + group.kind, undefined,
            el("span", "kind", group.kind), members));
          group.members.forEach((member) => {
            const chip = el("span", "member", undefined, el("span", "", member.name),
              el("span", "where", member.location.split("/").pop()), el("span", "built-mark"),
              el("span", "built-description"));
            chip.setAttribute("data-member", member.name);
            chip.title = member.location;
            chip.addEventListener("click", () => showWhy(component.name, member, chip));
            members.append(chip);
          });
        });
        if (n) {
          box.append(el("ul", "findings", undefined, ...component.findings.map((f) =>
            el("li", "", f.rule + ": " + f.message + " (" + f.location + ")"))));
        }
        (nodesByName[component.name] ??= []).push(box);
        return box;
      }

      // As the text graph: a stack, never recursion, each component once, at its first place, a
      // branch deeper than 64 levels as a tree of its own below; the page grows with the tree.
      const maximumIndentedDepth = 64;
      const drawn = Object.create(null);
      const continued = [];

      function drawTree(name, via, note, container) {
        const top = container.appendChild(el("li"));
        const component = byName[name];
        if (!component) { return; }
        drawn[name] = true;
        top.append(card(component, via, note));
        const path = Object.create(null);
        path[name] = true;
        const stack = [{ component: component, item: top, list: null, next: 0, depth: 0 }];
        while (stack.length) {
          const frame = stack[stack.length - 1];
          if (frame.next >= frame.component.children.length) {
            delete path[frame.component.name];
            stack.pop();
            continue;
          }
          const edge = frame.component.children[frame.next++];
          frame.list ??= frame.item.appendChild(el("ul", "level"));
          const item = frame.list.appendChild(el("li"));
          const child = byName[edge.name];
          if (!child) { continue; }
          const label = edge.name + " via " + edge.via;
          if (path[edge.name]) {
            item.append(el("span", "cycle", label + " (cycle)"));
          } else if (drawn[edge.name]) {
            item.append(el("span", "note", label + " (drawn once, at its first place)"));
          } else if (frame.depth + 1 >= maximumIndentedDepth) {
            drawn[edge.name] = true;
            item.append(el("span", "note", label + " (continued below)"));
            continued.push([edge.name, edge.via, "continued from " + frame.component.name]);
          } else {
            drawn[edge.name] = true;
            item.append(card(child, edge.via));
            path[edge.name] = true;
            stack.push({ component: child, item: item, list: null, next: 0, depth: frame.depth + 1 });
          }
        }
      }

      document.getElementById("title").textContent = data.title;
      const tree = document.getElementById("tree");
      if (data.problems.length) {
        tree.append(el("div", "problems", undefined, ...data.problems.map((p) => el("div", "", p))));
      }
      // Napkins a snapshot names whose component the sources do not declare.
      const extra = el("div", "extra");
      const roots = el("ul", "level roots");
      tree.append(extra, roots);
      for (const name of data.roots) {
        if (!drawn[name]) { drawTree(name, "", "", roots); }
      }
      for (let next = 0; next < continued.length; next++) { drawTree(...continued[next], roots); }

      // Each component's members by name (the first of a name, as `napkin why` reads it), and
      // every member for the index.
      const memberIndex = Object.create(null);
      const entries = [];
      data.components.forEach((c) => {
        const members = (memberIndex[c.name] ??= Object.create(null));
        c.groups.forEach((g) => g.members.forEach((m) => {
          members[m.name] ??= m;
          entries.push({ member: m, component: c.name, kind: g.kind });
        }));
      });

      const unmark = (mark) =>
        document.querySelectorAll("." + mark).forEach((e) => e.classList.remove(mark));

      // `napkin why MEMBER --in COMPONENT` as it prints, from the one step each way every member
      // carries: up through the pass-throughs, down through the readers.
      function showWhy(holder, member, chip) {
        unmark("selected");
        chip?.classList.add("selected");
        document.getElementById("why-title").textContent = "Why " + holder + "." + member.name;
        const lines = document.getElementById("why-lines");
        lines.textContent = "";
        // A line of parts, each `[class, text]`: a step's text is `napkin why`'s line, and its
        // place is drawn on a row of its own.
        const line = (...parts) => lines.append(el("div", "why-line", undefined,
          ...parts.map((part) => el("span", part[0], part[1]))));
        let step = { component: holder, member: member.name, location: member.position,
          what: member.what, reads: member.reads };
        let entry = member;
        const visited = Object.create(null);
        for (let lead = ""; ; lead = "  from ") {
          visited[step.component] = true;
          line(["why-step", lead + step.component + "." + step.member], ["why-gap", "  "],
            ["why-where", step.location], ["why-gap", "  "], ["why-what", step.what]);
          const from = step.reads === undefined ? undefined : entry?.from;
          if (!from || visited[from.component]) { break; }
          step = from;
          entry = memberIndex[step.component]?.[step.member];
        }
        if (step.reads) {
          lines.append(el("div", "why-line", "  no parent of " + step.component + " has `" +
            step.reads + "`: napkin lint reports it"));
        }
        const readers = [];
        const seen = Object.create(null);
        seen[holder] = true;
        const pending = [[holder, member.name]];
        while (pending.length) {
          const [name, read] = pending.pop();
          for (const reader of memberIndex[name]?.[read]?.readers ?? []) {
            if (seen[reader.component]) { continue; }
            seen[reader.component] = true;
            readers.push(reader);
            reader.passes.forEach((pass) => pending.push([reader.component, pass]));
          }
        }
        readers.sort((a, b) => order(a.component, b.component));
        lines.append(el("div", "why-line",
          "  read below " + holder + " by" + (readers.length ? ":" : " no component")));
        readers.forEach((r) => line(["why-step", "    " + r.component], ["why-gap", "  "],
          ["why-where", r.location]));
        document.getElementById("why").hidden = false;
      }

      const index = document.getElementById("index");
      index.append(el("h2", "", "Members"));
      entries.sort((a, b) => order(a.member.name, b.member.name) || order(a.component, b.component));
      entries.forEach((entry) => {
        const link = el("a", "", undefined, entry.member.name + " ",
          el("span", "", entry.component + ", " + entry.kind));
        link.href = "#";
        link.addEventListener("click", (event) => {
          event.preventDefault();
          unmark("hit");
          const boxes = nodesByName[entry.component] ?? [];
          const selector = '[data-member="' + CSS.escape(entry.member.name) + '"]';
          boxes.forEach((box, i) => {
            const target = box.querySelector(selector) ?? box;
            target.classList.add("hit");
            if (i === 0) { target.scrollIntoView({ block: "center", behavior: "smooth" }); }
          });
          showWhy(entry.component, entry.member, boxes[0]?.querySelector(selector));
        });
        index.append(link);
      });

      document.getElementById("search").addEventListener("input", (event) => {
        const query = event.target.value.trim().toLowerCase();
        unmark("hit");
        if (!query) { return; }
        const hits = [...document.querySelectorAll("[data-component], [data-member]")].filter((e) =>
          (e.getAttribute("data-member") || e.getAttribute("data-component")).toLowerCase()
            .includes(query));
        hits.forEach((e) => e.classList.add("hit"));
        hits[0]?.scrollIntoView({ block: "center" });
      });


    """#
}
