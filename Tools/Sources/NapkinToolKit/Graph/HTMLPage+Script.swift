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
      var data = JSON.parse(document.getElementById("napkin-data").textContent);
      // Maps without a prototype: a name such as `__proto__` from the sources or a snapshot is a
      // key like any other.
      var byName = Object.create(null);
      data.components.forEach(function (c) { byName[c.name] = c; });
      var nodesByName = Object.create(null);

      function el(tag, className, text) {
        var e = document.createElement(tag);
        if (className) { e.className = className; }
        if (text !== undefined) { e.textContent = text; }
        return e;
      }

      function card(component, via, note) {
        var box = el("div", "node");
        box.setAttribute("data-component", component.name);
        if (component.orphan) { box.classList.add("orphan"); }
        if (component.findings.length) { box.classList.add("flagged"); }
        var head = el("div");
        head.appendChild(el("span", "name", component.name));
        if (via) { head.appendChild(el("span", "via", "via " + via)); }
        if (component.findings.length) {
          var n = component.findings.length;
          head.appendChild(el("span", "badge", n + (n === 1 ? " finding" : " findings")));
        }
        // Filled by a snapshot; empty (and hidden) without one.
        head.appendChild(el("span", "state"));
        box.appendChild(head);
        box.appendChild(el("div", "detached-note"));
        box.appendChild(el("div", "where", component.location));
        if (component.orphan) { box.appendChild(el("div", "note", "orphan: " + component.orphan)); }
        if (note) { box.appendChild(el("div", "note", note)); }
        component.groups.forEach(function (group) {
          var row = el("div", "group kind-" + group.kind);
          row.appendChild(el("span", "kind", group.kind));
          // The chips wrap inside their own column, never under the label.
          var members = el("span", "members");
          row.appendChild(members);
          group.members.forEach(function (member) {
            var chip = el("span", "member");
            chip.setAttribute("data-member", member.name);
            chip.title = member.location;
            chip.appendChild(el("span", "", member.name));
            chip.appendChild(el("span", "where", member.location.split("/").pop()));
            chip.appendChild(el("span", "built-mark"));
            chip.appendChild(el("span", "built-description"));
            chip.addEventListener("click", function () {
              showWhy(component.name, member, chip);
            });
            members.appendChild(chip);
          });
          box.appendChild(row);
        });
        if (component.findings.length) {
          var list = el("ul", "findings");
          component.findings.forEach(function (f) {
            list.appendChild(el("li", "", f.rule + ": " + f.message + " (" + f.location + ")"));
          });
          box.appendChild(list);
        }
        (nodesByName[component.name] = nodesByName[component.name] || []).push(box);
        return box;
      }

      // Drawn with a stack, never by recursion, and each component once, at its first place;
      // a branch deeper than 64 levels goes on as a tree of its own below, as the text graph
      // does: the page grows with the tree, whatever its depth or its shared children.
      var maximumIndentedDepth = 64;
      var drawn = Object.create(null);
      var continued = [];

      function drawTree(name, via, note, container) {
        var top = el("li");
        container.appendChild(top);
        var component = byName[name];
        if (!component) { return; }
        drawn[name] = true;
        top.appendChild(card(component, via, note));
        var path = Object.create(null);
        path[name] = true;
        var stack = [{ component: component, item: top, list: null, next: 0, depth: 0 }];
        while (stack.length) {
          var frame = stack[stack.length - 1];
          if (frame.next >= frame.component.children.length) {
            delete path[frame.component.name];
            stack.pop();
            continue;
          }
          var edge = frame.component.children[frame.next];
          frame.next += 1;
          if (!frame.list) {
            frame.list = el("ul", "level");
            frame.item.appendChild(frame.list);
          }
          var item = el("li");
          frame.list.appendChild(item);
          var child = byName[edge.name];
          if (!child) { continue; }
          var label = edge.name + " via " + edge.via;
          if (path[edge.name]) {
            item.appendChild(el("span", "cycle", label + " (cycle)"));
            continue;
          }
          if (drawn[edge.name]) {
            item.appendChild(el("span", "note", label + " (drawn once, at its first place)"));
            continue;
          }
          drawn[edge.name] = true;
          if (frame.depth + 1 >= maximumIndentedDepth) {
            item.appendChild(el("span", "note", label + " (continued below)"));
            continued.push({ name: edge.name, via: edge.via,
              note: "continued from " + frame.component.name });
            continue;
          }
          item.appendChild(card(child, edge.via));
          path[edge.name] = true;
          stack.push({ component: child, item: item, list: null, next: 0, depth: frame.depth + 1 });
        }
      }

      document.getElementById("title").textContent = data.title;
      var tree = document.getElementById("tree");
      if (data.problems.length) {
        var problems = el("div", "problems");
        data.problems.forEach(function (p) { problems.appendChild(el("div", "", p)); });
        tree.appendChild(problems);
      }
      // Napkins a snapshot names whose component the sources do not declare.
      var extra = el("div", "extra");
      tree.appendChild(extra);
      var roots = el("ul", "level roots");
      data.roots.forEach(function (name) {
        if (!drawn[name]) { drawTree(name, "", "", roots); }
      });
      for (var next = 0; next < continued.length; next++) {
        drawTree(continued[next].name, continued[next].via, continued[next].note, roots);
      }
      tree.appendChild(roots);

      // Each component's members by name (the first of a name, as `napkin why` reads it).
      var memberIndex = Object.create(null);
      data.components.forEach(function (c) {
        var members = memberIndex[c.name] || (memberIndex[c.name] = Object.create(null));
        c.groups.forEach(function (g) {
          g.members.forEach(function (m) { if (!members[m.name]) { members[m.name] = m; } });
        });
      });

      // `napkin why MEMBER --in COMPONENT`, as MemberOrigin answers it, from the one step each
      // way that every member carries: up through the pass-throughs, down through the readers.
      function answer(componentName, member) {
        var chain = [];
        var visited = Object.create(null);
        var name = componentName;
        var step = member;
        var entry = member;
        while (!visited[name]) {
          visited[name] = true;
          var first = step === member;
          chain.push({ component: name, member: first ? member.name : step.member,
            location: first ? member.position : step.location, what: step.what,
            reads: step.reads });
          if (step.reads === undefined || !entry || !entry.from) { break; }
          step = entry.from;
          name = step.component;
          entry = memberIndex[name] && memberIndex[name][step.member];
        }
        var last = chain[chain.length - 1];
        var readers = [];
        var seen = Object.create(null);
        seen[componentName] = true;
        var pending = [[componentName, member.name]];
        while (pending.length) {
          var item = pending.pop();
          var source = memberIndex[item[0]] && memberIndex[item[0]][item[1]];
          if (!source) { continue; }
          source.readers.forEach(function (reader) {
            if (seen[reader.component]) { return; }
            seen[reader.component] = true;
            readers.push(reader);
            reader.passes.forEach(function (pass) { pending.push([reader.component, pass]); });
          });
        }
        readers.sort(function (a, b) {
          return a.component < b.component ? -1 : a.component > b.component ? 1 : 0;
        });
        return { holder: componentName, chain: chain, readers: readers,
          unresolved: last && last.reads !== undefined ? last.reads : undefined };
      }

      function reveal(name, member) {
        clearHits();
        (nodesByName[name] || []).forEach(function (box, i) {
          var target = box;
          if (member) {
            target = box.querySelector('[data-member="' + CSS.escape(member) + '"]') || box;
          }
          target.classList.add("hit");
          if (i === 0) { target.scrollIntoView({ block: "center", behavior: "smooth" }); }
        });
      }

      function clearHits() {
        document.querySelectorAll(".hit").forEach(function (e) { e.classList.remove("hit"); });
      }

      // `napkin why MEMBER --in COMPONENT`, as that command prints it, from the embedded answer.
      function showWhy(componentName, member, chip) {
        var why = answer(componentName, member);
        document.querySelectorAll(".member.selected").forEach(function (e) {
          e.classList.remove("selected");
        });
        if (chip) { chip.classList.add("selected"); }
        document.getElementById("why-title").textContent =
          "Why " + componentName + "." + member.name;
        var lines = document.getElementById("why-lines");
        lines.textContent = "";
        function line(text) { lines.appendChild(el("div", "why-line", text)); }
        // A step's text is `napkin why`'s line; its place is drawn on a row of its own.
        function stepLine(parts) {
          var row = el("div", "why-line");
          parts.forEach(function (part) { row.appendChild(el("span", part[0], part[1])); });
          lines.appendChild(row);
        }
        why.chain.forEach(function (step, i) {
          stepLine([
            ["why-step", (i === 0 ? "" : "  from ") + step.component + "." + step.member],
            ["why-gap", "  "], ["why-where", step.location], ["why-gap", "  "],
            ["why-what", step.what]
          ]);
        });
        if (why.unresolved && why.chain.length) {
          line("  no parent of " + why.chain[why.chain.length - 1].component + " has `" +
            why.unresolved + "`: napkin lint reports it");
        }
        if (!why.readers.length) {
          line("  read below " + why.holder + " by no component");
        } else {
          line("  read below " + why.holder + " by:");
          why.readers.forEach(function (r) {
            stepLine([
              ["why-step", "    " + r.component], ["why-gap", "  "], ["why-where", r.location]
            ]);
          });
        }
        document.getElementById("why").hidden = false;
      }

      var index = document.getElementById("index");
      index.appendChild(el("h2", "", "Members"));
      var entries = [];
      data.components.forEach(function (c) {
        c.groups.forEach(function (g) {
          g.members.forEach(function (m) {
            entries.push({ member: m, component: c.name, kind: g.kind });
          });
        });
      });
      entries.sort(function (a, b) {
        return a.member.name < b.member.name ? -1 : a.member.name > b.member.name ? 1 :
          (a.component < b.component ? -1 : 1);
      });
      entries.forEach(function (entry) {
        var link = el("a");
        link.href = "#";
        link.appendChild(document.createTextNode(entry.member.name + " "));
        link.appendChild(el("span", "", entry.component + ", " + entry.kind));
        link.addEventListener("click", function (event) {
          event.preventDefault();
          reveal(entry.component, entry.member.name);
          var box = (nodesByName[entry.component] || [])[0];
          var chip = box && box.querySelector('[data-member="' + CSS.escape(entry.member.name) + '"]');
          showWhy(entry.component, entry.member, chip);
        });
        index.appendChild(link);
      });

      document.getElementById("search").addEventListener("input", function (event) {
        var query = event.target.value.trim().toLowerCase();
        clearHits();
        if (!query) { return; }
        var first = null;
        document.querySelectorAll("[data-component], [data-member]").forEach(function (e) {
          var name = (e.getAttribute("data-member") || e.getAttribute("data-component"));
          if (name.toLowerCase().indexOf(query) >= 0) {
            e.classList.add("hit");
            first = first || e;
          }
        });
        if (first) { first.scrollIntoView({ block: "center" }); }
      });


    """#
}
