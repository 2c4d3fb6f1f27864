/// The fixed part of `graph --format html`: its style and its script, around the data.
///
/// The script sets text only (`textContent`, `setAttribute` on fixed attribute names): names from
/// the sources and everything a tree snapshot says, embedded or fetched live, stay text.
enum HTMLPage {
  static func text(title: String, data: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(escaped(title))</title>
    <script>
    // First, so that an error anywhere later is recorded where a checker can read it.
    window.napkinErrors = [];
    window.addEventListener("error", function (event) {
      window.napkinErrors.push(String(event.message));
      document.documentElement.setAttribute("data-script-errors", window.napkinErrors.join(" | "));
    });
    </script>
    <style>
    \(style)
    </style>
    </head>
    <body>
    <header>
      <h1 id="title"></h1>
      <span id="live-status" class="status" hidden></span>
      <input id="search" type="search" placeholder="Find a member or component" autocomplete="off">
    </header>
    <div id="legend" hidden>
      <span class="state state-active">active</span>
      <span class="state state-inactive">attached, inactive</span>
      <span class="state state-live">live, no router</span>
      <span class="state state-absent">not attached</span>
      <span class="state state-detached">detached, still alive</span>
      <span class="built-mark">built</span> a shared instance built
    </div>
    <main>
      <section id="tree" aria-label="Component tree"></section>
      <nav id="index" aria-label="Every member">
        <div id="why" hidden>
          <h2 id="why-title"></h2>
          <div id="why-lines"></div>
        </div>
      </nav>
    </main>
    <script type="application/json" id="napkin-data">
    \(data)
    </script>
    <script>
    \(script)
    </script>
    </body>
    </html>

    """
  }

  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }

  private static let style = """
    body { font: 14px/1.4 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 0;
      color: #1d2430; background: #f6f7f9; }
    header { display: flex; gap: 16px; align-items: center; padding: 12px 20px;
      background: #fff; border-bottom: 1px solid #dde1e6; position: sticky; top: 0; z-index: 2; }
    h1 { font-size: 17px; margin: 0; flex: 1; }
    #search { width: 280px; padding: 6px 10px; border: 1px solid #c4cad3; border-radius: 6px; }
    main { display: flex; gap: 20px; padding: 20px; align-items: flex-start; }
    #tree { flex: 1; overflow-x: auto; }
    #index { width: 260px; background: #fff; border: 1px solid #dde1e6; border-radius: 8px;
      padding: 10px 12px; max-height: 80vh; overflow-y: auto; position: sticky; top: 70px; }
    #index h2 { font-size: 13px; margin: 4px 0 8px; color: #5b6573; }
    #index a { display: block; color: #1d2430; text-decoration: none; padding: 1px 0; }
    #index a:hover { text-decoration: underline; }
    #index a span { color: #7a8494; }
    ul.level { list-style: none; margin: 0; padding-left: 28px; position: relative; }
    ul.roots { padding-left: 0; }
    ul.level > li { position: relative; padding: 8px 0 0 0; }
    ul.level:not(.roots) > li::before { content: ""; position: absolute; left: -16px; top: 0;
      bottom: 0; border-left: 2px solid #c4cad3; }
    ul.level:not(.roots) > li:last-child::before { bottom: auto; height: 30px; }
    ul.level:not(.roots) > li::after { content: ""; position: absolute; left: -16px; top: 30px;
      width: 14px; border-top: 2px solid #c4cad3; }
    .node { display: inline-block; background: #fff; border: 1px solid #c4cad3;
      border-radius: 8px; padding: 8px 12px; min-width: 240px; max-width: 720px;
      box-shadow: 0 1px 2px rgba(0,0,0,.05); }
    .node.orphan { border-style: dashed; }
    .node.flagged { border-color: #d4572a; box-shadow: 0 0 0 2px rgba(212,87,42,.15); }
    .node.hit, .member.hit { background: #fff4c2; }
    .name { font-weight: 600; font-size: 15px; }
    .via { color: #3a6fb0; font-size: 12px; margin-left: 6px; }
    .where { color: #7a8494; font-size: 11px; font-family: ui-monospace, Menlo, monospace; }
    .badge { display: inline-block; background: #d4572a; color: #fff; border-radius: 9px;
      font-size: 11px; padding: 0 7px; margin-left: 6px; }
    .group { margin-top: 4px; display: flex; align-items: baseline; }
    .kind { flex: 0 0 86px; color: #5b6573; font-size: 12px; }
    .members { flex: 1 1 auto; min-width: 0; }
    .member { display: inline-block; margin: 1px 8px 1px 0; padding: 0 4px; border-radius: 4px;
      cursor: pointer; }
    .member .where { margin-left: 3px; }
    .kind-shared .member { background: #e6f2e6; }
    .kind-per-key .member, .kind-stores .member { background: #e8eefa; }
    .kind-fresh .member, .kind-builders .member { background: #f1eefa; }
    .kind-pass-through .member, .kind-reads .member { background: #f2f2f2; }
    .findings { margin: 6px 0 0; padding-left: 18px; color: #8a3413; font-size: 12px; }
    .note { color: #7a8494; font-size: 12px; }
    .cycle { color: #8a3413; font-size: 12px; }
    .problems { background: #fff1ec; border: 1px solid #e8b7a4; border-radius: 8px;
      padding: 8px 12px; margin-bottom: 12px; font-size: 12px; }
    .status { font-size: 12px; color: #5b6573; }
    .status.failed { color: #b3261e; font-weight: 600; }
    #legend { padding: 6px 20px; background: #fff; border-bottom: 1px solid #dde1e6;
      font-size: 12px; color: #5b6573; }
    .state { display: inline-block; border-radius: 9px; font-size: 11px; padding: 0 7px;
      margin-left: 6px; border: 1px solid transparent; }
    .state:empty { display: none; }
    .state-active { background: #dff3e4; color: #1e6b38; border-color: #2e8b57; }
    .state-inactive { background: #fff6d6; color: #7a5c00; border-color: #c9a227; }
    .state-live { background: #e6eefb; color: #24508f; border-color: #3a6fb0; }
    .state-absent { background: #f2f2f2; color: #7a8494; border-color: #c4cad3; }
    .state-detached { background: #fdecec; color: #b3261e; border-color: #c62828; }
    .node[data-state="active"] { border-color: #2e8b57;
      box-shadow: 0 0 0 2px rgba(46,139,87,.25); }
    .node[data-state="inactive"] { border-color: #c9a227; border-style: dashed; }
    .node[data-state="live"] { border-color: #3a6fb0; }
    .node[data-state="absent"] { opacity: .45; }
    .node[data-state="detached"] { border-color: #c62828; background: #fdecec; }
    .detached-note { color: #b3261e; font-size: 12px; font-weight: 600; }
    .detached-note:empty { display: none; }
    .member.built { box-shadow: inset 0 0 0 1px #2e8b57; }
    .built-mark { display: inline-block; background: #2e8b57; color: #fff; border-radius: 4px;
      font-size: 10px; padding: 0 4px; margin-left: 4px; }
    .built-mark:empty, .built-description:empty { display: none; }
    .built-description { color: #1e6b38; font-size: 11px; margin-left: 3px; }
    .member.selected { outline: 2px solid #3a6fb0; }
    #why { border-bottom: 1px solid #dde1e6; margin-bottom: 8px; padding-bottom: 8px; }
    #why-lines { font: 11px/1.5 ui-monospace, Menlo, monospace; white-space: pre-wrap;
      overflow-wrap: anywhere; }
    .why-line { display: flex; flex-wrap: wrap; margin-bottom: 2px; }
    .why-gap { display: none; }
    .why-what { color: #24508f; margin-left: 1ch; }
    .why-where { order: 3; flex-basis: 100%; color: #7a8494; font-size: 10px;
      padding-left: 4ch; }
    .extra { color: #b3261e; font-size: 12px; margin-bottom: 8px; }
    .extra:empty { display: none; }
    """

  // Raw, so that the script's backslashes reach the page as written.
  private static let script = #"""
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

      function card(component, via) {
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

      function branch(name, via, path) {
        var item = el("li");
        var component = byName[name];
        if (!component) { return item; }
        if (path.indexOf(name) >= 0) {
          item.appendChild(el("span", "cycle", name + " via " + via + " (cycle)"));
          return item;
        }
        item.appendChild(card(component, via));
        if (component.children.length) {
          var list = el("ul", "level");
          var next = path.concat([name]);
          component.children.forEach(function (child) {
            list.appendChild(branch(child.name, child.via, next));
          });
          item.appendChild(list);
        }
        return item;
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
      data.roots.forEach(function (name) { roots.appendChild(branch(name, "", [])); });
      tree.appendChild(roots);

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
        var why = member.why;
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

      // MARK: The state of a running app (Schema/napkin.schema.json, "kind": "tree-snapshot")

      function text(value) { return value === undefined || value === null ? "" : String(value); }
      function list(value) { return Array.isArray(value) ? value : []; }

      // What the snapshot says of each component, by name: a snapshot napkin's `component.name`
      // is the graph's component name; without one, its router's name plus `Component`.
      function collect(snapshot) {
        var state = Object.create(null);
        var napkins = { attached: 0, active: 0, detached: 0 };
        function entry(name) {
          return state[name] || (state[name] = {
            attached: 0, active: 0, ancestor: false, detached: [], shared: Object.create(null)
          });
        }
        function componentName(napkin) {
          return napkin.component && napkin.component.name !== undefined ?
            text(napkin.component.name) : text(napkin.name) + "Component";
        }
        function addShared(e, component) {
          if (!component) { return; }
          list(component.shared).forEach(function (instance) {
            if (!instance) { return; }
            var name = text(instance.name);
            var built = e.shared[name] || (e.shared[name] = { count: 0, types: [], descriptions: [] });
            var count = Number(instance.count);
            built.count += isFinite(count) && count > 0 ? count : 1;
            if (instance.type !== undefined) { built.types.push(text(instance.type)); }
            if (instance.description !== undefined) {
              built.descriptions.push(text(instance.description));
            }
          });
        }
        // Bounded depth: a snapshot fetched live is data from outside the page.
        function attached(napkin, depth) {
          if (!napkin || typeof napkin !== "object" || depth > 2000) { return; }
          var e = entry(componentName(napkin));
          e.attached += 1;
          napkins.attached += 1;
          if (napkin.active === true) { e.active += 1; napkins.active += 1; }
          addShared(e, napkin.component);
          list(napkin.children).forEach(function (child) { attached(child, depth + 1); });
        }
        function detached(napkin, seconds, depth) {
          if (!napkin || typeof napkin !== "object" || depth > 2000) { return; }
          entry(componentName(napkin)).detached.push(seconds);
          napkins.detached += 1;
          list(napkin.children).forEach(function (child) { detached(child, seconds, depth + 1); });
        }
        attached(snapshot.root, 0);
        list(snapshot.ancestorComponents).forEach(function (component) {
          if (!component) { return; }
          var e = entry(text(component.name));
          e.ancestor = true;
          addShared(e, component);
        });
        list(snapshot.detached).forEach(function (item) {
          if (!item) { return; }
          var seconds = Number(item.secondsSinceDetach);
          detached(item.napkin, isFinite(seconds) ? seconds : 0, 0);
        });
        return { components: state, napkins: napkins };
      }

      function age(seconds) {
        return seconds < 10 ? seconds.toFixed(1) + " s" : Math.round(seconds) + " s";
      }

      function mark(box, e) {
        var state = "absent", label = "not attached";
        if (e && e.attached) {
          state = e.active ? "active" : "inactive";
          if (e.attached === 1) {
            label = e.active ? "active" : "attached, inactive";
          } else {
            label = e.attached + " attached, " + e.active + " active";
          }
        } else if (e && e.ancestor) {
          state = "live"; label = "live, no router";
        } else if (e && e.detached.length) {
          state = "detached"; label = "detached, still alive";
        }
        box.setAttribute("data-state", state);
        box.setAttribute("data-attached", String(e ? e.attached : 0));
        box.setAttribute("data-active", String(e ? e.active : 0));
        box.setAttribute("data-detached", String(e ? e.detached.length : 0));
        var badge = box.querySelector(".state");
        badge.className = "state state-" + state;
        badge.textContent = label;
        box.querySelector(".detached-note").textContent = e && e.detached.length ?
          e.detached.map(function (s) { return "detached " + age(s) + " ago, still alive"; })
            .join("; ") : "";
        box.querySelectorAll(".member").forEach(function (chip) {
          var name = chip.getAttribute("data-member");
          var built = e ? e.shared[name] : undefined;
          var where = chip.title.split(String.fromCharCode(10))[0];
          chip.classList.toggle("built", !!built);
          if (built) {
            chip.setAttribute("data-built", String(built.count));
            chip.querySelector(".built-mark").textContent =
              built.count > 1 ? "built \u00d7" + built.count : "built";
            var description = built.descriptions.join("; ");
            chip.querySelector(".built-description").textContent =
              description.length > 80 ? description.slice(0, 79) + "\u2026" : description;
            chip.title = where + String.fromCharCode(10) + "built: " + built.types.join(", ") +
              (description ? " (" + description + ")" : "");
          } else {
            chip.removeAttribute("data-built");
            chip.querySelector(".built-mark").textContent = "";
            chip.querySelector(".built-description").textContent = "";
            chip.title = where;
          }
        });
      }

      // Marks the tree in place: nothing is rebuilt, so the scroll position, the search box and its
      // highlights, and the why panel stay as they are.
      function applySnapshot(snapshot) {
        var seen = collect(snapshot);
        Object.keys(nodesByName).forEach(function (name) {
          nodesByName[name].forEach(function (box) { mark(box, seen.components[name]); });
        });
        var unknown = Object.keys(seen.components).filter(function (name) {
          return !byName[name];
        }).sort();
        extra.textContent = unknown.length ?
          "In the snapshot but not in the sources: " + unknown.join(", ") : "";
        document.getElementById("legend").hidden = false;
        document.documentElement.setAttribute("data-snapshot-napkins", String(seen.napkins.attached));
        var n = seen.napkins;
        return n.attached + " attached (" + n.active + " active), " + n.detached +
          " detached but alive";
      }

      // A document this page can draw, or why not.
      function refusal(snapshot) {
        if (!snapshot || typeof snapshot !== "object" || Array.isArray(snapshot)) {
          return "not a JSON object";
        }
        if (snapshot.kind !== "tree-snapshot") {
          return "kind " + JSON.stringify(snapshot.kind) + ", not \"tree-snapshot\"";
        }
        if (snapshot.schema !== 1) {
          return "schema " + JSON.stringify(snapshot.schema) + "; this page reads schema 1";
        }
        if (!snapshot.root || typeof snapshot.root !== "object") { return "no root napkin"; }
        return null;
      }

      var status = document.getElementById("live-status");
      function say(message, failed) {
        status.hidden = false;
        status.textContent = message;
        status.classList.toggle("failed", !!failed);
      }

      if (data.snapshot) { say("snapshot: " + applySnapshot(data.snapshot)); }

      // `?live=tree.json`: the snapshot read again every second, beside the page only.
      var live = new URLSearchParams(window.location.search).get("live");
      if (live !== null) { startLive(live); }

      function startLive(path) {
        var url;
        try { url = new URL(path, window.location.href); } catch (error) { url = null; }
        if (!url || url.protocol !== window.location.protocol ||
          url.host !== window.location.host) {
          say("live: " + path + " is not beside the page; give a relative path such as tree.json",
            true);
          return;
        }
        var reads = 0, updates = 0, failures = 0;
        function failed(reason) {
          say("live: cannot read " + path + " (" + reason + "); trying again every second", true);
          document.documentElement.setAttribute("data-live-failures", String(++failures));
        }
        function poll() {
          var request = new XMLHttpRequest();
          request.open("GET", url.href);
          request.timeout = 5000;
          // A static server sends Last-Modified, which a browser may cache: always ask again.
          if (url.protocol !== "file:") { request.setRequestHeader("Cache-Control", "no-cache"); }
          request.onload = function () {
            var ok = request.status === 200 || (request.status === 0 && url.protocol === "file:");
            if (!ok) { failed("HTTP " + request.status); return; }
            var snapshot;
            try { snapshot = JSON.parse(request.responseText); } catch (error) {
              failed("not JSON: " + error.message);
              return;
            }
            var why = refusal(snapshot);
            if (why) { failed(why); return; }
            var summary = applySnapshot(snapshot);
            say("live: " + path + ", " + summary + ", read " + new Date().toLocaleTimeString());
            document.documentElement.setAttribute("data-live-updates", String(++updates));
          };
          request.onerror = function () { failed("network error"); };
          request.ontimeout = function () { failed("no answer in 5 s"); };
          request.onloadend = function () {
            document.documentElement.setAttribute("data-live-reads", String(++reads));
            window.setTimeout(poll, 1000);
          };
          request.send();
        }
        say("live: reading " + path);
        poll();
      }

      // For a checker (and the curious): marks the tree with a snapshot object, as a live read does.
      window.napkinApplySnapshot = function (snapshot) {
        var why = refusal(snapshot);
        if (why) { throw new Error(why); }
        return applySnapshot(snapshot);
      };

      document.documentElement.setAttribute("data-rendered", String(data.components.length));
    })();
    """#
}
