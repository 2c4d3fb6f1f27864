/// The fixed part of `graph --format html`: its style and its script, around the data.
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
      <input id="search" type="search" placeholder="Find a member or component" autocomplete="off">
    </header>
    <main>
      <section id="tree" aria-label="Component tree"></section>
      <nav id="index" aria-label="Every member"></nav>
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
    """

  private static let script = """
    (function () {
      "use strict";
      var data = JSON.parse(document.getElementById("napkin-data").textContent);
      var byName = {};
      data.components.forEach(function (c) { byName[c.name] = c; });
      var nodesByName = {};

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
        box.appendChild(head);
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

      var index = document.getElementById("index");
      index.appendChild(el("h2", "", "Members"));
      var entries = [];
      data.components.forEach(function (c) {
        c.groups.forEach(function (g) {
          g.members.forEach(function (m) {
            entries.push({ member: m.name, component: c.name, kind: g.kind });
          });
        });
      });
      entries.sort(function (a, b) {
        return a.member < b.member ? -1 : a.member > b.member ? 1 :
          (a.component < b.component ? -1 : 1);
      });
      entries.forEach(function (entry) {
        var link = el("a");
        link.href = "#";
        link.appendChild(document.createTextNode(entry.member + " "));
        link.appendChild(el("span", "", entry.component + ", " + entry.kind));
        link.addEventListener("click", function (event) {
          event.preventDefault();
          reveal(entry.component, entry.member);
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

      document.documentElement.setAttribute("data-rendered", String(data.components.length));
    })();
    """
}
